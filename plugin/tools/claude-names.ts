// Claude Code 2.1.332 tool names: legacy aliases still accepted by matchers and `if` rules, and
// names that no longer exist there. Source: ../shared/reference/claude-code-hooks.md §6.1.

/** legacy name -> canonical name */
export const LEGACY_ALIASES: Readonly<Record<string, string>> = {
  Task: "Agent",
  KillShell: "TaskStop",
  KillBash: "TaskStop",
  ListPeers: "ListAgents",
  Brief: "SendUserMessage",
  ListMcpResources: "ListMcpResourcesTool",
  ReadMcpResource: "ReadMcpResourceTool",
  ReadMcpResourceDir: "ReadMcpResourceDirTool",
  ProposeGoal: "SetGoal",
};

/** The legacy names a canonical tool also answers to (`Agent` -> [`Task`]). */
export function legacyNamesOf(canonical: string): string[] {
  return Object.keys(LEGACY_ALIASES).filter((legacy) => LEGACY_ALIASES[legacy] === canonical);
}

export function canonicalName(name: string): string {
  return LEGACY_ALIASES[name] ?? name;
}
