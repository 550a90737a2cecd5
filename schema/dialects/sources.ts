// Every agent's hook files by name (agent-hooks.ts): the one table convert, check, explain, test and
// the live plugin read other agents' hooks from.
import type { AgentSource } from "./agent-hooks.js";
import type { DialectName } from "./agents.js";
import { CODEX_SOURCE } from "./codex/codex-files.js";
import { CURSOR_SOURCE } from "./cursor/cursor-files.js";
import { COPILOT_SOURCE } from "./copilot/copilot-files.js";
import { GEMINI_SOURCE } from "./gemini/gemini-files.js";

export const AGENT_SOURCES: Readonly<Record<DialectName, AgentSource>> = {
  codex: CODEX_SOURCE,
  cursor: CURSOR_SOURCE,
  copilot: COPILOT_SOURCE,
  gemini: GEMINI_SOURCE,
};
