// The first level of a settings object: the switches that change which hooks run (disableAllHooks,
// the http hook policy, allowManagedHooksOnly in managed settings), keys that look like hooks but
// are not where Claude reads them, and the `hooks` object itself.
import { getNodeValue } from "jsonc-parser";
import { isEventName } from "../events.js";
import type { FileCheck } from "./file-check.js";
import { type Node, properties, property } from "./json-tree.js";

/** Reads the switches into `check.source`; returns the `hooks` object, when there is one to read. */
export function topLevelKeys(root: Node, check: FileCheck): Node | undefined {
  const { source } = check;
  const disable = property(root, "disableAllHooks");
  if (disable) {
    if (disable.value.type === "boolean") source.disableAllHooks = getNodeValue(disable.value) as boolean;
    else check.report(disable.value, "warning", "disable-not-boolean", "`disableAllHooks` must be true or false; Claude Code ignores this value");
  }

  for (const key of ["allowedHttpHookUrls", "httpHookAllowedEnvVars"] as const) {
    const list = property(root, key);
    if (!list) continue;
    const value: unknown = getNodeValue(list.value);
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) source[key] = value;
    else check.report(list.value, "warning", "http-policy-not-strings", `\`${key}\` must be an array of strings; Claude Code ignores this value`);
  }

  const managedOnly = property(root, "allowManagedHooksOnly");
  if (managedOnly && check.kind === "managed") {
    if (managedOnly.value.type === "boolean") source.allowManagedHooksOnly = getNodeValue(managedOnly.value) as boolean;
    else
      check.report(managedOnly.value, "warning", "managed-only-not-boolean", "`allowManagedHooksOnly` must be true or false; Claude Code ignores this value");
  }

  const hooks = property(root, "hooks")?.value;
  const singular = property(root, "hook");
  if (singular && !hooks)
    check.report(singular.key, "warning", "hook-not-hooks", 'unknown key "hook": Claude Code reads hooks from "hooks" (plural), so none of these run');
  // A pasted inner object ({"PreToolUse": [...]} with no "hooks" around it) reads as no hooks at all.
  for (const [keyNode] of properties(root)) {
    const name = getNodeValue(keyNode) as string;
    if (isEventName(name)) {
      check.report(
        keyNode,
        "warning",
        "event-outside-hooks",
        `"${name}" is a top-level key: Claude Code reads events only inside "hooks", as in {"hooks": {"${name}": [...]}}, so it runs none of these`,
      );
    }
  }
  if (!hooks) return undefined;
  if (hooks.type !== "object") {
    check.report(
      hooks,
      "error",
      "hooks-not-object",
      '`hooks` must be an object keyed by event name, e.g. {"PreToolUse": [...]}; Claude Code reads no hooks from this file',
    );
    return undefined;
  }
  return hooks;
}
