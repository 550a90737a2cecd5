// SubagentStop -> `tool.execute.after` of the `task` tool, in the parent session. OpenCode runs a
// subagent in a child session and hands its last answer to the parent as the task's result; this
// after-hook is awaited, so it is the one point where a SubagentStop block can still keep the
// subagent working before the parent sees its result (the child's own session.idle comes too late:
// the parent already has the result). A block or additionalContext sends the subagent back to work
// in its session; when it stops again its new answer replaces the task result, and the hooks run
// again (stop_hook_active: true), up to Claude's cap. A subagent not sent back keeps its answer, unless
// another agent's hook rewrites it (Copilot's modifiedResponse, StopDecision.response).
// Source: https://code.claude.com/docs/en/hooks#subagentstop.
import { DEFAULT_AGENT_TYPE } from "../../schema/agents.js";
import { decideStop, type StopDecision, turnEndVerdict } from "../decide/stop-decision.js";
import type { MessageWithParts } from "../opencode/client.js";
import { tellUser } from "../opencode/inject.js";
import { fetchMessages, lastAssistantText, turnEnd } from "../opencode/session-messages.js";
import { blockCap } from "../stop/stop-guard.js";
import { continuationDone, stopDecided, stopGuard, subagentTurnEnded } from "../stop/stop-loop.js";
import { continueSession } from "./continue-session.js";
import { byFiring, defineEvent, fireEvent } from "./define-event.js";
import { type ToolHookContext, toolContext } from "./define-tool-event.js";
import type { EventScenario } from "./scenario.js";
import { AGENT_TYPE, checkAgentType, LAST_MESSAGE, LOOP, subagentOf, subagentStarts, subagentSubject, TASK_PROMPT } from "./scenario-parts.js";

interface SubagentStopFiring {
  parentID: string;
  childID: string;
  agentType: string;
  messages: MessageWithParts[];
  active: boolean;
  context: ToolHookContext;
}

const subagentStop = defineEvent<"tool.execute.after", SubagentStopFiring, StopDecision>({
  name: "SubagentStop",
  channel: "tool.execute.after",
  freshTranscript: true,
  async firings(call, runtime) {
    const context = toolContext(call, runtime);
    const childID = (context.output.metadata as { sessionId?: unknown } | undefined)?.sessionId;
    if (context.tool !== "task" || typeof childID !== "string") return [];
    const messages = await fetchMessages(runtime.client, childID);
    const turn = turnEnd(messages);
    if (!turn.assistantID || turn.error === "aborted") return [];
    const child = runtime.sessions.get(childID);
    // As for Stop: a continuation that ran a tool resets the count of consecutive blocks.
    subagentTurnEnded(child, turn.usedTools);
    return [{ parentID: context.sessionID, childID, agentType: child.agentType ?? DEFAULT_AGENT_TYPE, messages, active: stopGuard(child).active, context }];
  },
  session: (firing) => firing.parentID,
  matchValue: (firing) => firing.agentType,
  async input(firing, runtime) {
    const last = lastAssistantText(firing.messages);
    return {
      stop_hook_active: firing.active,
      agent_id: firing.childID,
      agent_type: firing.agentType,
      agent_transcript_path: await runtime.transcripts.pathFor(firing.childID, true),
      ...(last !== undefined ? { last_assistant_message: last } : {}),
    };
  },
  decide: (runs) => decideStop("SubagentStop", runs),
  async apply(fired, call, runtime) {
    for (const [firing, decisions] of byFiring(fired)) {
      const child = runtime.sessions.get(firing.childID);
      // Claude's hooks and other agents' (plugin/dialects/) decide together: one continuation at most.
      const verdict = turnEndVerdict("SubagentStop", decisions, blockCap(process.env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP));
      const cap = verdict.cap;
      const action = stopDecided(child, verdict.keepsGoing, cap);
      if (action === "capped") tellUser(runtime, `SubagentStop hooks blocked ${cap} times in a row; the subagent stops here.`, "warning");
      if (action !== "continue") {
        // A hook that rewrites the answer (Copilot's modifiedResponse): the last one is what the parent reads.
        const response = decisions.findLast((decision) => decision.response !== undefined)?.response;
        if (response !== undefined) replaceTaskResult(firing.context.output, response);
        continue;
      }
      // OpenCode is closing (the TUI or a server): start no turn, as for Stop.
      if (runtime.closingForGood) {
        continuationDone(child);
        continue;
      }
      const lastUser = firing.messages.findLast((message) => message.info.role === "user");
      const continued = await continueSession(runtime, firing.childID, verdict.text, lastUser);
      continuationDone(child);
      // A turn let go at shutdown gives no new answer to judge.
      if (!continued || runtime.closingForGood) continue;
      const answer = lastAssistantText(await fetchMessages(runtime.client, firing.childID));
      if (answer !== undefined) replaceTaskResult(firing.context.output, answer);
      await fireEvent(subagentStop, call, runtime);
    }
  },
});

export default subagentStop;

/** The task tool's output keeps its `task_id:` line; the result between the tags is the subagent's answer. */
export function replaceTaskResult(output: Record<string, unknown>, answer: string): void {
  const text = typeof output.output === "string" ? output.output : "";
  output.output = /<task_result>[\s\S]*<\/task_result>/.test(text)
    ? text.replace(/<task_result>[\s\S]*<\/task_result>/, () => `<task_result>\n${answer}\n</task_result>`)
    : answer;
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const subagentStopDocs = {
  event: "SubagentStop",
  channel: "`tool.execute.after` of the `task` tool (awaited, so the parent gets the subagent's answer only after the gate)",
  exact: [
    "the same loop inside the subagent's session",
    "`agent_id`, `agent_type` (matcher, Claude's names as for SubagentStart), `agent_transcript_path`",
    "`session_id` is the parent's",
  ],
  differs: [],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const subagentStopScenario: EventScenario = {
  event: "SubagentStop",
  happens: "session.created of the subagent's child session, then tool.execute.after of the task tool once the subagent answered",
  flags: { agentType: AGENT_TYPE, prompt: TASK_PROMPT, lastMessage: LAST_MESSAGE },
  stopHookActive: LOOP,
  checks: [checkAgentType],
  subject: subagentSubject,
  calls: (options) => [
    subagentStarts(options),
    // The task tool's call as OpenCode 1.18.33 makes it (packages/opencode/src/tool/task.ts).
    {
      channel: "tool.execute.before",
      call: { tool: "task", args: { description: "(the task)", prompt: options.prompt ?? "(the task's prompt)", subagent_type: subagentOf(options) } },
    },
    // A block sends the subagent back to work, and the task call waits for an answer no offline model gives.
    { channel: "tool.execute.after", result: { taskOf: "subagent" }, waitsForAnswer: true },
  ],
};
