// Listeners on `experimental.chat.messages.transform`, the one hook OpenCode awaits before every
// model request (docs/opencode-observed.md §11). Hook output that arrived on fire-and-forget events
// is delivered here, before the model sees the next request: PostToolUseFailure feedback next to
// the failed call, SessionStart(compact) context after the compaction, PostToolBatch context, and
// async hook context in a message of its own after the latest messages. The texts are pinned to
// their place and added again to every later request (OpenCode keeps only what it saved; these were
// never saved), so the history before them never changes. A prompt a UserPromptSubmit hook blocked
// never reaches a model.
import type { Part } from "@opencode-ai/sdk/v2";
import { abortSession, messageID, partID } from "../opencode/inject.js";
import { OWN_PART } from "../opencode/session-messages.js";
import { dueWork, isBlockedPrompt, type PinnedContext, pin, pinnedTexts, takeAsyncContext, takeStartContext } from "../session-state.js";
import { defineListener } from "./define-event.js";

type RequestMessages = Array<{ info: { id: string; sessionID: string; role: string }; parts: Part[] }>;

export const deliverPinnedContext = defineListener({
  name: "add pinned hook context to the model request",
  channel: "experimental.chat.messages.transform",
  async handle({ output }, runtime) {
    const messages = output.messages as unknown as RequestMessages;
    const latest = messages.at(-1);
    const session = latest ? runtime.sessions.peek(latest.info.sessionID) : undefined;
    if (!session || !latest) return;
    await dueWork(session);
    const lastUser = messages.findLast((message) => message.info.role === "user");
    if (lastUser) for (const text of takeStartContext(session)) pin(session, { anchor: { messageID: lastUser.info.id }, text });
    // After the latest messages, as on Claude's next turn (https://code.claude.com/docs/en/hooks#async-hooks), not into the prompt read long ago.
    for (const text of takeAsyncContext(session)) pin(session, { anchor: { messageID: latest.info.id }, text, ownMessageID: messageID() });
    for (const context of pinnedTexts(session)) addPinned(messages, context);
  },
});

export const refuseBlockedPrompt = defineListener({
  name: "keep a blocked prompt from the model",
  channel: "experimental.chat.messages.transform",
  async handle({ output }, runtime) {
    const messages = output.messages as unknown as RequestMessages;
    const lastUser = messages.findLast((message) => message.info.role === "user");
    const session = lastUser && runtime.sessions.peek(lastUser.info.sessionID);
    if (!lastUser || !session || !isBlockedPrompt(session, lastUser.info.id)) return;
    // Aborting interrupts this very request before it is sent.
    await abortSession(runtime, lastUser.info.sessionID);
  },
});

/** Adds a pinned text at its place, once per request, whether OpenCode hands over fresh or reused objects. */
function addPinned(messages: RequestMessages, context: PinnedContext): void {
  const at = messages.findIndex((candidate) => candidate.info.id === context.anchor.messageID);
  const message = messages[at];
  if (!message) return; // compacted away
  if (context.ownMessageID) {
    if (messages.some((candidate) => candidate.info.id === context.ownMessageID)) return;
    // Right after the anchor and the texts pinned after it earlier, so several keep the order they came in.
    let after = at + 1;
    while (isPinnedMessage(messages[after])) after += 1;
    const like = messages.slice(0, after).findLast((candidate) => candidate.info.role === "user")?.info;
    const info = { ...like, id: context.ownMessageID, sessionID: message.info.sessionID, role: "user" };
    // Its part's id is the message's with the part prefix: the same bytes in every request.
    const part = pinnedPart(info, context.text, "pinned-message", context.ownMessageID.replace(/^msg_/, "prt_"));
    messages.splice(after, 0, { info, parts: [part] });
    return;
  }
  if (context.anchor.callID) {
    const part = message.parts.find((candidate) => candidate.type === "tool" && candidate.callID === context.anchor.callID);
    if (part?.type !== "tool") return;
    const state = part.state as { status: string; error?: string; output?: string };
    const field = state.status === "error" ? "error" : state.status === "completed" ? "output" : undefined;
    if (field && !String(state[field] ?? "").includes(context.text)) state[field] = `${String(state[field] ?? "")}\n\n${context.text}`;
    return;
  }
  if (message.parts.some((part) => part.type === "text" && part.metadata?.[OWN_PART] !== undefined && part.text === context.text)) return;
  message.parts.push(pinnedPart(message.info, context.text, "pinned"));
}

function isPinnedMessage(message: RequestMessages[number] | undefined): boolean {
  return (
    message !== undefined && message.parts.length > 0 && message.parts.every((part) => part.type === "text" && part.metadata?.[OWN_PART] === "pinned-message")
  );
}

function pinnedPart(message: { id: string; sessionID: string }, text: string, kind: "pinned" | "pinned-message", id = partID()): Part {
  return { id, sessionID: message.sessionID, messageID: message.id, type: "text", text, synthetic: true, metadata: { [OWN_PART]: kind } };
}
