// The `hooks` object's keys: each must name a Claude Code event and hold an array of matcher groups;
// an unknown event or another value is skipped with a warning, as Claude skips it.
import { getNodeValue } from "jsonc-parser";
import { closestName } from "../closest-name.js";
import { EVENT_NAMES, isEventName } from "../events.js";
import { shown } from "../shown.js";
import type { FileCheck } from "./file-check.js";
import { type Node, properties } from "./json-tree.js";
import { matcherGroup, matcherReadings } from "./matcher-group.js";

export function eventKeys(hooks: Node, check: FileCheck): void {
  for (const [keyNode, groups] of properties(hooks)) {
    const name = getNodeValue(keyNode) as string;
    if (!isEventName(name)) {
      const guess = closestName(name, EVENT_NAMES);
      const hint = guess ? `; did you mean "${guess}"?${guess.toLowerCase() === name.toLowerCase() ? " (event names are case-sensitive)" : ""}` : "";
      check.report(keyNode, "warning", "unknown-event", `unknown hook event "${shown(name)}"${hint}; Claude Code skips it`);
      continue;
    }
    if (groups.type !== "array") {
      const legacy =
        groups.type === "string" ? `; for a command write [{"hooks": [{"type": "command", "command": ${JSON.stringify(getNodeValue(groups))}}]}]` : "";
      check.report(
        groups,
        "warning",
        "event-not-array",
        `"${shown(name)}" must be an array of matcher groups, like [{"matcher": "...", "hooks": [...]}]${legacy}; Claude Code skips it`,
      );
      continue;
    }
    const readMatcher = matcherReadings(name);
    for (const group of groups.children ?? []) matcherGroup(name, group, check, readMatcher);
  }
}
