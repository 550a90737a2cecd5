// `onFailure: "block"`: a failure counts as exit 2, except on the events where Claude ignores it
// (a failing gate must not loop the agent forever). Claude Code 2.1.332 bundle.
import { type EventName, eventInfo } from "../../../schema/events.js";

export function failureBlocks(event: EventName, handler: { onFailure?: string }): boolean {
  return handler.onFailure === "block" && !eventInfo(event).ignoresOnFailure;
}
