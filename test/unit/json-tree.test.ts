// The one-pass tree of strict JSON (schema/validate/json-tree.ts) must be jsonc-parser's tree, node
// for node: every offset, length and value a diagnostic or a hook's place is read from. Random
// documents with the keys, numbers and strings that break parsers, in every layout.
import { type Node, parseTree } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { strictJsonTree } from "../../schema/validate/json-tree.js";
import { type Node as Value, nastyString, Obj, ODD_NUMBERS, Raw, Rng, serialize, WEIRD_KEYS } from "../helpers/fuzz.js";

/** jsonc-parser's tree without its parent links (the one-pass tree has none). */
function withoutParents(node: Node): unknown {
  const { parent: _parent, children, ...rest } = node;
  return children ? { ...rest, children: children.map(withoutParents) } : rest;
}

/** Where each line starts: 0, and after each line feed. */
function lineStarts(text: string): number[] {
  return [0, ...[...text.matchAll(/\n/g)].map((found) => found.index + 1)];
}

/** Numbers as a JSON text may spell them. */
const SPELLED_NUMBERS = ["0", "-0", "1E+2", "-0.0e-5", "12.50", "1e400", "-1e-400", "123456789012345678901234567890"];

function randomValue(rng: Rng, depth: number): Value {
  const kind = rng.int(depth > 5 ? 5 : 8);
  if (kind === 0) return null;
  if (kind === 1) return rng.chance(0.5);
  if (kind === 2) return rng.chance(0.5) ? rng.pick(ODD_NUMBERS) : new Raw(rng.pick(SPELLED_NUMBERS));
  if (kind === 3) return nastyString(rng);
  if (kind === 4) return new Raw(rng.pick(['"\\u00e9\\/\\b\\f\\n\\r\\t"', '"\\ud83d\\ude00"', '"a\\\\"', '"\\"\\""', '""']));
  if (kind === 5) return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth + 1));
  const keys = Array.from({ length: rng.int(5) }, () => (rng.chance(0.3) ? rng.pick(WEIRD_KEYS) : nastyString(rng, rng.range(1, 12))));
  // A key said twice stays twice in the tree (the validator reads both).
  if (keys.length > 0 && rng.chance(0.2)) keys.push(keys[0]!);
  return new Obj(keys.map((key) => [key, randomValue(rng, depth + 1)]));
}

describe("strictJsonTree", () => {
  it("gives jsonc-parser's tree for 500 random strict JSON documents, in every layout", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rng = new Rng(seed);
      const text = serialize(randomValue(rng, 0), {
        indent: rng.pick(["", " ", "  ", "\t"]),
        eol: rng.pick(["\n", "\r\n"]),
        comments: 0,
        trailingCommas: false,
        rng,
      });
      const tree = strictJsonTree(text, 256);
      expect(tree, text).toBeDefined();
      expect(tree && "root" in tree ? tree.root : tree, text).toEqual(withoutParents(parseTree(text)!));
      expect(tree && "root" in tree ? tree.lineStarts : tree, text).toEqual(lineStarts(text));
    }
  });

  it("takes a text as strict JSON exactly when JSON.parse does: 3,000 documents with a few characters cut, added or doubled", () => {
    // What breaks the grammar, a number, a string or a literal, and whitespace JSON allows only between tokens.
    const inserted = ["{", "}", "[", "]", ":", ",", '"', "\\", "0", "1", "-", "+", ".", "e", "t", "n", " ", "\t", "\n", "\r", "\u0001", "\u00a0"];
    let strict = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const rng = new Rng(seed);
      let text = serialize(randomValue(rng, 0), { indent: rng.pick(["", "  "]), eol: rng.pick(["\n", "\r\n"]), comments: 0, trailingCommas: false, rng });
      for (let edits = rng.range(1, 3); edits > 0 && text.length > 0; edits--) {
        const at = rng.int(text.length);
        const edit = rng.int(3);
        text = edit === 0 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + (edit === 1 ? rng.pick(inserted) : text[at]) + text.slice(at);
      }
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      const tree = strictJsonTree(text, 256);
      expect(tree !== undefined, JSON.stringify(text)).toBe(parses);
      if (tree && "root" in tree) {
        strict++;
        expect(tree.root, text).toEqual(withoutParents(parseTree(text)!));
      }
    }
    // Enough of them stay strict JSON for the trees to be compared too.
    expect(strict).toBeGreaterThan(300);
  });

  it("reads a hooks file as jsonc-parser does, down to each colon", () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: '"$X"/a.sh', timeout: 5 }] }] } }, null, 2);
    expect(strictJsonTree(text, 256)).toEqual({ root: withoutParents(parseTree(text)!), lineStarts: lineStarts(text) });
  });

  it.each([
    ["a comment", '{"hooks": {} // note\n}'],
    ["a trailing comma", '{"hooks": {},}'],
    ["a byte-order mark", '\uFEFF{"hooks": {}}'],
    ["whitespace JSON does not allow", '{"hooks":\u00a0{}}'],
    ["a syntax error", '{"hooks": {'],
    ["nothing", ""],
    ["a missing colon", '{"a" "b"}'],
    ["a value without a key", "{1}"],
    ["a bracket that closes nothing", "]"],
    ["a leading zero", "[01]"],
    ["a bad escape", '["\\x"]'],
    ["a string not closed", '["open'],
    ["a misspelled literal", '{"a": tru}'],
    ["a second value", "{} {}"],
  ])("leaves text that is not strict JSON to jsonc-parser: %s", (_what, text) => {
    expect(strictJsonTree(text, 256)).toBeUndefined();
  });

  it("locates the bracket where nesting first goes beyond the limit, brackets in strings aside", () => {
    const text = `{"a": "[[{{", "b": ${"[".repeat(10)}${"]".repeat(10)}}`;
    expect(strictJsonTree(text, 11)).toHaveProperty("root");
    expect(strictJsonTree(text, 10)).toEqual({ tooDeep: text.indexOf("[[[") + 9 });
    // Counted before the text is checked, as the validator counts nesting before parsing: a file cut short too.
    expect(strictJsonTree(`{"a": ${"[".repeat(1_000_000)}`, 256)).toEqual({ tooDeep: 6 + 255 });
  });
});
