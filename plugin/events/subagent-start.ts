// SubagentStart -> `session.created` of a child session (OpenCode runs each subagent in one; the
// agent type comes from its title, "(@<agent> subagent)", under Claude's name: explore is Explore).
// additionalContext goes to the subagent: its first prompt carries it (deliverSessionContext). Cannot
// block. session_id is the parent's, as in Claude, where a subagent runs inside the main session. Source: https://code.claude.com/docs/en/hooks#subagentstart.
import { DEFAULT_AGENT_TYPE } from "../../schema/agents.js";
import { type ContextDecision, decideContext } from "../decide/context-decision.js";
import { markStarted } from "../session-state.js";
import { defineEvent } from "./define-event.js";
import { applyStart } from "./session-start.js";
import type { EventScenario } from "./scenario.js";
import { AGENT_TYPE, checkAgentType, subagentStarts, subagentSubject, TASK_PROMPT } from "./scenario-parts.js";

interface SubagentFiring {
  parentID: string;
  childID: string;
  agentType: string;
}

export default defineEvent<"session.created", SubagentFiring, ContextDecision>({
  name: "SubagentStart",
  channel: "session.created",
  dueBeforeNextRequest: true,
  freshTranscript: true,
  firings({ input }, runtime) {
    const child = runtime.sessions.get(input.info.id);
    if (!input.info.parentID || !markStarted(child)) return [];
    return [{ parentID: input.info.parentID, childID: input.info.id, agentType: child.agentType ?? DEFAULT_AGENT_TYPE }];
  },
  session: (firing) => firing.parentID,
  matchValue: (firing) => firing.agentType,
  input: (firing) => ({ agent_id: firing.childID, agent_type: firing.agentType }),
  decide: (runs) => decideContext("SubagentStart", runs, { plainStdout: false, blocks: false }),
  async apply(fired, _call, runtime) {
    for (const { firing, decision, ran } of fired) if (ran) await applyStart(runtime, firing.childID, decision);
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const subagentStartDocs = {
  event: "SubagentStart",
  channel: "`session.created` of a child session",
  exact: [
    "`agent_id`, `agent_type` (matcher) in Claude's names: OpenCode's `general`, `explore`, `plan` are `general-purpose`, `Explore`, `Plan` (one table, `schema/agents.ts`, also for `if: \"Agent(...)\"` and an Agent call's `subagent_type`, both ways), other agents keep their names",
    "additionalContext reaches the subagent's first prompt",
  ],
  differs: [
    "`Plan` fires only when OpenCode runs its `plan` agent as a subagent (a task call or a `subtask: true` command naming it): OpenCode's plan is a primary agent, and switching to it starts no subagent",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const subagentStartScenario: EventScenario = {
  event: "SubagentStart",
  happens: 'session.created of the subagent\'s child session (titled "(@<agent> subagent)"), then chat.message of its first prompt',
  flags: { agentType: AGENT_TYPE, prompt: TASK_PROMPT },
  checks: [checkAgentType],
  subject: subagentSubject,
  calls: (options) => [subagentStarts(options), { channel: "chat.message", text: options.prompt ?? "(the task's prompt)", session: "subagent" }],
};
