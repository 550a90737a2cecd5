// The live plugin's hooks from what was read: the same validate -> merge -> classify as convert
// (schema/load-settings, schema/merge-sources, load/classify), on every source at once, for this
// machine. Pure, but for a memory of each file's last readable text: a file that cannot be read at
// all (not JSON, not an object: a half-saved edit) keeps the hooks last read from it, and says so.
import path from "node:path";
import { type Diagnostic, hasErrors } from "../../schema/diagnostics.js";
import { type LoadedSettings, type SettingsText, validateSettingsTexts } from "../../schema/load-settings.js";
import { mergeSources } from "../../schema/merge-sources.js";
import type { PluginConfig, PluginHandler } from "../config.js";
import { classify, replayedHandlers, type ReportRow, withDisableAllHooks, withHttpPolicy } from "../load/classify.js";
import { httpPolicy, managedSwitches } from "../load/switches.js";
import { type AgentTexts, type LastAgentTexts, liveAgentHooks } from "./live-agents.js";

export interface LiveHooks {
  config: PluginConfig;
  /** convert's report of these hooks (doctor's dropped hooks); worked out when read: the live plugin never reads it. */
  readonly rows: ReportRow[];
  diagnostics: Diagnostic[];
  /** Files that could not be read now, whose hooks as last read still run. */
  keptFromBefore: string[];
}

/** Each file's last validation without errors, by path: what runs while a later version cannot be read. */
export type LastReadable = Map<string, LoadedSettings>;

export function liveHooks(
  texts: readonly SettingsText[],
  notes: readonly Diagnostic[],
  context: { sh: string; generator: string; projectDir: string; last: LastReadable; lastAgents?: LastAgentTexts },
  /** Other agents' files that exist (live-agents.ts): their hooks ride along, each with its agent's contract, as in a generated plugin. */
  agents: AgentTexts = {},
): LiveHooks {
  const loaded: LoadedSettings[] = [];
  const diagnostics: Diagnostic[] = [...notes];
  const keptFromBefore: string[] = [];
  for (const text of texts) {
    const now = validateSettingsTexts([text], context.sh);
    diagnostics.push(...now.diagnostics);
    const before = context.last.get(text.file.path);
    if (!hasErrors(now.diagnostics)) context.last.set(text.file.path, now);
    else if (before) keptFromBefore.push(text.file.display);
    loaded.push(hasErrors(now.diagnostics) && before ? before : now);
  }
  const merged = mergeSources(loaded.flatMap((each) => each.sources));
  const handlers = replayedHandlers(merged, "live");
  const agentHooks = liveAgentHooks(agents, context.lastAgents ?? new Map());
  diagnostics.push(...agentHooks.diagnostics);
  keptFromBefore.push(...agentHooks.keptFromBefore);
  const config: PluginConfig = {
    generator: context.generator,
    ...(merged.disableAllHooks?.value ? { disableAllHooks: true } : {}),
    ...managedSwitches(merged),
    handlers: [...handlers.map((handler) => absoluteRoots(handler, context.projectDir)), ...agentHooks.handlers],
    ...httpPolicy(merged),
  };
  return {
    config,
    get rows() {
      return withHttpPolicy(withDisableAllHooks(classify(merged, "live").rows, merged), merged);
    },
    diagnostics,
    keptFromBefore,
  };
}

/** A project skill's root is written relative to the project; the runtime resolves it against OpenCode's folder, which may be below. */
function absoluteRoots(handler: PluginHandler, projectDir: string): PluginHandler {
  if (!handler.skill || path.isAbsolute(handler.skill.root)) return handler;
  return { ...handler, skill: { ...handler.skill, root: path.resolve(projectDir, handler.skill.root) } };
}
