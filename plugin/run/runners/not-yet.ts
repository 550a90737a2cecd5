// Handler types hooks2opencode does not run yet: convert drops them with this reason, and a
// hand-edited plugin that embeds one gets a non-blocking error instead of a crash.
import type { HandlerType } from "../../../schema/events.js";
import { defineRunner, type Runner } from "./define-runner.js";

export function notYet<T extends HandlerType>(type: T): Runner<T> {
  const unsupported = `${type} hooks are not supported yet (command, http, prompt and agent are)`;
  return defineRunner({ type, unsupported, run: async () => ({ result: { status: "error", message: unsupported } }) });
}
