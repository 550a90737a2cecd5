// A skill's frontmatter hooks start to run in a session when OpenCode's skill tool has loaded that
// skill there, and stay active for the rest of the session, as in Claude (define-event.ts filters).
// Source: https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents.
import { defineListener } from "./define-event.js";

export const activateSkill = defineListener({
  name: "activate the hooks of a loaded skill",
  channel: "tool.execute.after",
  handle({ input }, runtime) {
    if (input.tool !== "skill") return;
    const name = (input.args as { name?: unknown } | undefined)?.name;
    if (typeof name !== "string") return;
    const session = runtime.sessions.get(input.sessionID);
    (session.skills ??= new Set()).add(name);
  },
});
