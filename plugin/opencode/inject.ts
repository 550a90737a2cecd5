// The ways hook output reaches an OpenCode session, each the closest channel OpenCode 1.18.33 has
// (docs/opencode-observed.md §10): a synthetic text part on the prompt being saved (persisted and
// sent to the model, so context stays in the history as it does in Claude's transcript), an abort,
// a toast, and an answer to a permission prompt. A new turn (a Stop continuation) is events/continue-session.ts.
import { spillLongText } from "../protocol/spill-long-text.js";
import type { LogLevel, OpencodeClient } from "./client.js";
import { OWN_PART } from "./session-messages.js";

export type ContextKind = "session-context" | "prompt-context" | "stop-continuation";

/** What these need of the plugin (runtime.ts's Runtime is one): OpenCode's client, the log and a toast, the kind of run. */
export interface InjectHost {
  readonly client: OpencodeClient;
  /** A one-shot `opencode run`: what the user is told goes to stderr too. */
  readonly oneShotRun: boolean;
  log(level: LogLevel, text: string): void;
  toast(message: string, variant: "info" | "warning" | "error"): void;
}

/** The chat.message output: the user message about to be saved and its parts (mutable). */
export interface PromptOutput {
  message: { id: string; sessionID: string };
  parts: unknown[];
}

/** Adds hook context to the prompt being saved: before the typed text (session start) or after it. */
export function addContextPart(output: PromptOutput, text: string, kind: ContextKind, where: "start" | "end"): void {
  // OpenCode orders a message's parts by id: a part before the typed text needs a smaller one.
  const first = (output.parts[0] as { id?: unknown } | undefined)?.id;
  const part = {
    id: where === "start" && typeof first === "string" ? partIDBefore(first) : partID(),
    sessionID: output.message.sessionID,
    messageID: output.message.id,
    type: "text",
    text: spillLongText(text),
    synthetic: true,
    metadata: { [OWN_PART]: kind },
  };
  if (where === "start") output.parts.unshift(part);
  else output.parts.push(part);
}

/** Stops the session's running turn; resolves when OpenCode answered (never rejects). */
export async function abortSession(runtime: Pick<InjectHost, "client">, sessionID: string): Promise<void> {
  try {
    await runtime.client.session?.abort?.({ path: { id: sessionID } });
  } catch {
    // Best effort: the session goes on if OpenCode cannot abort it.
  }
}

/** A message for the person at the keyboard: the log, a TUI toast, and stderr in `opencode run`. */
export function tellUser(runtime: InjectHost, text: string, variant: "info" | "warning" | "error"): void {
  const message = spillLongText(text);
  runtime.log(variant === "error" ? "error" : variant === "warning" ? "warn" : "info", message);
  runtime.toast(message, variant);
  if (runtime.oneShotRun) process.stderr.write(`hooks2opencode: ${message}\n`);
}

/** Answers a permission prompt; a reject with a message reaches the model as feedback (CorrectedError). */
export async function replyPermission(
  runtime: Pick<InjectHost, "client">,
  request: { id: string; sessionID: string },
  reply: "once" | "always" | "reject",
  message?: string,
): Promise<void> {
  const raw = runtime.client._client;
  if (raw?.post && message !== undefined) {
    const answer = await raw.post({ url: "/permission/{requestID}/reply", path: { requestID: request.id }, body: { reply, message } });
    if (!answer?.error) return;
  }
  await runtime.client.postSessionIdPermissionsPermissionId?.({ path: { id: request.sessionID, permissionID: request.id }, body: { response: reply } });
}

/** An id that sorts just before `id` (same format, one tick earlier, fresh random tail). */
export function partIDBefore(id: string): string {
  const time = /^prt_([0-9a-f]{12})/.exec(id)?.[1];
  if (!time) return partID();
  const earlier = (BigInt(`0x${time}`) - 1n).toString(16).padStart(12, "0");
  return `prt_${earlier}${randomTail()}`;
}

let lastMillis = 0;
let counter = 0;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A part id in OpenCode's ascending format: `prt_` + 12 hex digits of (ms × 4096 + counter) + 14 random. */
export function partID(now = Date.now()): string {
  return ascendingID("prt", now);
}

/** A message id in the same format (`msg_`), for a message the plugin adds to model requests only. */
export function messageID(now = Date.now()): string {
  return ascendingID("msg", now);
}

function ascendingID(prefix: "prt" | "msg", now: number): string {
  if (now !== lastMillis) {
    lastMillis = now;
    counter = 0;
  }
  counter += 1;
  const time = ((BigInt(now) * 4096n + BigInt(counter)) & 0xffffffffffffn).toString(16).padStart(12, "0");
  return `${prefix}_${time}${randomTail()}`;
}

function randomTail(): string {
  let random = "";
  for (let i = 0; i < 14; i++) random += BASE62[Math.floor(Math.random() * 62)];
  return random;
}
