// The error OpenCode saves on an assistant message when the model call failed, for each StopFailure
// `error` value the plugin can derive from one (plugin/events/stop-failure.ts claudeErrorType reads
// it back: a unit test checks the round trip). Pure.
import type { ApiError } from "./offline-opencode.js";

const STATUS: Record<string, number> = {
  billing_error: 402,
  rate_limit: 429,
  overloaded: 529,
  invalid_request: 400,
  model_not_found: 404,
  server_error: 500,
};

/** OpenCode's error for a Claude StopFailure error type, with `message` as its text (where it has one). */
export function opencodeError(errorType: string, message: string): ApiError {
  switch (errorType) {
    case "authentication_failed":
      return { name: "ProviderAuthError", data: { providerID: "offline", message } };
    case "max_output_tokens":
      return { name: "MessageOutputLengthError", data: {} };
    case "unknown":
      return { name: "UnknownError", data: { message } };
    default: {
      const statusCode = STATUS[errorType];
      if (statusCode === undefined) throw new Error(`no OpenCode error stands for ${errorType}`);
      return { name: "APIError", data: { message, statusCode, isRetryable: statusCode === 429 || statusCode >= 500 } };
    }
  }
}
