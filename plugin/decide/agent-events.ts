// The shape of an agent's events table (agent-decisions.ts), apart so each agent's merges can name it.
import type { EventName } from "../../schema/events.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import type { CommonOutcome } from "./common.js";

/** One agent event's merge on one engine event. `call` is the tool call (in the agent's names and shapes) on tool events. */
export type DialectDecision = (runs: readonly HandlerRun[], call: ClaudeCall | undefined) => CommonOutcome;

/** An agent's events: its own name -> the engine events it rides on -> its merge there. */
export type AgentEvents = Readonly<Record<string, Partial<Record<EventName, DialectDecision>>>>;
