// The runtime of a generated plugin: createPlugin(config) compiles the embedded handlers once and
// returns the OpenCode plugin function. Every path is caught: a hook can block a tool on purpose,
// nothing a hook does can crash OpenCode.
import { isDeepStrictEqual } from "node:util";
import type { Hooks, Plugin, PluginInput } from "@opencode-ai/plugin";
import { compileHandlers } from "./compile.js";
import type { PluginConfig } from "./config.js";
import { fireToolEvent, HookBlock } from "./events/define-tool-event.js";
import { TOOL_EVENTS } from "./events/index.js";
import { activeHandlers, LOCAL_HOOKS_FILE, readLocalHooks } from "./local-hooks.js";
import { type OpencodeClient, Runtime } from "./runtime.js";
import { appendModelOutput, replaceModelOutput } from "./substitute.js";

export function createPlugin(config: PluginConfig): Plugin {
  const handlers = compileHandlers(config);
  return async (input: PluginInput): Promise<Hooks> => {
    // The off switch for a session (debugging, or a run that must not execute project hooks).
    if (process.env.HOOKS2OPENCODE_DISABLE === "1") return {};
    const client = input.client as unknown as OpencodeClient;
    let local: PluginConfig | undefined;
    let localError: unknown;
    try {
      if (config.readsLocalHooks) local = readLocalHooks(input.directory);
    } catch (error) {
      localError = error;
    }
    const runtime = new Runtime(input.directory, activeHandlers(config, handlers, local), client, config.generator);
    if (localError) runtime.log("error", `${LOCAL_HOOKS_FILE} ignored: ${String(localError)}`);
    const guard = async (what: string, work: () => Promise<void> | void) => {
      try {
        await work();
      } catch (error) {
        if (error instanceof HookBlock) throw error;
        runtime.log("error", `${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    };
    return {
      config: (cfg) =>
        guard("config", () => {
          runtime.mcpServers = Object.keys((cfg as { mcp?: Record<string, unknown> }).mcp ?? {});
          runtime.permissionMode = (cfg as { permission?: unknown }).permission === "allow" ? "bypassPermissions" : "default";
        }),
      "tool.execute.before": (hook, output) =>
        guard("PreToolUse", async () => {
          runtime.callState(hook.callID);
          const args = (output.args ?? {}) as Record<string, unknown>;
          await fireToolEvent(TOOL_EVENTS.PreToolUse, { runtime, sessionID: hook.sessionID, callID: hook.callID, tool: hook.tool, args, output });
        }),
      "tool.execute.after": (hook, output) =>
        guard("PostToolUse", async () => {
          const state = runtime.peekCallState(hook.callID);
          const result = output as unknown as Record<string, unknown>;
          try {
            if (state?.substitute) replaceModelOutput(result, state.substitute.text);
            const args = (hook.args ?? {}) as Record<string, unknown>;
            if (state?.rewrittenArgs && !isDeepStrictEqual(args, state.rewrittenArgs)) {
              // e.g. another plugin reassigned output.args, so OpenCode ran the original (oh-my-opencode-slim#1038)
              runtime.log("warn", `updatedInput for ${hook.tool} (${hook.callID}) did not reach the tool: OpenCode ran ${JSON.stringify(args)}`);
            }
            await fireToolEvent(TOOL_EVENTS.PostToolUse, { runtime, sessionID: hook.sessionID, callID: hook.callID, tool: hook.tool, args, output: result });
            for (const text of state?.context ?? []) appendModelOutput(result, text);
          } finally {
            runtime.takeCallState(hook.callID);
          }
        }),
      event: ({ event }) => guard("event", () => onEvent(runtime, event as unknown as { type: string; properties?: Record<string, unknown> })),
    };
  };
}

async function onEvent(runtime: Runtime, event: { type: string; properties?: Record<string, unknown> }): Promise<void> {
  if (event.type === "session.created") rememberSubagent(runtime, event.properties?.info);
  if (event.type === "permission.asked") await answerAllowedPermission(runtime, event.properties ?? {});
}

/** Child sessions are subagents; OpenCode titles them "<description> (@<agent> subagent)". */
function rememberSubagent(runtime: Runtime, info: unknown): void {
  const session = info as { id?: string; parentID?: string; title?: string } | undefined;
  if (!session?.id || !session.parentID) return;
  const agentType = /\(@([^)]+) subagent\)\s*$/.exec(session.title ?? "")?.[1] ?? "general";
  runtime.subagents.set(session.id, { agentType });
}

/** A PreToolUse `allow` skips Claude's permission prompt: answer OpenCode's prompt for that call. */
async function answerAllowedPermission(runtime: Runtime, request: Record<string, unknown>): Promise<void> {
  const callID = (request.tool as { callID?: string } | undefined)?.callID;
  if (!callID || !runtime.peekCallState(callID)?.allowed) return;
  runtime.log("info", `PreToolUse hook allowed ${String(request.permission)} for ${callID}; answering the permission prompt`);
  await runtime.client.postSessionIdPermissionsPermissionId?.({
    path: { id: String(request.sessionID), permissionID: String(request.id) },
    body: { response: "once" },
  });
}
