// Why a handler did or did not run for one firing: pure, from what the plugin tested it against
// (run/trace.ts), the handlers it chose, and the plugin's own match rule (mismatch).
import type { CompiledHandler } from "../../plugin/compile.js";
import { type HttpPolicy, urlRefusal } from "../../plugin/run/http-policy.js";
import { mismatch, type Selector } from "../../plugin/run/select-handlers.js";

export type Selection = { ran: true; why: string } | { ran: false; why: string };

/** What the session is like beyond the firing: the skills loaded in it (test --skill), the http hook policy. */
export interface SessionContext {
  skills: ReadonlySet<string>;
  httpPolicy: HttpPolicy;
}

export function whyRan(
  handler: CompiledHandler,
  selector: Selector,
  chosen: readonly CompiledHandler[],
  session: SessionContext = { skills: new Set(), httpPolicy: {} },
): Selection {
  const matcher =
    handler.matcherText === undefined || handler.matcherText === "" || handler.matcherText === "*" ? "no matcher" : `matcher "${handler.matcherText}"`;
  const condition = typeof handler.handler.if === "string" ? `if "${handler.handler.if}"` : undefined;
  // Chosen, but its runner sends nothing (run/runners/http.ts): it never runs.
  const refused = handler.handler.type === "http" ? urlRefusal(handler.handler.url, session.httpPolicy) : undefined;
  if (chosen.includes(handler) && refused !== undefined) return { ran: false, why: `never sent: ${refused}` };
  if (chosen.includes(handler)) {
    const value = selector.matchValue === undefined ? "" : ` ${JSON.stringify(selector.matchValue)}`;
    const first = matcher === "no matcher" ? `no matcher: every${value || " firing"}` : `${matcher} matches${value}`;
    return { ran: true, why: condition ? `${first}, ${condition} matches this call` : first };
  }
  let failed: ReturnType<typeof mismatch>;
  try {
    failed = mismatch(handler, selector);
  } catch (error) {
    return { ran: false, why: `its matcher or "if" could not be evaluated (${String(error)})` };
  }
  if (failed === "matcher") return { ran: false, why: `${matcher} does not match ${JSON.stringify(selector.matchValue)}` };
  if (failed === "if") return { ran: false, why: `${condition} does not match this call` };
  const twin = chosen.find((other) => other.key === handler.key);
  if (twin) return { ran: false, why: `the same handler as the one at ${twin.where}: Claude runs identical handlers once` };
  return { ran: false, why: handler.skill ? skillNotActive(handler.skill.name, session.skills) : "not chosen" };
}

/** A skill's matching hook that did not run: the skill was not loaded, or (`once`) its hook already ran. */
function skillNotActive(name: string, loaded: ReadonlySet<string>): string {
  if (loaded.has(name)) return `once: it already ran in this session (skill ${name})`;
  return `skill ${name} is not loaded in this session (its hooks start when OpenCode's skill tool loads it or the user types /${name}); test with --skill ${name}`;
}
