// Each dialect's merges of its tool hooks' results, by event: an event with no entry here is not
// replayed for that agent (its hooks are reported, not run). The merges return the event's own
// decision type, which the event module applies as it applies Claude's.
import type { DialectName } from "../../schema/dialects/agents.js";
import type { EventName } from "../../schema/events.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import { decideCodexPostToolUse, decideCodexPreToolUse } from "./codex-tool-decisions.js";
import type { CommonOutcome } from "./common.js";

export type DialectToolDecision = (call: ClaudeCall, runs: readonly HandlerRun[]) => CommonOutcome;

export const DIALECT_TOOL_DECISIONS: Readonly<Record<DialectName, Partial<Record<EventName, DialectToolDecision>>>> = {
  codex: { PreToolUse: decideCodexPreToolUse, PostToolUse: decideCodexPostToolUse },
};
