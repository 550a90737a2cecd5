// Converts a temp project and loads the generated plugin in-process, as OpenCode would: the module's
// only export is called with a PluginInput. The client records what the plugin asked OpenCode to do.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hooks } from "@opencode-ai/plugin";
import { convert } from "../../cli/commands/convert.js";

export interface RecordingClient {
  calls: Array<[string, unknown]>;
  logs(): string[];
}

export interface FakeSession {
  /** What `client.session.messages` answers for a session (lifecycle events read it). */
  messages?(sessionID: string): unknown[];
  /** What `client.session.get` answers for a session (its permission rules, for a PreToolUse ask). */
  info?(sessionID: string): unknown;
}

export async function loadPlugin(
  projectDir: string,
  config: Record<string, unknown> = { permission: "allow" },
  fake: FakeSession = {},
  /** false: load the plugin convert wrote earlier, as OpenCode does after the settings changed. */
  { convertFirst = true } = {},
) {
  const result = convertFirst
    ? await convert({ project: projectDir, print: () => {}, printError: () => {} })
    : { result: "unchanged", exitCode: 0, pluginPath: path.join(projectDir, ".opencode/plugins/claude-hooks.js") };
  if (result.result !== "written" && result.result !== "unchanged")
    throw new Error(`convert did not write a plugin (${result.result}, exit ${result.exitCode})`);
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => async (options: unknown) => {
    calls.push([name, options]);
    return { data: true };
  };
  const client = {
    app: { log: record("app.log") },
    session: {
      abort: record("session.abort"),
      update: record("session.update"),
      promptAsync: record("session.promptAsync"),
      ...(fake.messages ? { messages: async (options: { path: { id: string } }) => ({ data: fake.messages!(options.path.id) }) } : {}),
      ...(fake.info ? { get: async (options: { path: { id: string } }) => ({ data: fake.info!(options.path.id) }) } : {}),
    },
    tui: { showToast: record("tui.showToast") },
    postSessionIdPermissionsPermissionId: record("permission.reply"),
  };
  const module = (await import(`${pathToFileURL(result.pluginPath).href}?t=${Date.now()}${Math.random()}`)) as Record<string, unknown>;
  const exports = Object.values(module);
  if (exports.length !== 1 || typeof exports[0] !== "function") throw new Error("a generated plugin must export exactly one function");
  const plugin = exports[0] as (input: unknown) => Promise<Hooks>;
  const hooks = await plugin({ client, directory: projectDir, worktree: projectDir, project: { id: "test" }, serverUrl: new URL("http://127.0.0.1:4096") });
  await hooks.config?.(config as never);
  const recording: RecordingClient = {
    calls,
    logs: () => calls.filter(([name]) => name === "app.log").map(([, options]) => (options as { body: { message: string } }).body.message),
  };
  let call = 0;
  return {
    hooks,
    client: recording,
    pluginPath: result.pluginPath,
    /** Runs tool.execute.before; resolves to the (possibly rewritten) args, or rejects with the block message. */
    async before(tool: string, args: Record<string, unknown>, callID = `call_${++call}`) {
      const output = { args };
      await hooks["tool.execute.before"]!({ tool, sessionID: "ses_test", callID }, output);
      return output.args;
    },
    /** Runs tool.execute.after with an OpenCode-shaped output; resolves to that output after hooks. */
    async after(tool: string, args: Record<string, unknown>, output: Record<string, unknown>, callID = `call_${call}`) {
      await hooks["tool.execute.after"]!({ tool, sessionID: "ses_test", callID, args }, output as never);
      return output;
    },
    /** Runs both, like a successful tool call. */
    async call(tool: string, args: Record<string, unknown>, output: Record<string, unknown>) {
      const callID = `call_${++call}`;
      await hooks["tool.execute.before"]!({ tool, sessionID: "ses_test", callID }, { args });
      await hooks["tool.execute.after"]!({ tool, sessionID: "ses_test", callID, args }, output as never);
      return output;
    },
    file: (relative: string) => path.join(projectDir, relative),
    /** Delivers a bus event to the plugin's `event` hook and waits for what it started. */
    async emit(type: string, properties: Record<string, unknown>, id = `evt_${++call}`) {
      await hooks.event!({ event: { id, type, properties } as never });
    },
    /** Runs chat.message for a prompt; resolves to the parts as OpenCode would save them. */
    async prompt(text: string, sessionID = "ses_test") {
      const message = { id: `msg_${++call}`, sessionID, role: "user" };
      const output = {
        message,
        parts: [
          { id: `prt_${(Date.now() * 4096).toString(16).padStart(12, "0")}abcdefghijklmn`, sessionID, messageID: message.id, type: "text", text },
        ] as Array<Record<string, unknown>>,
      };
      await hooks["chat.message"]!({ sessionID }, output as never);
      return output.parts;
    },
  };
}
