// PostToolBatch -> `experimental.chat.messages.transform`, awaited before every model request: when
// the request's last message is an assistant step whose tool calls all finished, that step's batch
// has resolved and its next model call is about to go out. tool_calls carry what the model sees
// (the result text, or the error). A block (exit 2, `decision: "block"`) or `continue: false`
// stops the loop before that call; additionalContext is added to the batch's last result, in this
// and every later request. Source: https://code.claude.com/docs/en/hooks#posttoolbatch.
import type { ToolPart } from "@opencode-ai/sdk/v2";
import { type BlockAndContextDecision, decideBlockAndContext } from "../decide/block-and-context-decision.js";
import { abortSession, tellUser } from "../opencode/inject.js";
import { systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import { dueWork, pin, sessionSlot } from "../session-state.js";
import { claudeCalls } from "../tools/resolve-call.js";
import { defineEvent } from "./define-event.js";
import type { EventScenario } from "./scenario.js";
import { INPUT, NEEDS_TOOL, RESULT, TOOL, TOOL_ERROR } from "./scenario-parts.js";

interface BatchFiring {
  sessionID: string;
  messageID: string;
  tools: ToolPart[];
}

/** The last assistant step PostToolBatch ran for. */
const reported = sessionSlot<string | undefined>(() => undefined);

export default defineEvent<"experimental.chat.messages.transform", BatchFiring, BlockAndContextDecision>({
  name: "PostToolBatch",
  channel: "experimental.chat.messages.transform",
  async firings({ output }, runtime) {
    const last = output.messages.at(-1) as unknown as { info: { id: string; sessionID: string; role: string }; parts: Array<{ type: string }> } | undefined;
    if (!last || last.info.role !== "assistant") return [];
    const tools = last.parts.filter((part): part is ToolPart => part.type === "tool");
    if (tools.length === 0 || tools.some((part) => part.state.status === "pending" || part.state.status === "running")) return [];
    const session = runtime.sessions.get(last.info.sessionID);
    if (reported.get(session) === last.info.id) return [];
    reported.set(session, last.info.id);
    await dueWork(session); // the batch includes its PostToolUseFailure hooks
    return [{ sessionID: last.info.sessionID, messageID: last.info.id, tools }];
  },
  session: (firing) => firing.sessionID,
  input: (firing, runtime) => ({
    tool_calls: firing.tools.map((part) => {
      const [call] = claudeCalls(part.tool, part.state.input ?? {}, runtime.directory, runtime.mcpServers);
      const response = part.state.status === "completed" ? part.state.output : part.state.status === "error" ? part.state.error : undefined;
      return {
        tool_name: call?.toolName ?? part.tool,
        tool_input: call?.toolInput ?? part.state.input,
        tool_use_id: part.callID,
        ...(response !== undefined ? { tool_response: response } : {}),
      };
    }),
  }),
  decide: (runs) => decideBlockAndContext("PostToolBatch", runs),
  async apply(fired, _call, runtime) {
    for (const { firing, decision } of fired) {
      const session = runtime.sessions.get(firing.sessionID);
      const lastCall = firing.tools.at(-1)?.callID;
      for (const text of decision.texts)
        pin(session, { anchor: { messageID: firing.messageID, ...(lastCall ? { callID: lastCall } : {}) }, text: systemReminder(spillLongText(text)) });
      if (decision.blocks.length > 0 || decision.stop) {
        tellUser(
          runtime,
          `PostToolBatch hook stopped the turn: ${[...decision.blocks, decision.stop?.reason ?? ""].filter(Boolean).join("\n") || "continue: false"}`,
          "warning",
        );
        await abortSession(runtime, firing.sessionID); // this very request is interrupted before it goes out
      }
    }
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const postToolBatchDocs = {
  event: "PostToolBatch",
  channel: "`experimental.chat.messages.transform` (awaited before each model request) once a step's tool calls all finished",
  exact: [
    "`tool_calls` with the result text each call returned",
    "a block or `continue: false` stops the loop before the next model call",
    "additionalContext reaches the model",
  ],
  differs: [],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const postToolBatchScenario: EventScenario = {
  event: "PostToolBatch",
  happens:
    "tool.execute.after of the call (message.part.updated of it for an --error), then experimental.chat.messages.transform of the next model request, whose last message is the finished step",
  flags: { tool: TOOL, input: INPUT, output: RESULT, error: TOOL_ERROR },
  checks: [
    (options) => (options.output !== undefined && options.error !== undefined ? "--output and --error: a call has a result or an error, not both" : undefined),
    NEEDS_TOOL,
  ],
  calls: (options) => [
    { channel: "tool.execute.before" },
    options.error !== undefined
      ? { channel: "message.part.updated", failed: options.error }
      : { channel: "tool.execute.after", result: { output: options.output ?? "" } },
    { turn: { step: "the call" } },
    { channel: "experimental.chat.messages.transform" },
  ],
};
