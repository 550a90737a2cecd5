// UserPromptSubmit -> `chat.message`, which OpenCode awaits before it saves the prompt. Plain stdout
// and additionalContext become a synthetic text part after the prompt: saved with it and sent to the
// model on this and every later turn, as Claude keeps hook context in its transcript (the
// alternative, `message.system`, would vanish after this turn). A block (exit 2, `decision:
// "block"`, `continue: false`) keeps the prompt from the model: its text parts are marked ignored
// (OpenCode sends ignored parts to no model, not even for the title) and the turn is aborted before
// its first model request; the user sees the reason (toast, log, and stderr in `opencode run`).
// Throwing instead would make `opencode run` print "Unexpected server error" and exit 1
// (docs/opencode-observed.md §8). Our own Stop continuations and subagent prompts are not user prompts.
// Source: https://code.claude.com/docs/en/hooks#userpromptsubmit-decision-control, https://code.claude.com/docs/en/hooks#exit-code-2-behavior-per-event.
import { type ContextDecision, contextText, decideContext } from "../decide/context-decision.js";
import { abortSession, addContextPart, type PromptOutput, tellUser } from "../opencode/inject.js";
import { isContinuation, textOf } from "../opencode/session-messages.js";
import { promptBlockedText } from "../protocol/messages.js";
import type { Runtime } from "../runtime.js";
import { isBlockedPrompt, rememberBlockedPrompt, takeNextPromptBlock } from "../session-state.js";
import { defineEvent, defineListener } from "./define-event.js";
import type { EventScenario } from "./scenario.js";
import { TYPED, typedPrompt } from "./scenario-parts.js";

interface PromptFiring {
  sessionID: string;
  prompt: string;
  output: PromptOutput & { parts: Array<{ type: string; ignored?: boolean }> };
}

export default defineEvent<"chat.message", PromptFiring, ContextDecision>({
  name: "UserPromptSubmit",
  channel: "chat.message",
  freshTranscript: true,
  firings({ input, output }, runtime) {
    const session = runtime.sessions.get(input.sessionID);
    const parts = output.parts as unknown as Parameters<typeof textOf>[0];
    if (session.parentID || isContinuation(parts) || isBlockedPrompt(session, output.message.id)) return [];
    return [{ sessionID: input.sessionID, prompt: textOf(parts), output: output as unknown as PromptFiring["output"] }];
  },
  session: (firing) => firing.sessionID,
  input: (firing) => ({ prompt: firing.prompt }),
  decide: (runs) => decideContext("UserPromptSubmit", runs, { plainStdout: true, blocks: true }),
  apply(fired, _call, runtime) {
    for (const { firing, decision } of fired) {
      const blocked = decision.stop ? [decision.stop.reason || "continue: false"] : decision.blocks;
      if (blocked.length > 0) {
        blockPrompt(firing, blocked.join("\n"), runtime);
        continue;
      }
      for (const text of decision.context) addContextPart(firing.output, contextText(decision, text), "prompt-context", "end");
      if (decision.sessionTitle)
        void runtime.client.session?.update?.({ path: { id: firing.sessionID }, body: { title: decision.sessionTitle } })?.catch(() => {});
    }
  },
});

/** The prompt of a /command a UserPromptExpansion hook blocked is kept from the model too. */
export const blockExpandedPrompt = defineListener({
  name: "block the prompt of a blocked /command",
  channel: "chat.message",
  handle({ input, output }, runtime) {
    const reason = takeNextPromptBlock(runtime.sessions.get(input.sessionID));
    if (reason === undefined) return;
    blockPrompt({ sessionID: input.sessionID, prompt: "", output: output as unknown as PromptFiring["output"] }, reason, runtime, "UserPromptExpansion");
  },
});

function blockPrompt(firing: PromptFiring, reason: string, runtime: Runtime, event = "UserPromptSubmit"): void {
  for (const part of firing.output.parts) if (part.type === "text") part.ignored = true;
  rememberBlockedPrompt(runtime.sessions.get(firing.sessionID), firing.output.message.id);
  tellUser(runtime, promptBlockedText(event, reason), "warning");
  // After OpenCode saved the message and started the turn: abort it before its first model request.
  setTimeout(() => void abortSession(runtime, firing.sessionID), 0);
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const userPromptSubmitDocs = {
  event: "UserPromptSubmit",
  channel: "`chat.message` (awaited before the prompt is saved)",
  exact: [
    "plain stdout and additionalContext reach the model with the prompt (a synthetic part, kept in the history as Claude keeps it in its transcript)",
    'exit 2 / `decision: "block"` / `continue: false` keep the prompt from the model and show the reason',
    "`sessionTitle` renames the session",
    "not for the plugin's own Stop continuations or subagent prompts",
  ],
  differs: [
    "a blocked prompt stays in the session as ignored text (OpenCode sends it to no model) and its turn is aborted before any model request",
    "the user sees the reason as a toast, in the log, and on stderr in `opencode run` (which exits 0)",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const userPromptSubmitScenario: EventScenario = {
  event: "UserPromptSubmit",
  happens: "chat.message of the prompt, before OpenCode saves it",
  flags: { prompt: TYPED },
  calls: (options) => [{ channel: "chat.message", text: typedPrompt(options) }],
};
