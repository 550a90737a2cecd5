// One matcher group of an event ({"matcher": ..., "hooks": [...]}): its shape, its matcher (a valid
// regex, one the event reads, the group lints), then each of its hooks, which become hook entries.
import { memoized } from "../memoized.js";
import { getNodeValue } from "jsonc-parser";
import { type EventName, eventInfo } from "../events.js";
import { HANDLER_FIELDS } from "../handlers.js";
import { GROUP_LINTS, type LintFinding } from "../lints.js";
import { compileMatcher } from "../matcher.js";
import { shown } from "../shown.js";
import type { HookEntry } from "../types.js";
import type { FileCheck } from "./file-check.js";
import { hookHandler } from "./hook-handler.js";
import type { Node } from "./json-tree.js";

/** `readMatcher`: readMatcher for this event, or the same answers kept (matcherReadings). */
export function matcherGroup(event: EventName, group: Node, check: FileCheck, readMatcher: (matcher: string) => MatcherReading): void {
  if (group.type !== "object") {
    check.report(group, "warning", "group-not-object", `each "${event}" entry must be an object {"matcher": ..., "hooks": [...]}; Claude Code skips it`);
    return;
  }
  const { hooks, matcherNode, hookFields, unknown } = groupFields(group);
  // A hook written straight into the event's array, with no group around it: one warning that says how to wrap it.
  if (!hooks && hookFields) {
    check.report(
      group,
      "warning",
      "group-without-hooks",
      `this "${event}" entry is a hook, not a matcher group: wrap it in one, as in [{"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}]; Claude Code skips it`,
    );
    return;
  }
  for (const keyNode of unknown) {
    const key = keyNode.value as string;
    check.report(keyNode, "warning", "unknown-group-field", `unknown field "${shown(key)}" in a matcher group; ignored${groupFieldHint(key)}`);
  }
  const matcher = groupMatcher(event, matcherNode, check, readMatcher);
  if (matcher === SKIP) return;
  if (!hooks || hooks.type !== "array") {
    check.report(hooks ?? group, "warning", "group-without-hooks", `a "${event}" matcher group needs a "hooks" array; Claude Code skips this group`);
    return;
  }
  const handlerNodes = hooks.children ?? [];
  for (let i = 0; i < handlerNodes.length; i++) {
    const handlerNode = handlerNodes[i]!;
    const handler = hookHandler(event, handlerNode, check);
    if (handler) {
      const entry: HookEntry = { event, handler, source: check.kind, where: check.where(handlerNode) };
      if (matcher !== undefined) entry.matcher = matcher;
      check.source.entries.push(entry);
    }
  }
}

/** A group's fields in one pass (the last of a repeated key wins): its hooks and matcher, whether it has a hook's own fields, the keys Claude ignores. */
function groupFields(group: Node): { hooks?: Node; matcherNode?: Node; hookFields: boolean; unknown: Node[] } {
  const fields: ReturnType<typeof groupFields> = { hookFields: false, unknown: [] };
  const children = group.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const keyNode = children[i]!.children?.[0];
    const valueNode = children[i]!.children?.[1];
    if (!keyNode || !valueNode) continue;
    const key = keyNode.value as string;
    if (key === "hooks") fields.hooks = valueNode;
    else if (key === "matcher") fields.matcherNode = valueNode;
    else {
      if (key === "type" || key === "command") fields.hookFields = true;
      if (!NOTE_FIELDS.includes(key)) fields.unknown.push(keyNode);
    }
  }
  return fields;
}

/** Claude skips the whole group. */
const SKIP = Symbol("skip");

/** The matcher the group's hooks get (none: every value, or an event without one), or SKIP. */
function groupMatcher(
  event: EventName,
  matcherNode: Node | undefined,
  check: FileCheck,
  readMatcher: (matcher: string) => MatcherReading,
): string | undefined | typeof SKIP {
  if (!matcherNode) return undefined;
  if (matcherNode.type !== "string") {
    check.report(matcherNode, "warning", "matcher-not-string", 'matcher must be a string, e.g. "Edit|Write"; Claude Code skips this group');
    return SKIP;
  }
  const matcher = getNodeValue(matcherNode) as string;
  const reading = readMatcher(matcher);
  if (reading.kind === "not-read") {
    if (matcher !== "" && matcher !== "*") {
      check.report(matcherNode, "warning", "matcher-ignored", `"${event}" has no matcher; Claude Code ignores "${shown(matcher)}"`);
    }
    return undefined;
  }
  if (reading.kind === "invalid") {
    check.report(
      matcherNode,
      "warning",
      "invalid-regex",
      `matcher "${shown(matcher)}" is not a valid regex (${reading.error}); it matches nothing in Claude Code, so this group is skipped`,
    );
    return SKIP;
  }
  for (const finding of reading.findings) check.report(matcherNode, "warning", finding.code, finding.message);
  return matcher;
}

/** What a matcher is on an event: not read there, not a valid regex, or valid with the group lints' findings. */
export type MatcherReading = { kind: "not-read" } | { kind: "invalid"; error: string } | { kind: "valid"; findings: LintFinding[] };

/** Pure in the event and the matcher. */
export function readMatcher(event: EventName, matcher: string): MatcherReading {
  const info = eventInfo(event);
  if (!info.matchField) return { kind: "not-read" };
  const compiled = compileMatcher(matcher, { narrow: info.narrowExact });
  if (!compiled.ok) return { kind: "invalid", error: compiled.error };
  const target = { event, matcher, compiled: compiled.matcher };
  return { kind: "valid", findings: GROUP_LINTS.flatMap((lint) => lint(target)) };
}

/** readMatcher for one event, each matcher read once: a file repeats its matchers ("Bash", "Edit|Write") from group to group. */
export function matcherReadings(event: EventName): (matcher: string) => MatcherReading {
  return memoized((matcher: string) => readMatcher(event, matcher));
}

/**
 * Fields people write on a group to document it (everything-claude-code's hooks.json gives every
 * group a "description" and an "id"): Claude ignores them, as it ignores every unknown group field,
 * and nothing changes whether they are there, so they are not worth a warning that --strict fails on.
 */
const NOTE_FIELDS: readonly string[] = ["description", "id", "name", "comment", "_comment"];

/** A handler field written on the group does not apply to its hooks: `if` there narrows nothing, so they run on every match. */
function groupFieldHint(key: string): string {
  if (key === "if") return ', so its hooks run on every call the matcher matches: put "if" on each hook that should be narrowed';
  return Object.values(HANDLER_FIELDS).some((fields) => Object.hasOwn(fields, key)) ? `: "${shown(key)}" belongs on each hook` : "";
}
