// Which other agents' events fire with an engine event: for each agent with hooks on it, each of its
// own events that rides on this one (decide/agent-decisions.ts), and those hooks. Lists are worked
// out once per handler list (the live plugin swaps lists when settings change), so a tool call with
// no other agent's hook pays one lookup.
import { DIALECTS } from "../../schema/dialects/agents.js";
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import { type Dialect, DIALECT_OF } from "../dialects/index.js";
import { AGENT_DECISIONS, type DialectDecision } from "../decide/agent-decisions.js";
import type { Runtime } from "../runtime.js";

/** Another agent's event a firing runs for: only its hooks of that event run, with its stdin, matcher value and merge. */
export interface AgentFiring {
  dialect: Dialect;
  /** The agent's own event name. */
  event: string;
  /** Its hooks of that event on this engine event, in settings order. */
  handlers: readonly CompiledHandler[];
  decide: DialectDecision;
}

const NONE: readonly AgentFiring[] = [];
const byList = new WeakMap<readonly CompiledHandler[], readonly AgentFiring[]>();

/** The agents' events that fire with `event`, each with its hooks. */
export function agentFirings(event: EventName, runtime: Runtime): readonly AgentFiring[] {
  const all = runtime.handlersFor(event);
  // Claude's hooks only (the usual case): nothing to split.
  if (all.length === 0 || (all[0]!.dialect === undefined && runtime.handlersOf(event, undefined).length === all.length)) return NONE;
  let found = byList.get(all);
  if (!found) byList.set(all, (found = split(event, runtime)));
  return found;
}

function split(event: EventName, runtime: Runtime): readonly AgentFiring[] {
  const found: AgentFiring[] = [];
  for (const name of DIALECTS) {
    const dialect = DIALECT_OF[name];
    const byEvent = new Map<string, CompiledHandler[]>();
    for (const handler of runtime.handlersOf(event, name)) {
      const own = handler.agentEvent ?? event;
      const list = byEvent.get(own);
      if (list) list.push(handler);
      else byEvent.set(own, [handler]);
    }
    for (const [own, handlers] of byEvent) {
      const decide = AGENT_DECISIONS[name][own]?.[event];
      if (decide) found.push({ dialect, event: own, handlers, decide });
    }
  }
  return found.length > 0 ? found : NONE;
}
