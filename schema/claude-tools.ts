// Claude Code 2.1.332 tool names: legacy aliases still accepted by matchers and `if` rules, and
// names that no longer exist there. Source: the Claude Code 2.1.332 bundle (npm @anthropic-ai/claude-code); cf. https://code.claude.com/docs/en/tools-reference.

/** Every canonical built-in tool name of Claude Code 2.1.332 (as its bundle lists them). */
export const CLAUDE_TOOLS: readonly string[] = [
  "Agent",
  "Artifact",
  "AskUserQuestion",
  "Bash",
  "ClaudeDesign",
  "CronCreate",
  "CronDelete",
  "CronList",
  "Edit",
  "EndConversation",
  "EnterPlanMode",
  "EnterWorktree",
  "ExitPlanMode",
  "ExitWorktree",
  "Glob",
  "Grep",
  "ListAgents",
  "ListMcpResourcesTool",
  "LSP",
  "Monitor",
  "NotebookEdit",
  "OfferChromeSetup",
  "PowerShell",
  "Projects",
  "propose_skills",
  "PushNotification",
  "Read",
  "ReadMcpResourceDirTool",
  "ReadMcpResourceTool",
  "ReadNotifications",
  "RemoteTrigger",
  "ReportFindings",
  "ScheduleWakeup",
  "SendFeedback",
  "SendMessage",
  "SendUserFile",
  "SendUserMessage",
  "SetGoal",
  "ShareOnboardingGuide",
  "ShowOnboardingRolePicker",
  "Skill",
  "SubagentHandback",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskStop",
  "TaskUpdate",
  "TodoWrite",
  "ToolSearch",
  "WaitForMcpServers",
  "WebFetch",
  "WebSearch",
  "Workflow",
  "Write",
];

/** Names older docs and configs use that 2.1.332 no longer has: a matcher naming them never fires there. */
export const REMOVED_TOOLS: readonly string[] = [
  "MultiEdit",
  "LS",
  "NotebookRead",
  "BashOutput",
  "AgentOutputTool",
  "BashOutputTool",
  "TaskOutput",
  "SlashCommand",
];

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

const LEGACY_NAMES = new Map<string, readonly string[]>();
for (const [legacy, canonical] of Object.entries(LEGACY_ALIASES)) LEGACY_NAMES.set(canonical, [...(LEGACY_NAMES.get(canonical) ?? []), legacy]);
const NO_NAMES: readonly string[] = [];

/** The legacy names a canonical tool also answers to (`Agent` -> [`Task`]); a regex matcher asks on every call, so nothing is built then. */
export function legacyNamesOf(canonical: string): readonly string[] {
  return LEGACY_NAMES.get(canonical) ?? NO_NAMES;
}

export function canonicalName(name: string): string {
  return LEGACY_ALIASES[name] ?? name;
}
