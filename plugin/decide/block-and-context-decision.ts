// Combines the results of events that can stop what comes next and otherwise add text:
// PreCompact (exit 2 or `decision: "block"` blocks the compaction; the plain stdout of successful
// hooks joins the compaction instructions) and PostToolBatch (a block or `continue: false` stops the
// loop before the next model call; additionalContext goes to the model).
// Source: https://code.claude.com/docs/en/hooks#precompact, https://code.claude.com/docs/en/hooks#posttoolbatch-decision-control;
// that PreCompact stdout joins the instructions is read from the Claude Code 2.1.332 bundle.
import { additionalContextText } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { MAX_HOOK_TEXT } from "../protocol/spill-long-text.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface BlockAndContextDecision extends CommonOutcome {
  blocks: string[];
  /** PreCompact: plain stdout; PostToolBatch: additionalContext. */
  texts: string[];
}

export function decideBlockAndContext(event: "PreCompact" | "PostToolBatch", runs: readonly HandlerRun[]): BlockAndContextDecision {
  const common = collectCommon(event, "", runs);
  // PreCompact discards systemMessage and continue; PostToolBatch honours both.
  const merged: BlockAndContextDecision =
    event === "PreCompact"
      ? { notices: common.notices, systemMessages: [], ...(common.notRun ? { notRun: common.notRun } : {}), blocks: [], texts: [] }
      : { ...common, blocks: [], texts: [] };
  for (const { result } of runs) {
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    if (result.status === "blocking") merged.blocks.push(json?.decision === "block" && json.reason ? json.reason : result.stderr || "No stderr output");
    else if (json?.decision === "block") merged.blocks.push(json.reason || "Blocked by hook");
    if (event === "PreCompact" && result.status === "success" && result.text !== undefined) merged.texts.push(result.text.trim().slice(0, MAX_HOOK_TEXT));
    const context = json?.hookSpecificOutput?.additionalContext;
    if (event === "PostToolBatch" && typeof context === "string") merged.texts.push(additionalContextText(event, undefined, context));
  }
  return merged;
}
