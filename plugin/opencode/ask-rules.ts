// The session permission rules the plugin adds so that OpenCode asks the user about a call a
// PreToolUse hook answered `ask` for, and when such a rule holds for a call. OpenCode reads a
// session's rules once, when a run of it starts (docs/opencode-observed.md §14): a rule is `pending`
// until a session.updated event shows OpenCode saved it, `saved` then, and `armed` once the session
// went idle after that, so every later run has read it. Bus events reach the plugin in the order
// OpenCode publishes them, so an idle seen after the save was published after it.
// Also: the "Always allow" answers of this OpenCode process, which OpenCode evaluates after every
// rule (an allow there beats the session's ask).
import type { PermissionTarget } from "../tools/permission-target.js";
import { lastMatching, type PermissionRule, sameRule, wildcardMatch } from "../match/opencode-permission-rules.js";

export interface AskRule {
  permission: string;
  pattern: string;
  state: "pending" | "saved" | "armed";
}

export type RuleTarget = Extract<PermissionTarget, { kind: "rule" }>;

const MAX_RULES = 64;

/** A session.updated event: a rule OpenCode holds is saved; an armed or saved one it lost is gone (a prompt's `tools` replaces the rules). */
export function noteSessionRules(rules: readonly AskRule[], held: readonly PermissionRule[]): AskRule[] {
  return rules.flatMap((rule): AskRule[] => {
    if (held.some((each) => each.action === "ask" && sameRule(each, rule))) return [{ ...rule, state: rule.state === "pending" ? "saved" : rule.state }];
    return rule.state === "pending" ? [rule] : [];
  });
}

/** The session went idle: its next run reads every saved rule. */
export function armSavedRules(rules: readonly AskRule[]): AskRule[] {
  return rules.map((rule) => (rule.state === "saved" ? { ...rule, state: "armed" } : rule));
}

export function addPendingRule(rules: readonly AskRule[], target: RuleTarget): AskRule[] {
  const kept = rules.filter((rule) => !sameRule(rule, target));
  return [...kept, { permission: target.permission, pattern: target.pattern, state: "pending" as const }].slice(-MAX_RULES);
}

/**
 * Whether the session's rules (as OpenCode holds them now) ask for every call the target covers:
 * the last rule matching its pattern asks; for `*` (patterns unknown), the last rule for the
 * permission at all is the target's own.
 */
export function sessionAsks(rules: readonly PermissionRule[], target: RuleTarget): boolean {
  if (target.exact) return lastMatching(rules, target.permission, target.pattern)?.action === "ask";
  const last = rules.findLast((rule) => wildcardMatch(target.permission, rule.permission));
  return last !== undefined && last.action === "ask" && sameRule(last, target);
}

const MAX_OFFERS = 256;

/** OpenCode's in-memory "always" rules: each "always" answer allows the patterns its prompt offered, for every session. */
export class AlwaysAllowed {
  readonly rules: PermissionRule[] = [];
  private readonly offers = new Map<string, Array<Omit<PermissionRule, "action">>>();

  /** A permission prompt: what an "always" answer to it would allow. */
  offered(request: { id: string; permission: string; always: readonly string[] }): void {
    this.offers.set(
      request.id,
      request.always.map((pattern) => ({ permission: request.permission, pattern })),
    );
    if (this.offers.size > MAX_OFFERS) this.offers.delete(this.offers.keys().next().value!);
  }

  answered(requestID: string, reply: string): void {
    const offer = this.offers.get(requestID);
    this.offers.delete(requestID);
    if (reply === "always" && offer) this.rules.push(...offer.map((rule) => ({ ...rule, action: "allow" as const })));
  }

  /** An "always" rule that may allow a call of the target (for `*`: any rule of the permission). */
  covering(target: RuleTarget): PermissionRule | undefined {
    return this.rules.find((rule) => wildcardMatch(target.permission, rule.permission) && (!target.exact || wildcardMatch(target.pattern, rule.pattern)));
  }
}
