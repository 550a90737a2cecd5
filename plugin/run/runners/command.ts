// `command`: spawn the command (spawn-command.ts), then read its exit code and output as Claude does.
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { EventName } from "../../../schema/events.js";
import type { HandlerOf } from "../../../schema/handlers.js";
import { optionVariable, substituteOptions } from "../../../schema/plugin-options.js";
import type { PluginOrigin } from "../../../schema/types.js";
import type { CompiledHandler } from "../../compile.js";
import { decodeResult, type ProcessOutcome } from "../../protocol/decode-result.js";
import { DIALECT_OF } from "../../dialects/index.js";
import { type SpawnRequest, spawnCommand, spawnCommandSync } from "../spawn-command.js";
import { defineRunner, type RunContext, type RunOutcome } from "./define-runner.js";
import { failureBlocks } from "./failure-policy.js";

export default defineRunner({
  type: "command",
  differences: (handler) => [...(handler.shell === "powershell" ? ["shell powershell: runs with pwsh, which must be on PATH"] : [])],
  async run({ handler, compiled, event, stdin, context }) {
    return decoded(event, handler, compiled, await spawnCommand(spawnRequest(handler, compiled, stdin, context)));
  },
  runSync: ({ handler, compiled, event, stdin, context }) =>
    decoded(event, handler, compiled, spawnCommandSync(spawnRequest(handler, compiled, stdin, context))),
});

/** The exit code and output read as Claude reads them (another agent's hook: as that agent does), whichever way the command was spawned. */
function decoded(
  event: EventName,
  handler: HandlerOf<"command">,
  compiled: Pick<CompiledHandler, "dialect" | "agentEvent">,
  outcome: ProcessOutcome,
): RunOutcome {
  if (compiled.dialect) return { outcome, result: DIALECT_OF[compiled.dialect].decode(compiled.agentEvent ?? event, outcome) };
  return { outcome, result: decodeResult(event, outcome, { onFailureBlock: failureBlocks(event, handler) }) };
}

const madeDataDirs = new Set<string>();

/** A plugin's hook also gets CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA (the data folder is made on first use) and its options. */
function pluginVariables(plugin: PluginOrigin, projectDir: string): Record<string, string> {
  // Paths are relative to the project, absolute, or `~/...` (the same text for a user on every machine).
  const resolve = (file: string) => (file.startsWith("~/") ? path.join(homedir(), file.slice(2)) : path.resolve(projectDir, file));
  const data = resolve(plugin.data);
  if (!madeDataDirs.has(data)) {
    try {
      mkdirSync(data, { recursive: true });
      madeDataDirs.add(data); // once per process: a plugin hook runs on many tool calls
    } catch {
      // The hook reports what it cannot write.
    }
  }
  const options = Object.entries(plugin.options ?? {}).map(([key, value]) => [optionVariable(key), value]);
  return { CLAUDE_PLUGIN_ROOT: resolve(plugin.root), CLAUDE_PLUGIN_DATA: data, ...Object.fromEntries(options) };
}

/** How a command handler is spawned: exec form with `${CLAUDE_PROJECT_DIR}` (and a plugin's variables) substituted, or a shell. */
function spawnRequest(
  handler: HandlerOf<"command">,
  compiled: Pick<CompiledHandler, "timeoutMs" | "plugin" | "skill">,
  stdin: string,
  context: RunContext,
): SpawnRequest {
  // A skill's hooks get its folder as CLAUDE_PLUGIN_ROOT, as in Claude.
  const skillRoot = compiled.skill ? path.resolve(context.projectDir, compiled.skill.root) : undefined;
  const plugin: Record<string, string> | undefined = compiled.plugin
    ? pluginVariables(compiled.plugin, context.projectDir)
    : skillRoot
      ? { CLAUDE_PLUGIN_ROOT: skillRoot }
      : undefined;
  const env = plugin ? { ...context.env, ...plugin } : context.env;
  const substitute = (text: string) => {
    let result = text.replaceAll("${CLAUDE_PROJECT_DIR}", context.projectDir);
    for (const name of ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"]) if (plugin?.[name] !== undefined) result = result.replaceAll(`\${${name}}`, plugin[name]);
    // A sensitive option is not in the plugin: OpenCode's own environment may carry it.
    return compiled.plugin ? substituteOptions(result, (key) => env[optionVariable(key)]) : result;
  };
  const args = handler.args?.map(substitute);
  return {
    command: args ? substitute(handler.command) : handler.command,
    ...(args ? { args } : {}),
    ...(handler.shell === "powershell" ? { shell: "powershell" as const } : {}),
    stdin,
    cwd: context.cwd,
    env,
    timeoutMs: compiled.timeoutMs,
  };
}
