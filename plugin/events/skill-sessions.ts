// Which skills started in each session, and which of their `once` hooks already ran there: a
// skill's frontmatter hooks run in a session once the skill started there (skills.ts notices it),
// a `once` one only the first time, as in Claude (https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents).
import type { CompiledHandler } from "../compile.js";
import { type SessionState, sessionSlot } from "../session-state.js";

const skills = sessionSlot(() => ({
  /** Skills OpenCode's skill tool loaded in this session (or the user typed as /name). */
  started: new Set<string>(),
  /** `once` skill hooks (by key) that already ran in this session. */
  ranOnce: new Set<string>(),
}));

export function startSkill(session: SessionState, name: string): void {
  skills.get(session).started.add(name);
}

/** A skill's hooks run in a session once the skill was loaded there; a `once` one only the first time. */
export function activeInSession(session: SessionState, chosen: CompiledHandler[]): CompiledHandler[] {
  const { started, ranOnce } = skills.get(session);
  return chosen.filter((handler) => {
    if (!handler.skill) return true;
    if (!started.has(handler.skill.name)) return false;
    if (handler.handler.once !== true) return true;
    if (ranOnce.has(handler.key)) return false;
    ranOnce.add(handler.key);
    return true;
  });
}
