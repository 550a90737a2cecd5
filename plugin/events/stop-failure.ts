// StopFailure -> `session.idle` after a turn that ended in an error the model call returned (not an
// Esc): instead of Stop, as in Claude. The error is named with Claude's values, mapped from
// OpenCode's error types and HTTP status; output is ignored. Source: https://code.claude.com/docs/en/hooks#stopfailure.
import type { AssistantMessage } from "@opencode-ai/sdk/v2";
import { eventInfo } from "../../schema/events.js";
import { decideIgnored } from "../decide/ignored-decision.js";
import { turnEnd } from "../opencode/session-messages.js";
import { sessionSlot } from "../session-state.js";
import { defineEvent } from "./define-event.js";
import { idleMessages } from "./stop.js";
import type { EventScenario } from "./scenario.js";
import { TURN_PROMPT } from "./scenario-parts.js";

interface FailureFiring {
  sessionID: string;
  error: string;
  details: string;
}

/** The last failed turn StopFailure ran for. */
const reported = sessionSlot<string | undefined>(() => undefined);

/** Claude StopFailure errors that OpenCode's providers never report: account and cloud-credential problems. */
const NOT_FROM_OPENCODE: readonly string[] = ["oauth_org_not_allowed", "account_on_hold", "verification_required", "cloud_credential_error"];

export default defineEvent<"session.idle", FailureFiring, ReturnType<typeof decideIgnored>>({
  name: "StopFailure",
  channel: "session.idle",
  freshTranscript: true,
  async firings(call, runtime) {
    const session = runtime.sessions.get(call.input.sessionID);
    if (session.parentID) return [];
    const messages = await idleMessages(call, runtime);
    const turn = turnEnd(messages);
    const last = messages.findLast((message) => message.info.role === "assistant")?.info as AssistantMessage | undefined;
    if (turn.error !== "failed" || !last?.error || reported.get(session) === last.id) return [];
    reported.set(session, last.id);
    return [{ sessionID: call.input.sessionID, error: claudeErrorType(last.error), details: errorMessage(last.error) }];
  },
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.error,
  matchValues: eventInfo("StopFailure").values!.filter((value) => !NOT_FROM_OPENCODE.includes(value)),
  input: (firing) => ({ error: firing.error, error_details: firing.details, last_assistant_message: firing.details }),
  decide: (runs) => decideIgnored("StopFailure", runs),
  apply() {},
});

type OpencodeError = NonNullable<AssistantMessage["error"]>;

/** Claude's StopFailure `error` values, from OpenCode's error name and the provider's HTTP status. */
export function claudeErrorType(error: OpencodeError): string {
  switch (error.name) {
    case "ProviderAuthError":
      return "authentication_failed";
    case "MessageOutputLengthError":
      return "max_output_tokens";
    case "ContextOverflowError":
      return "invalid_request";
    case "APIError": {
      const status = (error.data as { statusCode?: number }).statusCode;
      if (status === 401 || status === 403) return "authentication_failed";
      if (status === 402) return "billing_error";
      if (status === 404) return "model_not_found";
      if (status === 429) return "rate_limit";
      if (status === 529) return "overloaded";
      if (status !== undefined && status >= 500) return "server_error";
      if (status !== undefined && status >= 400) return "invalid_request";
      return "unknown";
    }
    default:
      return "unknown";
  }
}

function errorMessage(error: OpencodeError): string {
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : error.name;
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const stopFailureDocs = {
  event: "StopFailure",
  channel: "`session.idle` after a turn that ended in a provider error",
  exact: ["runs instead of Stop", "`error` in Claude's names (`rate_limit`, `server_error`, `invalid_request`, ...), `error_details`", "output ignored"],
  differs: ["the name is mapped from OpenCode's error type and the HTTP status"],
} as const;

/** Claude error types whose OpenCode error carries no text (MessageOutputLengthError): error_details is its name. */
const WITHOUT_MESSAGE: readonly string[] = ["max_output_tokens"];

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const stopFailureScenario: EventScenario = {
  event: "StopFailure",
  happens: "session.idle after a turn that ended in an error of the model call, saved on its assistant message",
  flags: { errorType: "Claude's error type, e.g. rate_limit, server_error (default unknown)", error: "the API error's text", prompt: TURN_PROMPT },
  checks: [
    { flag: "errorType", oneOf: "matcher values", never: { why: "OpenCode reports no such error" } },
    ({ error, errorType }) =>
      error !== undefined && WITHOUT_MESSAGE.includes(errorType ?? "")
        ? `--error: OpenCode's error for ${errorType} carries no text (error_details is its name)`
        : undefined,
  ],
  subject: (options) => options.errorType ?? "unknown",
  calls: (options) => [
    { turn: { prompt: options.prompt, error: { type: options.errorType ?? "unknown", text: options.error ?? "(the API error)" } } },
    { channel: "session.idle" },
  ],
};
