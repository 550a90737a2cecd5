// Each agent's replayed events: for each of its own event names, the engine events (Claude's event
// modules) it rides on, and its merge of its hooks' results there, into the decision type that
// module applies for Claude's hooks too (PreToolUseDecision, ContextDecision, StopDecision, ...).
// An agent event with no entry is not replayed: its hooks are reported dropped (plugin/load/), never
// run. Gemini's AfterTool rides PostToolUse and PostToolUseFailure; Cursor's preToolUse and
// beforeShellExecution both ride PreToolUse. This is the one table that says what is replayed.
import type { DialectName } from "../../schema/dialects/agents.js";
import type { AgentEvents } from "./agent-events.js";
import { CODEX_EVENTS } from "./codex-decisions.js";
import { CURSOR_EVENTS } from "./cursor-decisions.js";
import { COPILOT_EVENTS } from "./copilot-decisions.js";
import { GEMINI_EVENTS } from "./gemini-decisions.js";

export type { AgentEvents, DialectDecision } from "./agent-events.js";

export const AGENT_DECISIONS: Readonly<Record<DialectName, AgentEvents>> = {
  codex: CODEX_EVENTS,
  cursor: CURSOR_EVENTS,
  copilot: COPILOT_EVENTS,
  gemini: GEMINI_EVENTS,
};
