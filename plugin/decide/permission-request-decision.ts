// Combines PermissionRequest results: the first hook (in settings order, so the outcome never
// depends on which finished first) whose JSON carries `hookSpecificOutput.decision` answers the
// prompt; exit 2 is not honoured; no decision leaves the prompt to the user.
// Source: https://code.claude.com/docs/en/hooks#permissionrequest-decision-control; first decision wins: Claude Code 2.1.332 bundle.
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface PermissionAnswer {
  behavior: "allow" | "deny";
  /** deny: what the model is told (Claude's default: "Permission denied by hook"). */
  message: string;
  /** deny: also stop the turn. */
  interrupt: boolean;
  /** allow: rewritten tool input (Claude names). */
  updatedInput?: Record<string, unknown>;
  /** allow: permission rules to remember, e.g. an "always allow" for this command. */
  updatedPermissions: unknown[];
}

export interface PermissionRequestDecision extends CommonOutcome {
  answer?: PermissionAnswer;
}

export const DEFAULT_DENY_MESSAGE = "Permission denied by hook";

export function decidePermissionRequest(tool: string, runs: readonly HandlerRun[]): PermissionRequestDecision {
  const merged: PermissionRequestDecision = collectCommon("PermissionRequest", tool, runs);
  for (const { result } of runs) {
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    const decision = json?.hookSpecificOutput?.decision as Record<string, unknown> | undefined;
    if (!decision || (decision.behavior !== "allow" && decision.behavior !== "deny")) continue;
    merged.answer = {
      behavior: decision.behavior,
      message: typeof decision.message === "string" && decision.message !== "" ? decision.message : DEFAULT_DENY_MESSAGE,
      interrupt: decision.interrupt === true,
      ...(isRecord(decision.updatedInput) ? { updatedInput: decision.updatedInput } : {}),
      updatedPermissions: Array.isArray(decision.updatedPermissions) ? decision.updatedPermissions : [],
    };
    break;
  }
  return merged;
}

/** An allow that adds an allow rule means "always" to OpenCode; anything else is "once". */
export function remembersAllow(answer: PermissionAnswer): boolean {
  return answer.updatedPermissions.some(
    (update) => isRecord(update) && (update.type === "addRules" || update.type === "replaceRules") && update.behavior === "allow",
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
