// PreToolUse -> `tool.execute.before`. Deny (or exit 2) throws, which makes OpenCode skip the tool
// and show the model exactly the reason; updatedInput is mapped back to OpenCode's arg names and
// applied in place; allow answers OpenCode's permission prompt for this call; ask makes OpenCode ask
// the user about the call from the session's next turn, and does not run it before (ask-user.ts);
// additionalContext is kept for the after-hook. Source: https://code.claude.com/docs/en/hooks#pretooluse-decision-control; docs/opencode-observed.md §1, §2, §6, §14.
// The listeners below are the rest of PreToolUse: the per-call state its after-hook part reads.
import { isDeepStrictEqual } from "node:util";
import { decidePreToolUse, type PreToolUseDecision } from "../decide/pre-tool-use-decision.js";
import { additionalContextText, systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import { appendModelOutput, prepareSubstitute, replaceModelOutput, substituteText } from "../substitute.js";
import { replaceInPlace, toOpencodeArgs } from "../tools/table.js";
import { tellUser } from "../opencode/inject.js";
import { askTheUser } from "./ask-user.js";
import { defineListener, HookBlock } from "./define-event.js";
import { defineToolEvent, toolContext, type ToolHookContext, type CallDecision } from "./define-tool-event.js";
import type { EventScenario } from "./scenario.js";
import { INPUT, NEEDS_TOOL, RESULT, TOOL } from "./scenario-parts.js";

export default defineToolEvent<"tool.execute.before", PreToolUseDecision>({
  name: "PreToolUse",
  channel: "tool.execute.before",
  // A tool call whose hooks could not even be run is not let through (guards may be among them).
  failClosed: true,
  // Decisions of handlers that did not run block nothing, add nothing, rewrite nothing.
  idleWhenNoneRan: true,
  input: (call, context) => ({
    tool_use_id: context.callID,
    ...(call.mcpServer !== undefined ? { mcp_server: { name: call.mcpServer } } : {}),
  }),
  decide: decidePreToolUse,
  async apply(decisions, context) {
    const { runtime, callID } = context;
    const state = runtime.callState(callID);
    const stop = decisions.find((each) => each.decision.stop)?.decision.stop;
    const denials = decisions.flatMap((each) => each.decision.denyMessages);
    if (stop || denials.length > 0) {
      state.blocked = true;
      if (stop) throw new HookBlock(stop.reason || "Stopped by a PreToolUse hook (continue: false)");
      throw new HookBlock(denials.map((text) => spillLongText(text)).join("\n\n"));
    }
    for (const { call, decision } of decisions) {
      for (const text of decision.additionalContext)
        state.context.push(systemReminder(spillLongText(additionalContextText("PreToolUse", call.toolName, text))));
    }
    applyUpdatedInput(decisions, context);
    if (decisions.length > 0 && decisions.every((each) => each.decision.decision === "allow")) state.allowed = true;
    // Claude shows the reason of an allow or ask to the user, not to the model (https://code.claude.com/docs/en/hooks#pretooluse-decision-control).
    for (const reason of decisions.flatMap((each) => each.decision.reasons)) tellUser(runtime, `PreToolUse hook on ${context.tool}: ${reason}`, "info");
    const asked = decisions.find((each) => each.decision.decision === "ask");
    if (asked) {
      state.hookAsked = true;
      await askTheUser(context, asked.call.mcpServer);
    }
    applySubstitute(decisions, context);
  },
});

/** Opens the call's state before any hook runs: its start time (duration_ms), tool and args. */
export const openCallState = defineListener({
  name: "open the call's state",
  channel: "tool.execute.before",
  handle(call, runtime) {
    const context = toolContext(call, runtime);
    const state = runtime.callState(context.callID);
    state.tool = context.tool;
    state.args = context.args;
  },
});

/** Before PostToolUse sees the result: a substitute replaces it, and a lost rewrite is reported. */
export const substituteResult = defineListener({
  name: "deliver the PreToolUse substitute",
  channel: "tool.execute.after",
  handle(call, runtime) {
    const context = toolContext(call, runtime);
    const state = runtime.peekCallState(context.callID);
    if (state?.substitute) replaceModelOutput(context.output, state.substitute.text);
    if (state?.rewrittenArgs && !isDeepStrictEqual(context.args, state.rewrittenArgs)) {
      // e.g. another plugin reassigned output.args, so OpenCode ran the original (oh-my-opencode-slim#1038)
      runtime.log("warn", `updatedInput for ${context.tool} (${context.callID}) did not reach the tool: OpenCode ran ${JSON.stringify(context.args)}`);
    }
  },
});

/** After the post-tool events: PreToolUse context joins the result, and the call's state is released. */
export const closeCallState = defineListener({
  name: "append PreToolUse context and close the call's state",
  channel: "tool.execute.after",
  handle(call, runtime) {
    const context = toolContext(call, runtime);
    const state = runtime.takeCallState(context.callID);
    for (const text of state?.context ?? []) appendModelOutput(context.output, text);
  },
});

/**
 * A rewrite that cannot be applied fails closed: the hook meant the original call not to run as is.
 * A rewrite equal to the input changes nothing and always passes.
 */
function applyUpdatedInput(decisions: CallDecision<PreToolUseDecision>[], context: ToolHookContext): void {
  for (const { call, decision } of decisions) {
    if (!decision.updatedInput || isDeepStrictEqual(decision.updatedInput, call.toolInput)) continue;
    const notRun = (why: string) => {
      context.runtime.callState(context.callID).blocked = true;
      return new HookBlock(`PreToolUse:${call.toolName} hook rewrote the tool input, but ${why}; the call was not run.`);
    };
    if (call.fromPatch) throw notRun(`hooks2opencode cannot rewrite one file of an apply_patch call (${String(call.toolInput.file_path)})`);
    const args = toOpencodeArgs(call.mapping, decision.updatedInput);
    try {
      replaceInPlace(context.args, args);
    } catch (error) {
      throw notRun(`OpenCode's arguments could not be changed (${(error as Error).message})`);
    }
    context.runtime.callState(context.callID).rewrittenArgs = args;
  }
}

function applySubstitute(decisions: CallDecision<PreToolUseDecision>[], context: ToolHookContext): void {
  const value = decisions.find((each) => each.decision.substitute !== undefined)?.decision.substitute;
  if (value === undefined) return;
  const text = substituteText(value);
  const state = context.runtime.callState(context.callID);
  if (prepareSubstitute(context.tool, context.args, context.runtime.directory)) {
    state.substitute = { text };
    delete state.rewrittenArgs; // the stand-in call replaced any rewrite
    return;
  }
  // A tool with side effects cannot be skipped safely: deliver the result the way Claude's deny would.
  state.blocked = true;
  throw new HookBlock(text);
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const preToolUseDocs = {
  event: "PreToolUse",
  channel: "`tool.execute.before`, before OpenCode's own permission check",
  exact: [
    "`tool_name` (matcher) and `tool_input` in Claude's names ([tools.md](tools.md))",
    "blocks and `additionalContext` ([What the model sees](#what-the-model-sees))",
    "`updatedInput`, mapped back to OpenCode's arguments",
  ],
  differs: [
    "`allow`, `ask`, `defer` and an `updatedInput` that cannot be applied ([Decisions OpenCode has no exact equivalent for](#decisions-opencode-has-no-exact-equivalent-for))",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const preToolUseScenario: EventScenario = {
  event: "PreToolUse",
  happens: "tool.execute.before of the tool call, then tool.execute.after if it runs",
  flags: { tool: TOOL, input: INPUT, output: RESULT },
  checks: [NEEDS_TOOL],
  calls: (options) => [
    { channel: "tool.execute.before" },
    { channel: "permission.asked", ifRulesAsk: true },
    { channel: "tool.execute.after", result: { output: options.output ?? "" } },
  ],
};
