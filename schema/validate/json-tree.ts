// The tree of a settings file's JSON, and how the validation steps read it. Every node keeps its
// offset, so a finding can name its line and column. Strict JSON (what Claude and every tool write)
// gets its tree from one pass here, which checks the grammar as it reads; anything else (comments,
// trailing commas, a syntax error) goes to jsonc-parser (json-text.ts), whose tree has the same shape.
// The pass exists for the live plugin's start-up: jsonc-parser reads 500 hooks (115 KB) character by
// character in about 10 ms of code running cold; this reads them in about 2 ms. Pure.
import type { Node } from "jsonc-parser";

export type { Node } from "jsonc-parser";

/** A node while the tree is built: its length is known when it closes. */
type Building = { -readonly [K in keyof Node]: Node[K] };

/** A number, true, false or null, as strict JSON spells them (no leading zero, no bare dot or exponent). */
const LITERAL = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/y;

/** An escape other than \" \\ and \/ (or an escaped backslash before a letter: read by JSON.parse all the same). */
const OTHER_ESCAPE = /\\[^"\\/]/;
const SIMPLE_ESCAPE = /\\(["\\/])/g;

/**
 * A string: no raw control character in it (tab, line feed and carriage return go between tokens only), any escape (JSON.parse reads those).
 * Runs of plain characters, then each escape and the run after it: an alternation tried per character took 1.6 s over a 4 MB string, this 20 ms.
 */
const STRING = /"[^"\\\u0000-\u001f]*(?:\\[^\u0000-\u001f][^"\\\u0000-\u001f]*)*"/y;

// What the pass may read next, so that it checks the grammar itself (JSON.parse over the whole text
// after it cost the live plugin's start-up a second parse and a value tree thrown away).
const VALUE = 0; // the first value, or after ":" or an array's ","
const VALUE_OR_CLOSE = 1; // after "["
const KEY = 2; // after an object's ","
const KEY_OR_CLOSE = 3; // after "{"
const COLON = 4; // after a key
const AFTER_VALUE = 5; // "," or the close of the container
const END = 6; // the root value is read: only whitespace may follow

/**
 * jsonc-parser's tree of `text` (no `parent` links) when the text is strict JSON, with the offset
 * where each line starts (strict JSON breaks lines between tokens only, all seen here), or where its
 * `{`/`[` nesting first goes beyond `limit`; undefined when the text is not strict JSON. The nesting
 * is counted as the text is read (a text cut short after a million levels is too deep, not broken).
 */
export function strictJsonTree(text: string, limit: number): { root: Node; lineStarts: number[] } | { tooDeep: number } | undefined {
  // The artificial parent of the root, as in jsonc-parser; `open` are the nodes not yet closed.
  let parent = container("array", -1);
  const open: Building[] = [];
  let state = VALUE;
  let depth = 0;
  const lineStarts = [0];
  let at = 0;
  // The first backslash at or after `at` (-1: none left): found once for all the strings before it, not once per string.
  let backslash = -2;
  while (at < text.length) {
    const char = text.charCodeAt(at);
    // Space, tab, carriage return.
    if (char === 32 || char === 9 || char === 13) {
      at++;
      continue;
    }
    if (char === 10) {
      lineStarts.push(++at);
      continue;
    }
    // `{` and `[`.
    if (char === 123 || char === 91) {
      if (state !== VALUE && state !== VALUE_OR_CLOSE) return undefined;
      // Counted as json-text.ts's nestingBeyond counts: up to here the text was strict JSON, which it reads alike.
      if (++depth > limit) return { tooDeep: at };
      const node = container(char === 123 ? "object" : "array", at);
      parent.children!.push(node);
      open.push(parent);
      parent = node;
      state = char === 123 ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      at++;
      continue;
    }
    // `}` and `]`: they close the container they match, and nothing else.
    if (char === 125 || char === 93) {
      if (char === 125 ? state !== KEY_OR_CLOSE && state !== AFTER_VALUE : state !== VALUE_OR_CLOSE && state !== AFTER_VALUE) return undefined;
      if (parent.type !== (char === 125 ? "object" : "array") || open.length === 0) return undefined;
      depth--;
      at++;
      parent.length = at - parent.offset;
      parent = closeProperty(open.pop()!, at, open);
      state = open.length === 0 ? END : AFTER_VALUE;
      continue;
    }
    if (char === 58) {
      if (state !== COLON) return undefined;
      parent.colonOffset = at++;
      state = VALUE;
      continue;
    }
    if (char === 44) {
      if (state !== AFTER_VALUE) return undefined;
      state = parent.type === "object" ? KEY : VALUE;
      at++;
      continue;
    }
    let node: Node;
    if (char === 34) {
      const key = state === KEY || state === KEY_OR_CLOSE;
      if (!key && state !== VALUE && state !== VALUE_OR_CLOSE) return undefined;
      STRING.lastIndex = at;
      if (!STRING.test(text)) return undefined;
      const end = STRING.lastIndex - 1;
      if (backslash !== -1 && backslash < at) backslash = text.indexOf("\\", at);
      let value = text.slice(at + 1, end);
      if (backslash !== -1 && backslash < end) {
        // Only \" \\ and \/ (a command's "$CLAUDE_PROJECT_DIR"): one native replace reads them; any other escape JSON.parse (which refuses a bad one).
        if (!OTHER_ESCAPE.test(value)) value = value.replace(SIMPLE_ESCAPE, "$1");
        else {
          try {
            value = JSON.parse(text.slice(at, end + 1)) as string;
          } catch {
            return undefined;
          }
        }
      }
      node = { type: "string", offset: at, length: end + 1 - at, value };
      at = end + 1;
      if (key) {
        // A string in an object is a key: it opens a property, which its value closes.
        const property: Building = { type: "property", offset: node.offset, length: -1, children: [node] };
        parent.children!.push(property);
        open.push(parent);
        parent = property;
        state = COLON;
        continue;
      }
    } else {
      if (state !== VALUE && state !== VALUE_OR_CLOSE) return undefined;
      LITERAL.lastIndex = at;
      const literal = LITERAL.exec(text)?.[0];
      if (literal === undefined) return undefined;
      const value = literal === "true" ? true : literal === "false" ? false : literal === "null" ? null : Number(literal);
      node = { type: value === null ? "null" : typeof value === "boolean" ? "boolean" : "number", offset: at, length: literal.length, value };
      at += literal.length;
    }
    parent.children!.push(node);
    parent = closeProperty(parent, at, open);
    state = open.length === 0 ? END : AFTER_VALUE;
  }
  if (state !== END) return undefined;
  return { root: parent.children![0]!, lineStarts };
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
  const pair = node.children?.[lastProperty(node, name)]?.children;
  return pair ? { key: pair[0]!, value: pair[1]! } : undefined;
}

/** property()'s value node alone (no object made for the answer). */
export function propertyValue(node: Node, name: string): Node | undefined {
  return node.children?.[lastProperty(node, name)]?.children?.[1];
}

/** The index of the last complete property of that name among the node's children (-1: none). */
function lastProperty(node: Node, name: string): number {
  const children = node.children ?? [];
  for (let i = children.length - 1; i >= 0; i--) {
    const key = children[i]!.children?.[0];
    const value = children[i]!.children?.[1];
    if (key && value && key.value === name) return i;
  }
  return -1;
}
