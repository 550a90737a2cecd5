// The agents besides Claude Code whose hooks hooks2opencode replays, each with its own contract (a
// dialect: docs/architecture.md, "Dialects"). Claude Code is the absence of a dialect, so every
// Claude hook, plugin and report stays exactly as it was.

export const DIALECTS = ["codex", "cursor", "copilot", "gemini"] as const;

export type DialectName = (typeof DIALECTS)[number];

/** How the report and the docs name each agent. */
export const AGENT_NAMES: Record<DialectName | "claude", string> = {
  claude: "Claude Code",
  codex: "Codex CLI",
  cursor: "Cursor",
  copilot: "Copilot CLI",
  gemini: "Gemini CLI",
};

export function isDialectName(value: unknown): value is DialectName {
  return (DIALECTS as readonly unknown[]).includes(value);
}
