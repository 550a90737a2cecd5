// PostToolUse -> `tool.execute.after` (OpenCode calls it only when the tool succeeded, as Claude
// fires PostToolUse only on success; a Bash command that exits non-zero is a failure for Claude and
// goes to PostToolUseFailure instead). Hook feedback (exit-2 stderr, decision:block reasons,
// additionalContext) is appended to what the model sees; updatedToolOutput replaces it.
// Built-in tools: `output.output`; MCP tools: `output.content` (docs/opencode-observed.md §5).
import { decidePostToolUse, type PostToolUseDecision } from "../decide/post-tool-use-decision.js";
import { systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import { appendModelOutput, replaceModelOutput, substituteText } from "../substitute.js";
import { failedBashExit } from "../tools/tool-failure.js";
import { type ToolOutput, toolResponse } from "../tools/tool-response.js";
import { defineToolEvent } from "./define-tool-event.js";
import type { EventScenario } from "./scenario.js";
import { INPUT, NEEDS_TOOL, RESULT, TOOL } from "./scenario-parts.js";

export default defineToolEvent<"tool.execute.after", PostToolUseDecision>({
  name: "PostToolUse",
  channel: "tool.execute.after",
  fires: (context) => failedBashExit(context.tool, context.output) === undefined,
  // Decisions of handlers that did not run replace and append nothing.
  idleWhenNoneRan: true,
  input: (call, context) => {
    const startedAt = context.runtime.peekCallState(context.callID)?.startedAt;
    return {
      tool_response: toolResponse(call, context.output as ToolOutput),
      tool_use_id: context.callID,
      ...(startedAt !== undefined ? { duration_ms: Date.now() - startedAt } : {}),
      ...(call.mcpServer !== undefined ? { mcp_server: { name: call.mcpServer } } : {}),
    };
  },
  decide: decidePostToolUse,
  apply(decisions, context) {
    const { output } = context;
    const replaced = decisions.findLast((each) => each.decision.updatedToolOutput)?.decision.updatedToolOutput;
    if (replaced && Array.isArray(output.content) && Array.isArray(replaced.value)) output.content = replaced.value;
    else if (replaced) replaceModelOutput(output, outputText(replaced.value));
    for (const { decision } of decisions) {
      for (const text of decision.feedback) appendModelOutput(output, decision.verbatim ? text : systemReminder(spillLongText(text)));
    }
  },
});

/** updatedToolOutput in Claude's structured shape: show its text (Bash stdout) or the JSON. */
function outputText(value: unknown): string {
  if (value && typeof value === "object" && "stdout" in value && typeof value.stdout === "string") return value.stdout;
  return substituteText(value);
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const postToolUseDocs = {
  event: "PostToolUse",
  channel: "`tool.execute.after` (only after a successful tool, as in Claude; not for a Bash command that exits non-zero, which Claude calls a failure)",
  exact: [
    "`tool_response` and `duration_ms` ([Hook input](#hook-input))",
    "blocks, `additionalContext` and `updatedToolOutput` ([What the model sees](#what-the-model-sees))",
  ],
  differs: [],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const postToolUseScenario: EventScenario = {
  event: "PostToolUse",
  happens: "tool.execute.after of a tool call that succeeded",
  flags: { tool: TOOL, input: INPUT, output: RESULT },
  checks: [NEEDS_TOOL],
  calls: (options) => [{ channel: "tool.execute.before" }, { channel: "tool.execute.after", result: { output: options.output ?? "" } }],
};
