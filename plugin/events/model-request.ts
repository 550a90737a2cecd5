// Listeners on `experimental.chat.messages.transform`, the one hook OpenCode awaits before every
// model request (docs/opencode-observed.md §11). Hook output that arrived on fire-and-forget events
// is delivered here, before the model sees the next request: PostToolUseFailure feedback next to
// the failed call, SessionStart(compact) context after the compaction, PostToolBatch context. The
// texts are pinned to their place and added again to every later request (OpenCode keeps only what
// it saved; these were never saved). A prompt a UserPromptSubmit hook blocked never reaches a model.
import type { Part } from "@opencode-ai/sdk/v2";
import { abortSession, partID } from "../opencode/inject.js";
import { OWN_PART } from "../opencode/session-messages.js";
import { dueWork, type PinnedContext, pin, takePendingWake } from "../session-state.js";
import { defineListener } from "./define-event.js";

type RequestMessages = Array<{ info: { id: string; sessionID: string; role: string }; parts: Part[] }>;

export const deliverPinnedContext = defineListener({
  name: "add pinned hook context to the model request",
  channel: "experimental.chat.messages.transform",
  async handle({ output }, runtime) {
    const messages = output.messages as unknown as RequestMessages;
    const sessionID = messages.at(-1)?.info.sessionID;
    const session = sessionID ? runtime.sessions.peek(sessionID) : undefined;
    if (!session) return;
    await dueWork(session);
    const lastUser = messages.findLast((message) => message.info.role === "user");
    if (lastUser) takePendingWake(session);
    if (session.startContext.length > 0 && lastUser) {
      for (const text of session.startContext) pin(session, { anchor: { messageID: lastUser.info.id }, text });
      session.startContext = [];
    }
    for (const context of session.pinned) addPinned(messages, context);
  },
});

export const refuseBlockedPrompt = defineListener({
  name: "keep a blocked prompt from the model",
  channel: "experimental.chat.messages.transform",
  async handle({ output }, runtime) {
    const messages = output.messages as unknown as RequestMessages;
    const lastUser = messages.findLast((message) => message.info.role === "user");
    if (!lastUser || !runtime.sessions.peek(lastUser.info.sessionID)?.blockedPrompts.has(lastUser.info.id)) return;
    // Aborting interrupts this very request before it is sent.
    await abortSession(runtime, lastUser.info.sessionID);
  },
});

/** Adds a pinned text at its place, once per request, whether OpenCode hands over fresh or reused objects. */
function addPinned(messages: RequestMessages, context: PinnedContext): void {
  const message = messages.find((candidate) => candidate.info.id === context.anchor.messageID);
  if (!message) return; // compacted away
  if (context.anchor.callID) {
    const part = message.parts.find((candidate) => candidate.type === "tool" && candidate.callID === context.anchor.callID);
    if (part?.type !== "tool") return;
    const state = part.state as { status: string; error?: string; output?: string };
    const field = state.status === "error" ? "error" : state.status === "completed" ? "output" : undefined;
    if (field && !String(state[field] ?? "").includes(context.text)) state[field] = `${String(state[field] ?? "")}\n\n${context.text}`;
    return;
  }
  if (message.parts.some((part) => part.type === "text" && part.metadata?.[OWN_PART] !== undefined && part.text === context.text)) return;
  message.parts.push({
    id: partID(),
    sessionID: message.info.sessionID,
    messageID: message.info.id,
    type: "text",
    text: context.text,
    synthetic: true,
    metadata: { [OWN_PART]: "pinned" },
  });
}
