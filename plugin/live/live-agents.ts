// Other agents' hooks in the live plugin (Codex CLI, Gemini CLI, Cursor, Copilot CLI): their files
// from the one table convert reads (schema/dialects/sources.ts), every layer an agent reads at once
// (the project's, and the user's where the live plugin reads Claude's user settings), read only when
// they exist; then the same pure steps as convert (the agent's reader, classify-dialect.ts). A file a
// generated plugin carries is left to it. Like Claude's, a file that cannot be parsed at all (a
// half-saved edit) keeps the hooks last read from it.
import { existsSync } from "node:fs";
import { type AgentFile, type AgentText, readAgentTexts } from "../../schema/dialects/agent-hooks.js";
import { DIALECTS, type DialectName } from "../../schema/dialects/agents.js";
import { AGENT_SOURCES } from "../../schema/dialects/sources.js";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { PluginHandler } from "../config.js";
import { classifyDialect } from "../load/classify-dialect.js";
import { carriedFiles, type GeneratedPlugin } from "./generated-plugins.js";

/** Each agent's files that exist, as read. */
export type AgentTexts = Partial<Record<DialectName, AgentText[]>>;

/** Each agent file's last text that could be parsed, by agent and file: what runs while a later save cannot be. */
export type LastAgentTexts = Map<string, AgentText>;

/** The layers of one project: the project's files always, the user's when the live plugin reads the user's settings. */
export function agentFiles(projectDir: string, user: boolean, env: NodeJS.ProcessEnv): Array<{ agent: DialectName; file: AgentFile }> {
  const layers = user ? [false, true] : [false];
  return DIALECTS.flatMap((agent) =>
    layers.flatMap((isUser) => AGENT_SOURCES[agent].files({ projectDir, user: isUser }, env).map((file) => ({ agent, file }))),
  );
}

/** What to poll for edits: every file of both layers, and the folders whose listing names files. */
export function agentWatchList(projectDir: string, env: NodeJS.ProcessEnv): string[] {
  const paths = DIALECTS.flatMap((agent) =>
    [false, true].flatMap((user) => {
      const source = AGENT_SOURCES[agent];
      return [...source.files({ projectDir, user }, env).map((file) => file.path), ...(source.folders?.({ projectDir, user }, env) ?? [])];
    }),
  );
  return [...new Set(paths)];
}

/**
 * Other agents' files here, as read: the project's, and the user's when the user's settings are read
 * (`user`). A file a generated plugin carries (its header names it) is left to that plugin, file by
 * file; `left` says which, by plugin file.
 */
export function agentInputs(
  generated: readonly GeneratedPlugin[],
  projectDir: string,
  user: boolean,
  env: NodeJS.ProcessEnv,
): { agents: AgentTexts; notes: Diagnostic[]; left: Map<string, string[]> } {
  const carriedBy = new Map<string, string>();
  // A project plugin placed globally with --out owns nothing here (as for Claude's files).
  for (const plugin of generated)
    if (plugin.scope === "user" || plugin.place === "project") for (const file of carriedFiles(plugin, env)) carriedBy.set(file, plugin.file);
  const candidates = agentFiles(projectDir, user, env);
  const left = new Map<string, string[]>();
  for (const { file } of candidates) {
    const owner = carriedBy.get(file.path);
    if (owner && !file.companion && existsSync(file.path)) left.set(owner, [...(left.get(owner) ?? []), file.display]);
  }
  return { ...readAgentFiles(candidates.filter(({ file }) => !carriedBy.has(file.path))), left };
}

/** The files that exist, as read, by agent; one that cannot be read is a warning. */
export function readAgentFiles(files: ReadonlyArray<{ agent: DialectName; file: AgentFile }>): { agents: AgentTexts; notes: Diagnostic[] } {
  const agents: AgentTexts = {};
  const notes: Diagnostic[] = [];
  for (const agent of DIALECTS) {
    // Most projects have few of them: asked first, as a thrown ENOENT costs the start-up ten times more.
    const present = files.filter((each) => each.agent === agent && existsSync(each.file.path)).map((each) => each.file);
    if (present.length === 0) continue;
    const { texts, unreadable } = readAgentTexts(present);
    if (texts.some((text) => !text.companion)) agents[agent] = texts;
    for (const why of unreadable) notes.push({ code: `${agent}-unreadable`, severity: "warning", file: why.split(":")[0]!, line: 1, column: 1, message: why });
  }
  return { agents, notes };
}

export interface LiveAgentHooks {
  handlers: PluginHandler[];
  diagnostics: Diagnostic[];
  /** Files that cannot be parsed now, whose hooks as last read still run. */
  keptFromBefore: string[];
}

/** A finding that means the file could not be parsed at all (the agent reads none of it). */
const UNPARSABLE = /-(json|toml)-syntax$/;

/** Pure but for `last`: every agent's hooks from its texts, each agent's layers read together as the agent reads them. */
export function liveAgentHooks(agents: AgentTexts, last: LastAgentTexts): LiveAgentHooks {
  const result: LiveAgentHooks = { handlers: [], diagnostics: [], keptFromBefore: [] };
  for (const agent of DIALECTS) {
    const texts = agents[agent];
    if (!texts) continue;
    const source = AGENT_SOURCES[agent];
    let read = source.read(texts);
    result.diagnostics.push(...read.diagnostics);
    const broken = new Set(read.diagnostics.filter((diagnostic) => UNPARSABLE.test(diagnostic.code)).map((diagnostic) => diagnostic.file));
    let substituted = false;
    const used = texts.map((text) => {
      const key = `${agent}\0${text.display}`;
      const before = last.get(key);
      if (!broken.has(text.display)) last.set(key, text);
      else if (before) {
        result.keptFromBefore.push(text.display);
        substituted = true;
        return before;
      }
      return text;
    });
    // The findings stay those of the file as it is now; the hooks are those last readable.
    if (substituted) read = source.read(used);
    const classified = classifyDialect(agent, read);
    result.handlers.push(...classified.handlers);
    result.diagnostics.push(...classified.diagnostics);
  }
  return result;
}
