// Why a handler did or did not run for one firing: pure, from what the plugin tested it against
// (run/trace.ts), the handlers it chose, and the plugin's own match rule (mismatch).
import type { CompiledHandler } from "../../plugin/compile.js";
import { mismatch, type Selector } from "../../plugin/run/run-handlers.js";

export type Selection = { ran: true; why: string } | { ran: false; why: string };

export function whyRan(handler: CompiledHandler, selector: Selector, chosen: readonly CompiledHandler[]): Selection {
  const matcher =
    handler.matcherText === undefined || handler.matcherText === "" || handler.matcherText === "*" ? "no matcher" : `matcher "${handler.matcherText}"`;
  const condition = typeof handler.handler.if === "string" ? `if "${handler.handler.if}"` : undefined;
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
  return { ran: false, why: twin ? `the same handler as the one at ${twin.where}: Claude runs identical handlers once` : "not chosen" };
}
