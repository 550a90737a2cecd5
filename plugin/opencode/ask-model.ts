// One evaluation of a `prompt` or `agent` hook by OpenCode's own model: a session of its own (a
// child of the session being judged, so it stays out of the session list; never the judged session
// itself, whose loop may be waiting for this very hook), one prompt with the tools the hook may use,
// the answer's text, then the session is deleted. The plugin ignores every event of such a session
// (build-hooks.ts): no hook runs inside a hook's evaluation.
import type { LogLevel, OpencodeClient } from "./client.js";
import type { ModelRef } from "./hook-model.js";

/** Sessions the plugin starts for hook evaluations are titled so; events for them are ignored. */
export const OWN_SESSION_TITLE = "hooks2opencode: ";

export interface ModelQuestion {
  /** The session being judged: the evaluation is its child. */
  parentID: string;
  /** What the evaluation is, after OWN_SESSION_TITLE. */
  title: string;
  text: string;
  system: string;
  tools: Record<string, boolean>;
  model?: ModelRef;
  timeoutMs: number;
  /** Model steps the evaluation may take (agent hooks: Claude's 50 turns). */
  maxSteps?: number;
}

/** What the plugin knows of a session it started: the model's steps so far, and the limit. */
export interface OwnSession {
  steps: number;
  maxSteps?: number;
  /** The limit was reached and the evaluation aborted. */
  limited?: boolean;
}

export type ModelAnswer = { text: string } | { error: string } | { timedOut: true };

/** What an evaluation needs of the plugin (runtime.ts's Runtime is one): the client, the sessions it started, a log. */
export interface ModelHost {
  readonly client: OpencodeClient;
  readonly ownSessions: Map<string, OwnSession>;
  log(level: LogLevel, text: string): void;
}

export async function askModel(runtime: ModelHost, question: ModelQuestion): Promise<ModelAnswer> {
  const deadline = Date.now() + question.timeoutMs;
  // While a one-shot `opencode run` starts shutting down it interrupts the turns running then, and
  // lets those started later complete (measured with 1.18.33): an interrupted evaluation is asked once more.
  for (let attempt = 1; ; attempt++) {
    const answer = await askOnce(runtime, question, deadline - Date.now());
    if (!("interrupted" in answer)) return answer;
    if (attempt === 2 || Date.now() >= deadline) return { error: "the hook's model was interrupted before it answered" };
    runtime.log("debug", `${question.title}: the evaluation was interrupted; asking again`);
  }
}

async function askOnce(runtime: ModelHost, question: ModelQuestion, timeoutMs: number): Promise<ModelAnswer | { interrupted: true }> {
  const session = runtime.client.session;
  if (!session?.create || !session.prompt) return { error: "this OpenCode client cannot start a session for the hook's model" };
  const created = await session
    .create({ body: { parentID: question.parentID, title: `${OWN_SESSION_TITLE}${question.title}` } })
    .catch((error: unknown) => ({ error }));
  const id = (created as { data?: { id?: unknown } }).data?.id;
  if (typeof id !== "string") return { error: `OpenCode did not start a session for the hook's model: ${describe((created as { error?: unknown }).error)}` };
  // Its session.created may have come first (build-hooks.ts): keep the steps counted since.
  const own = runtime.ownSessions.get(id) ?? { steps: 0 };
  if (question.maxSteps !== undefined) own.maxSteps = question.maxSteps;
  runtime.ownSessions.set(id, own);
  if (runtime.ownSessions.size > 1024) runtime.ownSessions.delete(runtime.ownSessions.keys().next().value!);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), Math.max(0, timeoutMs))));
  try {
    const asked = session
      .prompt({
        path: { id },
        body: {
          parts: [{ type: "text", text: question.text }],
          system: question.system,
          tools: question.tools,
          ...(question.model ? { model: question.model } : {}),
        },
      })
      .catch((error: unknown) => ({ error }));
    const answer = await Promise.race([asked, timedOut]);
    if (answer === "timeout") {
      await session.abort?.({ path: { id } })?.catch(() => {});
      return { timedOut: true };
    }
    if ("error" in answer && answer.error !== undefined) return { error: `the hook's model could not answer: ${describe(answer.error)}` };
    const message = (answer as { data?: { info?: { role?: unknown; error?: { name?: unknown } }; parts?: Array<{ type: string; text?: string }> } }).data;
    if (own.limited) return { error: `the hook's model used its ${own.maxSteps} turns without answering` };
    // No answer of the model's own (OpenCode handed back the question), or an aborted one.
    if (message?.info?.role !== "assistant" || message.info.error?.name === "MessageAbortedError") return { interrupted: true };
    if (message.info.error) return { error: `the hook's model could not answer: ${describe(message.info.error)}` };
    return { text: (message.parts ?? []).flatMap((part) => (part.type === "text" && typeof part.text === "string" ? [part.text] : [])).join("\n") };
  } finally {
    clearTimeout(timer);
    void session.delete?.({ path: { id } })?.catch(() => {});
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const data = (error as { data?: { message?: unknown }; name?: unknown } | undefined)?.data?.message;
  return typeof data === "string" ? data : (JSON.stringify(error) ?? String(error));
}
