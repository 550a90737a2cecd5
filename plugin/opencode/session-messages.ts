// Reading a session's history through the plugin client, and the pure questions the lifecycle
// events ask of it: how the last turn ended, what the model said last, what the user typed.
import type { Part, TextPart, ToolPart } from "@opencode-ai/sdk/v2";
import type { TurnEnd } from "../stop/stop-guard.js";
import type { MessageWithParts, OpencodeClient } from "./client.js";

/** A text part we added (a Stop continuation, hook context) carries this in its metadata. */
export const OWN_PART = "hooks2opencode";

export async function fetchMessages(client: OpencodeClient, sessionID: string): Promise<MessageWithParts[]> {
  const answer = await client.session?.messages?.({ path: { id: sessionID } });
  return Array.isArray(answer?.data) ? answer.data : [];
}

/** Mirrors OpenCode's own loop exit (the last assistant message answers the last user message and
 *  finished without asking for tools): then the turn is over and Claude would run Stop. */
export function turnEnd(messages: readonly MessageWithParts[]): TurnEnd {
  const lastUser = messages.findLast((message) => message.info.role === "user");
  const lastAssistant = messages.findLast((message) => message.info.role === "assistant");
  const info = lastAssistant?.info;
  // A compaction's summary answers the compaction request, not the user: no turn ended.
  if (!info || info.role !== "assistant" || !lastUser || info.summary === true) return { finished: false, usedTools: false };
  const answers = info.parentID === lastUser.info.id;
  const turn = messages.filter((message) => message.info.role === "assistant" && message.info.parentID === lastUser.info.id);
  const usedTools = turn.some((message) => message.parts.some((part) => part.type === "tool"));
  const error = info.error ? (info.error.name === "MessageAbortedError" ? "aborted" : "failed") : undefined;
  const finished = answers && (error !== undefined || (info.finish !== undefined && info.finish !== "tool-calls" && info.finish !== "unknown"));
  return { assistantID: info.id, finished, usedTools, ...(error ? { error } : {}) };
}

/** The text of the model's last message (Claude's `last_assistant_message`). */
export function lastAssistantText(messages: readonly MessageWithParts[]): string | undefined {
  const last = messages.findLast((message) => message.info.role === "assistant");
  if (!last) return undefined;
  const text = textOf(last.parts);
  return text === "" ? undefined : text;
}

/** What the user typed: the prompt's own text parts, without synthetic or ignored ones. */
export function textOf(parts: readonly Part[]): string {
  return parts
    .filter((part): part is TextPart => part.type === "text" && !part.synthetic && !part.ignored)
    .map((part) => part.text)
    .join("\n");
}

/** A prompt the plugin sent itself (a Stop continuation), not one the user typed. */
export function isContinuation(parts: readonly Part[]): boolean {
  return parts.some((part) => part.type === "text" && part.metadata?.[OWN_PART] === "stop-continuation");
}

export function toolParts(message: MessageWithParts): ToolPart[] {
  return message.parts.filter((part): part is ToolPart => part.type === "tool");
}
