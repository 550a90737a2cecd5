// Combines the PreToolUse results of all hooks that ran, as Claude does: the most restrictive
// decision wins (deny > defer > ask > allow; exit 2 counts as deny), every deny reason reaches the
// model, all additionalContext is kept, and the last updatedInput in settings order wins.
// Source: https://code.claude.com/docs/en/hooks#pretooluse-decision-control, https://code.claude.com/docs/en/hooks-guide#combine-results-from-multiple-hooks.
import type { HookJson } from "../protocol/hook-json.js";
import { blockingErrorText, deniedText } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export type PermissionDecision = "allow" | "deny" | "ask" | "defer";

export interface PreToolUseDecision extends CommonOutcome {
  decision?: PermissionDecision;
  /** Model-facing texts of every denying hook, in settings order. */
  denyMessages: string[];
  /** User-facing reasons of allow/ask decisions. */
  reasons: string[];
  updatedInput?: Record<string, unknown>;
  additionalContext: string[];
  /** hooks2opencode extension: a result that stands in for running the tool. */
  substitute?: unknown;
}

const RANK: Record<PermissionDecision, number> = { allow: 1, ask: 2, defer: 3, deny: 4 };

export function decidePreToolUse(tool: string, runs: readonly HandlerRun[]): PreToolUseDecision {
  // Object.assign, not a spread: under Node 20 the spread took about 1 µs of every tool call.
  const merged: PreToolUseDecision = Object.assign(collectCommon("PreToolUse", tool, runs), { denyMessages: [], reasons: [], additionalContext: [] });
  const raise = (decision: PermissionDecision) => {
    if (!merged.decision || RANK[decision] > RANK[merged.decision]) merged.decision = decision;
  };
  let updatedInput: Record<string, unknown> | undefined;
  for (const { handler, result } of runs) {
    if (result.status === "blocking") {
      raise("deny");
      const reason = result.json ? jsonReason(result.json) : undefined;
      merged.denyMessages.push(reason ? deniedText("PreToolUse", tool, reason) : blockingErrorText("PreToolUse", tool, handler.label, result.stderr));
    }
    if (result.status !== "success" && result.status !== "blocking") continue;
    const json = result.json;
    if (!json) continue;
    const specific = json.hookSpecificOutput ?? {};
    if (typeof specific.additionalContext === "string" && specific.permissionDecision !== "defer") {
      merged.additionalContext.push(specific.additionalContext);
    }
    if (result.status === "blocking") continue; // exit 2 blocks whatever the JSON says
    const decision = ownDecision(json);
    if (decision) raise(decision);
    if (decision === "deny") merged.denyMessages.push(deniedText("PreToolUse", tool, jsonReason(json) ?? "Blocked by hook"));
    else if (typeof specific.permissionDecisionReason === "string" && decision) merged.reasons.push(specific.permissionDecisionReason);
    if (decision !== "deny" && decision !== "defer") {
      if (specific.updatedInput) updatedInput = specific.updatedInput as Record<string, unknown>;
      if (json.hooks2opencode?.substituteOutput !== undefined) merged.substitute = json.hooks2opencode.substituteOutput;
    }
  }
  if (updatedInput && (merged.decision === undefined || merged.decision === "allow" || merged.decision === "ask")) {
    merged.updatedInput = updatedInput;
  }
  if (merged.decision === "deny" || merged.decision === "defer") delete merged.substitute;
  return merged;
}

/** hookSpecificOutput.permissionDecision wins over the deprecated top-level decision. */
function ownDecision(json: HookJson): PermissionDecision | undefined {
  const specific = json.hookSpecificOutput?.permissionDecision;
  if (specific === "allow" || specific === "deny" || specific === "ask" || specific === "defer") return specific;
  if (json.decision === "approve") return "allow";
  if (json.decision === "block") return "deny";
  return undefined;
}

function jsonReason(json: HookJson): string | undefined {
  const specific = json.hookSpecificOutput?.permissionDecisionReason;
  if (typeof specific === "string" && specific !== "") return specific;
  return json.reason || undefined;
}
