// What the report says of another agent's hooks, per agent: why an event or a hook is not
// replayed, where a replayed hook fires in OpenCode, and what is worth knowing about it.
// classify-dialect.ts reads one of these per agent (DIALECT_REPORTS) beside the agent's dialect,
// whose `events` table decides what is replayed at all. Pure.
import type { AgentHook, AgentHooks } from "../../schema/dialects/agent-hooks.js";
import type { EventName } from "../../schema/events.js";

export interface DialectReport {
  /** Why each of the agent's events that rides on no engine event is not replayed (an event in neither table: "not replayed yet"). */
  readonly notReplayed: Readonly<Record<string, string>>;
  /** Why this hook does not run though its event is replayed (its type, `async`, the agent's own switch); undefined: it runs. */
  droppedBecause(hook: AgentHook, read: AgentHooks): string | undefined;
  /** How the hook runs differently from the agent (a `degraded` row); empty: replayed as the agent runs it. */
  degradedBecause?(hook: AgentHook): string[];
  /** Where a replayed hook fires in OpenCode on `engine` (the OpenCode tools, or the moment). */
  firesOn(hook: AgentHook, engine: EventName): string;
  /** What is still worth knowing about a hook that runs (a name that never fires here). */
  remarks(hook: AgentHook): string[];
}
