// A skill's frontmatter hooks start to run in a session when the skill starts there, and stay active
// for the rest of the session, as in Claude (skill-sessions.ts remembers, define-event.ts filters).
// A skill starts when OpenCode's skill tool loads it, or when the user types it as /name (OpenCode
// then expands its text as the prompt without the skill tool; Claude starts a typed skill's hooks too).
// Source: https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents.
import type { Runtime } from "../runtime.js";
import { defineListener } from "./define-event.js";
import { startSkill } from "./skill-sessions.js";

export const activateSkill = defineListener({
  name: "activate the hooks of a loaded skill",
  channel: "tool.execute.after",
  handle({ input }, runtime) {
    if (input.tool !== "skill") return;
    const name = (input.args as { name?: unknown } | undefined)?.name;
    if (typeof name === "string") activate(runtime, input.sessionID, name);
  },
});

/** OpenCode 1.18.33 adds this line to a skill's text when it expands it as a /command, and to no other command's (docs/opencode-observed.md §15). */
const SKILL_COMMAND_MARK = "Base directory for this skill: ";

export const activateTypedSkill = defineListener({
  name: "activate the hooks of a skill typed as /name",
  channel: "command.execute.before",
  handle({ input, output }, runtime) {
    // A command of the same name in OpenCode's config hides the skill: then the skill did not start.
    const parts = output.parts as Array<{ type: string; text?: string }>;
    if (parts.some((part) => part.type === "text" && part.text?.includes(SKILL_COMMAND_MARK))) activate(runtime, input.sessionID, input.command);
  },
});

function activate(runtime: Runtime, sessionID: string, name: string): void {
  startSkill(runtime.sessions.get(sessionID), name);
}
