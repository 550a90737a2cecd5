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
import { type ContextDecision, decideContext } from "../decide/context-decision.js";
import { abortSession, addContextPart, type PromptOutput, tellUser } from "../opencode/inject.js";
import { isContinuation, textOf } from "../opencode/session-messages.js";
import { promptBlockedText, systemReminder } from "../protocol/messages.js";
import { rememberBlockedPrompt } from "../session-state.js";
import { defineEvent, defineListener } from "./define-event.js";

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
    if (session.parentID || isContinuation(parts) || session.blockedPrompts.has(output.message.id)) return [];
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
      for (const text of decision.context) addContextPart(firing.output, systemReminder(text), "prompt-context", "end");
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
    const session = runtime.sessions.get(input.sessionID);
    const reason = session.blockNextPrompt;
    if (reason === undefined) return;
    session.blockNextPrompt = undefined;
    blockPrompt({ sessionID: input.sessionID, prompt: "", output: output as unknown as PromptFiring["output"] }, reason, runtime, "UserPromptExpansion");
  },
});

function blockPrompt(firing: PromptFiring, reason: string, runtime: Parameters<typeof tellUser>[0], event = "UserPromptSubmit"): void {
  for (const part of firing.output.parts) if (part.type === "text") part.ignored = true;
  rememberBlockedPrompt(runtime.sessions.get(firing.sessionID), firing.output.message.id);
  tellUser(runtime, promptBlockedText(event, reason), "warning");
  // After OpenCode saved the message and started the turn: abort it before its first model request.
  setTimeout(() => void abortSession(runtime, firing.sessionID), 0);
}
