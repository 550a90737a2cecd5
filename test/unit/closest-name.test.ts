// "Did you mean ...?": the known name within two edits (case aside), the first of the closest; the
// same answers as the plain edit distance, in time that does not grow with a long unknown name.
import { describe, expect, it } from "vitest";
import { closestName } from "../../schema/closest-name.js";
import { EVENT_NAMES } from "../../schema/events.js";
import { Rng } from "../helpers/fuzz.js";

const FIELDS = ["type", "command", "args", "timeout", "if", "shell", "async", "asyncRewake", "statusMessage", "once"];

/** The textbook edit distance, every cell filled: the judge. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

function judged(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

describe("closestName", () => {
  it.each([
    ["İF", "if", FIELDS],
    ["tmeout", "timeout", FIELDS],
    ["Timeout", "timeout", FIELDS],
    ["comand", "command", FIELDS],
    ["asyncrewak", "asyncRewake", FIELDS],
    ["shel", "shell", FIELDS],
    ["matcher", undefined, FIELDS],
    ["", "if", FIELDS],
    ["PreToolUs", "PreToolUse", EVENT_NAMES],
    ["pretooluse", "PreToolUse", EVENT_NAMES],
    ["PostToolUseFailur", "PostToolUseFailure", EVENT_NAMES],
    ["Nothing", undefined, EVENT_NAMES],
  ])("%j -> %j", (name, expected, known) => {
    expect(closestName(name, known)).toBe(expected);
  });

  it("gives the plain edit distance's answer on 3,000 near and far names", () => {
    const rng = new Rng(21);
    const known = [...FIELDS, ...EVENT_NAMES];
    const letters = "abcdeiklmnoprstuwyACPST_";
    for (let i = 0; i < 3000; i++) {
      let name = rng.pick(known);
      for (let edits = rng.int(5); edits > 0; edits--) {
        const at = rng.int(name.length + 1);
        const letter = letters[rng.int(letters.length)]!;
        name = [name.slice(0, at) + letter + name.slice(at), name.slice(0, at) + name.slice(at + 1), name.slice(0, at) + letter + name.slice(at + 1)][
          rng.int(3)
        ]!;
      }
      expect(closestName(name, known), name).toBe(judged(name, known));
    }
  });

  it("a 4 MB name is no slower to answer than a short one (it was seconds per known name)", () => {
    const name = "k".repeat(4_000_000);
    const started = performance.now();
    expect(closestName(name, EVENT_NAMES)).toBeUndefined();
    expect(closestName(`${"x".repeat(5000)}Stop`, EVENT_NAMES)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(100);
  });
});
