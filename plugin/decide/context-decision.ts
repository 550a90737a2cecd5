// Combines the results of events whose hooks add context for the model and may block the prompt:
// UserPromptSubmit (blocks), SessionStart and SubagentStart (cannot block; exit-2 stderr is shown to
// the user). Plain stdout of a successful hook is context on UserPromptSubmit and SessionStart only.
// Source: https://code.claude.com/docs/en/hooks#exit-code-2-behavior-per-event, https://code.claude.com/docs/en/hooks#exit-code-output,
// and each event's section under https://code.claude.com/docs/en/hooks#hook-events.
import { additionalContextText, hookSuccessText, systemReminder } from "../protocol/messages.js";
import type { HandlerRun } from "../run/run-handlers.js";
import { type CommonOutcome, collectCommon } from "./common.js";

export interface ContextDecision extends CommonOutcome {
  /** Texts for the model, in settings order. */
  context: string[];
  /** Why the prompt is blocked (exit 2 stderr, `decision: "block"` reason); shown to the user. */
  blocks: string[];
  /** Exit-2 stderr of events that cannot block: shown to the user as a hook error. */
  userErrors: string[];
  sessionTitle?: string;
  /** SessionStart: absolute paths FileChanged hooks watch from now on. */
  watchPaths: string[];
  /** The context texts are final (another agent's own wrapping): not put in Claude's <system-reminder>. */
  verbatim?: boolean;
}

/** A context text as the model reads it: in Claude's <system-reminder>, or as another agent wrote it. */
export function contextText(decision: Pick<ContextDecision, "verbatim">, text: string): string {
  return decision.verbatim ? text : systemReminder(text);
}

export interface ContextRules {
  /** The source (`startup`, `resume`, ...) Claude names SessionStart's plain output after. */
  qualifier?: string;
  /** Plain stdout of a successful hook is context (UserPromptSubmit, SessionStart). */
  plainStdout: boolean;
  /** Exit 2 and `decision: "block"` block (UserPromptSubmit). */
  blocks: boolean;
}

export function decideContext(event: string, runs: readonly HandlerRun[], rules: ContextRules): ContextDecision {
  const merged: ContextDecision = { ...collectCommon(event, rules.qualifier ?? "", runs), context: [], blocks: [], userErrors: [], watchPaths: [] };
  for (const { handler, result } of runs) {
    if (result.status === "success" && result.text !== undefined && rules.plainStdout) {
      merged.context.push(hookSuccessText(event, rules.qualifier, result.text));
    }
    const json = result.status === "success" || result.status === "blocking" ? result.json : undefined;
    const jsonBlock = json?.decision === "block" ? json.reason || "Blocked by hook" : undefined;
    if (result.status === "blocking") {
      const reason = jsonBlock ?? (result.stderr || "No stderr output");
      if (rules.blocks) merged.blocks.push(reason);
      else merged.userErrors.push(`${event} hook error: [${handler.label}]: ${reason}`);
    } else if (jsonBlock !== undefined && rules.blocks) {
      merged.blocks.push(jsonBlock);
    }
    const specific = json?.hookSpecificOutput;
    if (!specific) continue;
    if (typeof specific.additionalContext === "string") merged.context.push(additionalContextText(event, undefined, specific.additionalContext));
    if (typeof specific.sessionTitle === "string") merged.sessionTitle = specific.sessionTitle;
    if (Array.isArray(specific.watchPaths)) merged.watchPaths.push(...(specific.watchPaths as string[]));
  }
  return merged;
}
