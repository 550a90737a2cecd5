// The tree of a settings file's JSON, and how the validation steps read it. Every node keeps its
// offset, so a finding can name its line and column. Strict JSON (what Claude and every tool write)
// gets its tree from one pass here, checked by the engine's JSON.parse after; anything else (comments,
// trailing commas, a syntax error) goes to jsonc-parser (json-text.ts), whose tree has the same shape.
// The pass exists for the live plugin's start-up: jsonc-parser reads 500 hooks (115 KB) character by
// character in about 10 ms of code running cold; this reads them in about 2 ms. Pure.
import type { Node } from "jsonc-parser";

export type { Node } from "jsonc-parser";

/** A node while the tree is built: its length is known when it closes. */
type Building = { -readonly [K in keyof Node]: Node[K] };

/** A number, true, false or null: in strict JSON, whatever starts with `-`, a digit, t, f or n. */
const LITERAL = /-?[0-9][0-9.eE+-]*|true|false|null/y;

/**
 * jsonc-parser's tree of `text` (no `parent` links) when the text is strict JSON, with the offset
 * where each line starts (strict JSON breaks lines between tokens only, all seen here), or where its
 * `{`/`[` nesting first goes beyond `limit`; undefined when the text is not strict JSON. The nesting
 * is counted before JSON.parse checks the text: it takes seconds over a million levels.
 */
export function strictJsonTree(text: string, limit: number): { root: Node; lineStarts: number[] } | { tooDeep: number } | undefined {
  // The artificial parent of the root, as in jsonc-parser; `open` are the nodes not yet closed.
  let parent = container("array", -1);
  const open: Building[] = [];
  let depth = 0;
  const lineStarts = [0];
  let at = 0;
  // The first backslash at or after `at` (-1: none left): found once for all the strings before it, not once per string.
  let backslash = -2;
  try {
    while (at < text.length) {
      const char = text[at];
      if (char === " " || char === "\r" || char === "\t") {
        at++;
        continue;
      }
      if (char === "\n") {
        lineStarts.push(++at);
        continue;
      }
      if (char === "{" || char === "[") {
        // Counted as json-text.ts's nestingBeyond counts: up to here the text was strings, brackets and literals, as it reads them.
        if (++depth > limit) return { tooDeep: at };
        const node = container(char === "{" ? "object" : "array", at);
        parent.children!.push(node);
        open.push(parent);
        parent = node;
        at++;
        continue;
      }
      if (char === "}" || char === "]") {
        const outer = open.pop();
        if (!outer) return undefined;
        depth--;
        at++;
        parent.length = at - parent.offset;
        parent = closeProperty(outer, at, open);
        continue;
      }
      if (char === ":") {
        parent.colonOffset = at++;
        continue;
      }
      if (char === ",") {
        at++;
        continue;
      }
      let node: Node;
      if (char === '"') {
        const end = closingQuote(text, at);
        if (end < 0) return undefined;
        if (backslash !== -1 && backslash < at) backslash = text.indexOf("\\", at);
        const escaped = backslash !== -1 && backslash < end;
        node = { type: "string", offset: at, length: end + 1 - at, value: escaped ? (JSON.parse(text.slice(at, end + 1)) as string) : text.slice(at + 1, end) };
        at = end + 1;
        if (parent.type === "object") {
          // A string in an object is a key: it opens a property, which its value closes.
          const property: Building = { type: "property", offset: node.offset, length: -1, children: [node] };
          parent.children!.push(property);
          open.push(parent);
          parent = property;
          continue;
        }
      } else {
        LITERAL.lastIndex = at;
        const literal = LITERAL.exec(text)?.[0];
        if (literal === undefined) return undefined;
        const value = literal === "true" ? true : literal === "false" ? false : literal === "null" ? null : Number(literal);
        node = { type: value === null ? "null" : typeof value === "boolean" ? "boolean" : "number", offset: at, length: literal.length, value };
        at += literal.length;
      }
      parent.children!.push(node);
      parent = closeProperty(parent, at, open);
    }
    // Whatever the pass let through (a missing comma, a bad escape, a leading zero) JSON.parse does not.
    JSON.parse(text);
  } catch {
    return undefined;
  }
  return { root: parent.children![0]!, lineStarts };
}

/** The offset of the quote that closes the string opened at `from`: the next one after an even run of backslashes (-1: none). */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

function container(type: "object" | "array", offset: number): Building {
  return { type, offset, length: -1, children: [] };
}

/** A value ends its property (key, colon, value): the property spans to the value's end. */
function closeProperty(parent: Building, end: number, open: Building[]): Building {
  if (parent.type !== "property") return parent;
  parent.length = end - parent.offset;
  return open.pop()!;
}

// The readers below run several times per hook at the live plugin's start-up, on code not yet
// optimized: plain index loops, and no object for a property that is not the one asked for.

/** The key and value nodes of an object, in the text's order (a repeated key is there twice). */
export function properties(node: Node): Array<[Node, Node]> {
  const pairs: Array<[Node, Node]> = [];
  const children = node.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const key = children[i]!.children?.[0];
    const value = children[i]!.children?.[1];
    if (key && value) pairs.push([key, value]);
  }
  return pairs;
}

/** The last property of that name wins, as in JSON.parse. */
export function property(node: Node, name: string): { key: Node; value: Node } | undefined {
  const children = node.children ?? [];
  for (let i = children.length - 1; i >= 0; i--) {
    const key = children[i]!.children?.[0];
    const value = children[i]!.children?.[1];
    if (key && value && key.value === name) return { key, value };
  }
  return undefined;
}
