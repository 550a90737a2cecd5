// The `hooks:` block of a skill's SKILL.md or an agent's .md frontmatter, read with a YAML parser:
// the same shape as a settings file's `hooks` value, handed on as JSON text for the validator, with
// YAML errors located in the .md file, and where each key and value of that JSON was written there
// (so each hook and each finding is shown at its own line, as in a settings file). Pure.
// Source: https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents.
import { type Node as JsonNode, parseTree } from "jsonc-parser";
import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument } from "yaml";
import type { Diagnostic } from "./diagnostics.js";
import { frontmatterText } from "./frontmatter-text.js";
import type { Position, PositionMap } from "./position-map.js";

export interface FrontmatterHooks {
  /** The frontmatter's `name`, if it is a string. */
  name?: string;
  /** `disable-model-invocation: true`: in Claude only the user's /name starts the skill. */
  userInvokedOnly?: true;
  /** `{"hooks": …}` as JSON, when the frontmatter has a `hooks` key. */
  hooksJson?: string;
  /** Where each key and value of hooksJson is in the .md file, for the validator's findings and each hook's place. */
  positions?: PositionMap;
  diagnostics: Diagnostic[];
}

export function frontmatterHooks(markdown: string, file: string): FrontmatterHooks {
  const yaml = frontmatterText(markdown);
  if (yaml === undefined) return { diagnostics: [] };
  const lines = new LineCounter();
  const document = parseDocument(yaml, { lineCounter: lines, prettyErrors: false });
  const diagnostics = document.errors.map((error): Diagnostic => {
    const at = lines.linePos(error.pos[0]);
    return {
      code: "frontmatter-yaml",
      severity: "warning",
      file,
      line: at.line + 1, // after the opening ---
      column: at.col,
      message: `${error.message.split("\n")[0]}; Claude Code cannot read this frontmatter, so its hooks never run`,
    };
  });
  if (diagnostics.length > 0) return { diagnostics };
  const data = document.toJS() as { name?: unknown; hooks?: unknown; "disable-model-invocation"?: unknown } | null;
  if (typeof data !== "object" || data === null) return { diagnostics };
  const name = typeof data.name === "string" ? data.name : undefined;
  if (data.hooks === undefined) return { ...(name ? { name } : {}), diagnostics };
  const userInvokedOnly = data["disable-model-invocation"] === true ? { userInvokedOnly: true as const } : {};
  const hooksJson = JSON.stringify({ hooks: data.hooks }, null, 2);
  const positions = jsonPositions(hooksJson, document, (offset) => {
    const at = lines.linePos(offset);
    return { line: at.line + 1, column: at.col }; // after the opening ---
  });
  return { ...(name ? { name } : {}), ...userInvokedOnly, hooksJson, positions, diagnostics };
}

/**
 * Pairs each key and value of the JSON with the YAML node it came from, by its path under `hooks`.
 * A piece with no node of its own (one reached through an alias or a merge key) is shown at the
 * nearest piece before it (position-map.ts).
 */
function jsonPositions(json: string, document: Document, place: (offset: number) => Position): PositionMap {
  const starts = [0, ...[...json.matchAll(/\n/g)].map((match) => match.index + 1)];
  const inJson = (offset: number): Position => {
    const line = starts.findLastIndex((start) => start <= offset);
    return { line: line + 1, column: offset - starts[line]! + 1 };
  };
  const map: Array<readonly [Position, Position]> = [];
  const add = (node: JsonNode, yaml: unknown) => {
    if (isNode(yaml) && yaml.range) map.push([inJson(node.offset), place(yaml.range[0])]);
  };
  const hooksPair = isMap(document.contents) ? document.contents.items.find((pair) => isScalar(pair.key) && pair.key.value === "hooks") : undefined;
  const walk = (node: JsonNode, path: Array<string | number>) => {
    if (node.type === "object") {
      const parent = document.getIn(path, true);
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key || !value) continue;
        const name = String(key.value);
        const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && String(item.key.value) === name) : undefined;
        add(key, pair?.key);
        add(value, document.getIn([...path, name], true));
        walk(value, [...path, name]);
      }
    } else if (node.type === "array") {
      (node.children ?? []).forEach((item, index) => {
        add(item, document.getIn([...path, index], true));
        walk(item, [...path, index]);
      });
    }
  };
  const root = parseTree(json);
  if (!root) return map;
  add(root, hooksPair?.key); // the `{"hooks": …}` around them: the `hooks:` key
  walk(root, []);
  return map;
}
