// UserPromptExpansion -> `command.execute.before`, which OpenCode awaits after expanding a typed
// /command into its prompt and before it submits that prompt. The matcher is tested against the
// command's name. Plain stdout and additionalContext join the prompt as synthetic parts; a block
// (exit 2, `decision: "block"`) keeps the expanded prompt from the model the way a UserPromptSubmit
// block does (the prompt that follows is marked ignored and its turn aborted; the user sees the
// reason). Source: https://code.claude.com/docs/en/hooks#userpromptexpansion.
import { type ContextDecision, decideContext } from "../decide/context-decision.js";
import { OWN_PART } from "../opencode/session-messages.js";
import { systemReminder } from "../protocol/messages.js";
import { spillLongText } from "../protocol/spill-long-text.js";
import { blockNextPrompt } from "../session-state.js";
import { defineEvent } from "./define-event.js";
import type { EventScenario } from "./scenario.js";

interface ExpansionFiring {
  sessionID: string;
  command: string;
  arguments: string;
  parts: Array<{ type: string; text?: string; synthetic?: boolean; metadata?: Record<string, unknown> }>;
}

export default defineEvent<"command.execute.before", ExpansionFiring, ContextDecision>({
  name: "UserPromptExpansion",
  channel: "command.execute.before",
  freshTranscript: true,
  firings: ({ input, output }) => [
    { sessionID: input.sessionID, command: input.command, arguments: input.arguments, parts: output.parts as ExpansionFiring["parts"] },
  ],
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.command,
  input: (firing) => ({
    expansion_type: "slash_command",
    command_name: firing.command,
    command_args: firing.arguments,
    prompt: firing.parts.flatMap((part) => (part.type === "text" && !part.synthetic ? [part.text ?? ""] : [])).join("\n"),
  }),
  decide: (runs) => decideContext("UserPromptExpansion", runs, { plainStdout: true, blocks: true }),
  apply(fired, _call, runtime) {
    for (const { firing, decision } of fired) {
      const blocked = decision.stop ? [decision.stop.reason || "continue: false"] : decision.blocks;
      if (blocked.length > 0) {
        // The prompt is saved next (chat.message): user-prompt-submit.ts blocks it there.
        blockNextPrompt(runtime.sessions.get(firing.sessionID), blocked.join("\n"));
        continue;
      }
      for (const text of decision.context)
        firing.parts.push({ type: "text", text: spillLongText(systemReminder(text)), synthetic: true, metadata: { [OWN_PART]: "prompt-context" } });
    }
  },
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const userPromptExpansionDocs = {
  event: "UserPromptExpansion",
  channel: "`command.execute.before` (a typed `/command`, expanded)",
  exact: ["`command_name` (matcher), `command_args`, the expanded `prompt`", "context and blocks as for UserPromptSubmit"],
  differs: [],
} as const;

/** The /command typed, without its slash. */
const commandOf = (options: { command?: string }) => options.command?.replace(/^\//, "") ?? "";

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const userPromptExpansionScenario: EventScenario = {
  event: "UserPromptExpansion",
  happens: "command.execute.before of the typed /command, expanded into its prompt, then chat.message of that prompt",
  flags: { command: "the /command typed", arguments: "the command's arguments", prompt: "the prompt the /command expands to" },
  checks: [(options) => (commandOf(options) ? undefined : "UserPromptExpansion needs --command (the /command typed, e.g. review)")],
  subject: (options) => `/${commandOf(options)}${options.arguments ? ` ${options.arguments}` : ""}`,
  calls: (options) => [
    {
      channel: "command.execute.before",
      command: commandOf(options),
      arguments: options.arguments ?? "",
      prompt: options.prompt ?? `(the prompt of /${commandOf(options)})`,
    },
    { channel: "chat.message", expanded: "command" },
  ],
};
