// PreToolUse -> `tool.execute.before`. Deny (or exit 2) throws, which makes OpenCode skip the tool
// and show the model exactly the reason; updatedInput is mapped back to OpenCode's arg names and
// applied in place; allow answers OpenCode's permission prompt for this call; ask is left to
// OpenCode's own permission rules (a plugin cannot raise a prompt); additionalContext is kept for
// the after-hook. Source: claude-code-hooks.md §4.3, opencode-plugin-api.md §2.3 and §8.
import { isDeepStrictEqual } from "node:util";
import { decidePreToolUse, type PreToolUseDecision } from "../decide/pre-tool-use-decision.js";
import { additionalContextText, systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../run/spill-long-text.js";
import { prepareSubstitute, substituteText } from "../substitute.js";
import { replaceInPlace, toOpencodeArgs } from "../tools/table.js";
import { defineToolEvent, HookBlock, type ToolHookContext, type Verdict } from "./define-tool-event.js";
import { reportCommon } from "./report-common.js";

export default defineToolEvent<PreToolUseDecision>({
  name: "PreToolUse",
  channel: "tool.execute.before",
  buildInput: (call, context) => ({
    tool_use_id: context.callID,
    ...(call.mcpServer !== undefined ? { mcp_server: { name: call.mcpServer } } : {}),
  }),
  decide: decidePreToolUse,
  apply(verdicts, context) {
    const { runtime, callID } = context;
    for (const { decision } of verdicts) reportCommon(runtime, context.sessionID, decision);
    const stop = verdicts.find((verdict) => verdict.decision.stop)?.decision.stop;
    if (stop) throw new HookBlock(stop.reason || "Stopped by a PreToolUse hook (continue: false)");
    const denials = verdicts.flatMap((verdict) => verdict.decision.denyMessages);
    if (denials.length > 0) throw new HookBlock(denials.map((text) => spillLongText(text)).join("\n\n"));

    const state = runtime.callState(callID);
    for (const { call, decision } of verdicts) {
      for (const text of decision.additionalContext) state.context.push(systemReminder(spillLongText(additionalContextText("PreToolUse", call.toolName, text))));
    }
    applyUpdatedInput(verdicts, context);
    if (verdicts.length > 0 && verdicts.every((verdict) => verdict.decision.decision === "allow")) state.allowed = true;
    if (verdicts.some((verdict) => verdict.decision.decision === "ask")) {
      runtime.log("info", `PreToolUse hook asked for confirmation of ${context.tool} (${callID}); OpenCode's permission rules decide`);
    }
    applySubstitute(verdicts, context);
  },
});

/**
 * A rewrite that cannot be applied fails closed: the hook meant the original call not to run as is.
 * A rewrite equal to the input changes nothing and always passes.
 */
function applyUpdatedInput(verdicts: Verdict<PreToolUseDecision>[], context: ToolHookContext): void {
  for (const { call, decision } of verdicts) {
    if (!decision.updatedInput || isDeepStrictEqual(decision.updatedInput, call.toolInput)) continue;
    const notRun = (why: string) => new HookBlock(`PreToolUse:${call.toolName} hook rewrote the tool input, but ${why}; the call was not run.`);
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

function applySubstitute(verdicts: Verdict<PreToolUseDecision>[], context: ToolHookContext): void {
  const value = verdicts.find((verdict) => verdict.decision.substitute !== undefined)?.decision.substitute;
  if (value === undefined) return;
  const text = substituteText(value);
  const { output } = context;
  if (prepareSubstitute(context.tool, context.args, output, text, context.runtime.directory)) {
    const state = context.runtime.callState(context.callID);
    state.substitute = { text };
    delete state.rewrittenArgs; // the stand-in call replaced any rewrite
    return;
  }
  // A tool with side effects cannot be skipped safely: deliver the result the way Claude's deny would.
  throw new HookBlock(text);
}
