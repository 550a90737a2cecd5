// How `hooks2opencode test` makes each event happen: the OpenCode channel calls that stand for it,
// made on the plugin's own Hooks object (the registry's code, nothing re-implemented), and what the
// calls' outputs show afterwards. One row per event it can fire offline; what OpenCode is asked to
// do besides (a new turn, an abort, a toast, an answer) is recorded by the offline client.
import type { Hooks } from "@opencode-ai/plugin";
import type { EventName } from "../../schema/events.js";
import { HookBlock } from "../../plugin/events/define-event.js";
import { byClaudeName, byOpencodeId, toClaudeInput, toOpencodeArgs } from "../../plugin/tools/table.js";

export interface FireOptions {
  /** A Claude tool name (`Bash`) or an OpenCode tool id (`bash`). */
  tool?: string;
  /** The tool's input, in the form of the name given (Claude's snake_case, or OpenCode's args). */
  input?: Record<string, unknown>;
  /** PostToolUse: the tool's result text. */
  output?: string;
  /** UserPromptSubmit and SessionStart: the prompt typed; Stop: the prompt of the turn that ended. */
  prompt?: string;
  /** Stop: the model's last answer. */
  lastMessage?: string;
  /** SessionStart: startup, resume or fork. */
  source?: string;
}

/** What the plugin did to the call's own output (the rest is recorded by the offline client). */
export type Effect =
  | { kind: "blocked"; message: string }
  | { kind: "args rewritten"; args: Record<string, unknown>; toolInput: Record<string, unknown> }
  | { kind: "tool result"; text: string; appended?: string }
  | { kind: "prompt blocked" }
  | { kind: "context"; text: string; where: "before the prompt" | "after the prompt" }
  | { kind: "compaction context"; text: string };

export interface Scenario {
  /** What the event is in OpenCode, for the report. */
  readonly happens: string;
  readonly needsTool?: boolean;
  fire(hooks: Hooks, options: FireOptions, sessionID: string): Promise<Effect[]>;
}

const CALL_ID = "call_hooks2opencode_test";

/** OpenCode's tool id and args for the tool and input given, in either naming. */
export function opencodeCall(options: FireOptions): { tool: string; args: Record<string, unknown> } {
  const name = options.tool ?? "";
  const input = options.input ?? {};
  const claude = byClaudeName(name);
  if (claude) return { tool: claude.opencode, args: toOpencodeArgs(claude, input) };
  return { tool: name, args: structuredClone(input) };
}

async function beforeTool(hooks: Hooks, options: FireOptions, sessionID: string): Promise<{ tool: string; args: Record<string, unknown>; effects: Effect[] }> {
  const { tool, args } = opencodeCall(options);
  const output = { args: structuredClone(args) };
  const effects: Effect[] = [];
  try {
    await hooks["tool.execute.before"]?.({ tool, sessionID, callID: CALL_ID }, output);
  } catch (error) {
    if (!(error instanceof HookBlock)) throw error;
    return { tool, args, effects: [{ kind: "blocked", message: error.message }] };
  }
  if (JSON.stringify(output.args) !== JSON.stringify(args))
    effects.push({ kind: "args rewritten", args: output.args, toolInput: toClaudeInput(byOpencodeId(tool), output.args) });
  return { tool, args: output.args, effects };
}

async function afterTool(hooks: Hooks, tool: string, args: Record<string, unknown>, text: string, sessionID: string): Promise<Effect[]> {
  const output = { title: "", output: text, metadata: {} as Record<string, unknown> };
  await hooks["tool.execute.after"]?.({ tool, sessionID, callID: CALL_ID, args }, output);
  if (output.output === text) return [];
  return [{ kind: "tool result", text: output.output, ...(output.output.startsWith(text) ? { appended: output.output.slice(text.length) } : {}) }];
}

/** A prompt the user types, as chat.message sees it; what hooks added to or did with it. */
async function typePrompt(hooks: Hooks, sessionID: string, prompt: string): Promise<Effect[]> {
  const message = { id: "msg_test_prompt", sessionID, role: "user" };
  const typed: Record<string, unknown> = { id: "prt_0000000000010000000000000000", sessionID, messageID: message.id, type: "text", text: prompt };
  const output = { message, parts: [typed] as Array<Record<string, unknown>> };
  await hooks["chat.message"]?.({ sessionID, agent: "build", messageID: message.id } as never, output as never);
  const at = output.parts.indexOf(typed);
  const effects: Effect[] = output.parts.flatMap((part, index): Effect[] =>
    part === typed ? [] : [{ kind: "context", text: String(part.text ?? ""), where: index < at ? "before the prompt" : "after the prompt" }],
  );
  if (typed.ignored === true) effects.unshift({ kind: "prompt blocked" });
  return effects;
}

function busEvent(hooks: Hooks, type: string, properties: Record<string, unknown>): Promise<void> {
  return Promise.resolve(hooks.event?.({ event: { id: `evt_test_${type}`, type, properties } as never }));
}

const typedPrompt = (options: FireOptions) => options.prompt ?? "(the prompt)";

/** OpenCode asks the user's permission for the tool call (after its before-hook, as in OpenCode). */
async function askPermission(hooks: Hooks, options: FireOptions, sessionID: string): Promise<Effect[]> {
  const before = await beforeTool(hooks, options, sessionID);
  const patterns = typeof before.args.command === "string" ? [before.args.command] : ["*"];
  await busEvent(hooks, "permission.asked", {
    id: "per_test",
    sessionID,
    permission: before.tool,
    patterns,
    metadata: {},
    always: patterns,
    tool: { messageID: "msg_test_assistant", callID: CALL_ID },
  });
  return [];
}

export const SCENARIOS: Partial<Record<EventName, Scenario>> = {
  PreToolUse: {
    happens: "tool.execute.before of the tool call, then tool.execute.after if it runs",
    needsTool: true,
    async fire(hooks, options, sessionID) {
      const before = await beforeTool(hooks, options, sessionID);
      if (before.effects.some((effect) => effect.kind === "blocked")) return before.effects;
      return [...before.effects, ...(await afterTool(hooks, before.tool, before.args, options.output ?? "", sessionID))];
    },
  },
  PostToolUse: {
    happens: "tool.execute.after of a tool call that succeeded",
    needsTool: true,
    async fire(hooks, options, sessionID) {
      const before = await beforeTool(hooks, options, sessionID);
      return afterTool(hooks, before.tool, before.args, options.output ?? "", sessionID);
    },
  },
  PermissionRequest: {
    happens: "permission.asked for the tool call",
    needsTool: true,
    fire: askPermission,
  },
  Notification: {
    happens: "permission.asked for the tool call (notification_type permission_prompt)",
    needsTool: true,
    fire: askPermission,
  },
  UserPromptSubmit: {
    happens: "chat.message of the prompt, before OpenCode saves it",
    fire: (hooks, options, sessionID) => typePrompt(hooks, sessionID, typedPrompt(options)),
  },
  SessionStart: {
    happens: "session.created (resume: the first prompt of a session this OpenCode did not create), then the first prompt",
    async fire(hooks, options, sessionID) {
      const source = options.source ?? "startup";
      if (source === "startup" || source === "fork") {
        const title = source === "fork" ? "A session (fork #1)" : "New session";
        await busEvent(hooks, "session.created", { info: { id: sessionID, title, directory: "", time: { created: Date.now(), updated: Date.now() } } });
      }
      return typePrompt(hooks, sessionID, typedPrompt(options));
    },
  },
  Stop: {
    happens: "session.idle after a finished turn",
    async fire(hooks, _options, sessionID) {
      await busEvent(hooks, "session.idle", { sessionID });
      return [];
    },
  },
  PreCompact: {
    happens: "experimental.session.compacting, before OpenCode asks the model for a summary",
    async fire(hooks, _options, sessionID) {
      const output = { context: [] as string[] };
      try {
        await hooks["experimental.session.compacting"]?.({ sessionID }, output);
      } catch (error) {
        if (!(error instanceof HookBlock)) throw error;
        return [{ kind: "blocked", message: error.message }];
      }
      return output.context.map((text): Effect => ({ kind: "compaction context", text }));
    },
  },
};

/** SessionStart sources test can make happen (compact and clear need a real session). */
export const SESSION_START_SOURCES = ["startup", "resume", "fork"] as const;
