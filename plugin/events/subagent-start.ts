// SubagentStart -> `session.created` of a child session (OpenCode runs each subagent in one; the
// agent type comes from its title, "(@<agent> subagent)", under Claude's name: explore is Explore).
// additionalContext goes to the subagent: its first prompt carries it (deliverSessionContext). Cannot
// block. session_id is the parent's, as in Claude, where a subagent runs inside the main session. Source: https://code.claude.com/docs/en/hooks#subagentstart.
import { DEFAULT_AGENT_TYPE } from "../../schema/agents.js";
import { type ContextDecision, decideContext } from "../decide/context-decision.js";
import { defineEvent } from "./define-event.js";
import { applyStart } from "./session-start.js";

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
    if (!input.info.parentID || child.started) return [];
    child.started = true;
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
