// Other agents' hook files beside Claude's (schema/dialects/sources.ts): read automatically when they
// exist (a project that has `.codex/hooks.json` or `.gemini/settings.json` expects its hooks in
// OpenCode too), the project's in project mode and the user's with --user; never with --settings,
// which names the only inputs. agentHooks is the pure step: what each agent's texts hold, classified.
import type { AgentText } from "../../schema/dialects/agent-hooks.js";
import { readAgentTexts } from "../../schema/dialects/agent-hooks.js";
import { DIALECTS, type DialectName } from "../../schema/dialects/agents.js";
import { AGENT_SOURCES } from "../../schema/dialects/sources.js";
import type { Diagnostic } from "../../schema/diagnostics.js";
import { classifyDialect, type DialectClassification } from "../../plugin/load/classify-dialect.js";
import type { BuildOptions } from "./plan.js";

/** Each agent's files that exist, as read. */
export type AgentTexts = Partial<Record<DialectName, AgentText[]>>;

export function readAgentInputs(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): { agents: AgentTexts; notes: Diagnostic[] } {
  const agents: AgentTexts = {};
  const notes: Diagnostic[] = [];
  if (options.settings?.length) return { agents, notes };
  for (const agent of DIALECTS) {
    const { texts, unreadable } = readAgentTexts(AGENT_SOURCES[agent].files({ projectDir, user: options.user === true }, env));
    if (texts.length > 0) agents[agent] = texts;
    for (const why of unreadable) notes.push({ code: `${agent}-unreadable`, severity: "warning", file: why.split(":")[0]!, line: 1, column: 1, message: why });
  }
  return { agents, notes };
}

export interface AgentHooksRead extends DialectClassification {
  /** How many hooks the agents' files hold. */
  hooks: number;
  /** Every agent file read, in agent order (companions left out). */
  texts: AgentText[];
}

/** Pure: every agent's hooks from its texts, with the reader's and the classifier's findings. */
export function agentHooks(agents: AgentTexts): AgentHooksRead {
  const result: AgentHooksRead = { rows: [], handlers: [], diagnostics: [], hooks: 0, texts: [] };
  for (const agent of DIALECTS) {
    const texts = agents[agent];
    if (!texts) continue;
    const read = AGENT_SOURCES[agent].read(texts);
    const classified = classifyDialect(agent, read);
    result.rows.push(...classified.rows);
    result.handlers.push(...classified.handlers);
    result.diagnostics.push(...read.diagnostics, ...classified.diagnostics);
    result.hooks += read.hooks.length;
    // Claude's own files are Claude's inputs already: a companion text is in no header or hash twice.
    result.texts.push(...texts.filter((text) => !text.companion));
  }
  return result;
}
