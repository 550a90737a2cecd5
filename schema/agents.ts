// The one table of agents, used both ways: each OpenCode 1.18.33 built-in agent a subagent session
// can run, and the Claude Code agent_type it stands for. Hooks speak Claude's names (matchers, `if:
// "Agent(...)"`, `agent_type`, an Agent call's `subagent_type`); any other name (a custom agent) is
// the same on both sides. Names are listed, never derived from case changes.
// Sources: Claude Code's built-in agent_type values (general-purpose, Explore, Plan):
// https://code.claude.com/docs/en/hooks#matcher-patterns and the Claude Code 2.1.332 bundle; OpenCode's
// agents: anomalyco/opencode packages/opencode/src/agent/agent.ts, v1.18.33 (general and explore are
// subagents; build and plan primary agents; compaction, title and summary hidden).

export interface AgentMapping {
  /** Claude Code's agent_type. */
  claude: string;
  /** OpenCode's agent name (the `@<agent>` of a child session's title, a task call's subagent_type). */
  opencode: string;
}

export const AGENT_TABLE: readonly AgentMapping[] = [
  { claude: "general-purpose", opencode: "general" },
  { claude: "Explore", opencode: "explore" },
  // A primary agent in OpenCode (the mode Tab switches to, which starts no subagent): it runs as a
  // subagent only when a task call or a `subtask: true` command names it.
  { claude: "Plan", opencode: "plan" },
];

/** What OpenCode runs when a child session's title names no agent: its general subagent. */
export const DEFAULT_AGENT_TYPE = "general-purpose";

const BY_OPENCODE = new Map(AGENT_TABLE.map((agent) => [agent.opencode, agent.claude]));
const BY_CLAUDE = new Map(AGENT_TABLE.map((agent) => [agent.claude, agent.opencode]));

/** OpenCode's agent name -> Claude's agent_type (a custom agent keeps its name). */
export function claudeAgentName(opencode: string): string {
  return BY_OPENCODE.get(opencode) ?? opencode;
}

/** Claude's agent_type (e.g. a hook's updatedInput) -> OpenCode's agent name (a custom agent keeps its name). */
export function opencodeAgentName(claude: string): string {
  return BY_CLAUDE.get(claude) ?? claude;
}

export interface MisnamedAgent {
  /** Claude's name for the built-in meant. */
  claude: string;
  /** Written as OpenCode names it (`explore`), rather than in another case or with other separators. */
  opencodeSpelling: boolean;
}

/**
 * A name that surely never matches a built-in agent here: OpenCode's own spelling (`explore`: OpenCode
 * can have no other agent of that name, as a config or agent file named so customises the built-in,
 * and hooks see it as `Explore`), or Claude's name in another case or with other separators
 * (`EXPLORE`, `general_purpose`). A near-miss such as `explorer` is not one: it may be a custom agent.
 */
export function misnamedAgent(name: string): MisnamedAgent | undefined {
  if (BY_CLAUDE.has(name)) return undefined;
  const claude = BY_OPENCODE.get(name);
  if (claude) return { claude, opencodeSpelling: true };
  const loose = looseName(name);
  const meant = AGENT_TABLE.find((agent) => looseName(agent.claude) === loose || looseName(agent.opencode) === loose);
  return meant ? { claude: meant.claude, opencodeSpelling: false } : undefined;
}

/** Case and the separators `-`, `_` and spaces left out. */
function looseName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, "");
}
