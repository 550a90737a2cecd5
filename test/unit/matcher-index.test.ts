// The matcher index (plugin/match/matcher-index.ts) must choose exactly what a plain scan of every
// handler chooses, in the same order, with the same errors reported: compared here on hand-picked
// tables and on thousands of generated matcher sets, through selectHandlers as the runtime calls it.
// Claude's matcher rule: https://code.claude.com/docs/en/hooks#matcher-patterns (reference §3).
import { describe, expect, it } from "vitest";
import { type CompiledHandler, compileHandlers } from "../../plugin/compile.js";
import type { PluginHandler } from "../../plugin/config.js";
import { indexByMatcher } from "../../plugin/match/matcher-index.js";
import { mismatch, type Selector, selectHandlers } from "../../plugin/run/select-handlers.js";
import type { EventName } from "../../schema/events.js";

/** The selection as it was before the index: every handler tested in settings order. */
function linearSelect(handlers: readonly CompiledHandler[], firing: Selector, onError: (handler: CompiledHandler, error: unknown) => void): CompiledHandler[] {
  const seen = new Set<string>();
  const selected: CompiledHandler[] = [];
  for (const handler of handlers) {
    let matches: boolean;
    try {
      matches = mismatch(handler, firing) === undefined;
    } catch (error) {
      onError(handler, error);
      continue;
    }
    if (!matches || seen.has(handler.key)) continue;
    seen.add(handler.key);
    selected.push(handler);
  }
  return selected;
}

/** Both selections of one firing: chosen handlers and reported errors, by position in the list. */
function both(handlers: readonly CompiledHandler[], firing: Selector) {
  const run = (select: typeof linearSelect) => {
    const errors: number[] = [];
    const chosen = select(handlers, firing, (handler) => errors.push(handlers.indexOf(handler)));
    return { chosen: chosen.map((handler) => handlers.indexOf(handler)), errors };
  };
  return { indexed: run(selectHandlers), linear: run(linearSelect) };
}

function compiled(event: EventName, groups: Array<{ matcher?: string; command?: string; if?: string }>): CompiledHandler[] {
  const handlers = groups.map((group, i): PluginHandler => ({
    event,
    ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
    source: "project",
    where: `settings.json:${i + 1}:1`,
    handler: { type: "command", command: group.command ?? `echo ${i}`, ...(group.if !== undefined ? { if: group.if } : {}) },
  }));
  return compileHandlers({ generator: "test", handlers }).get(event) ?? [];
}

const call = (toolName: string): Selector => ({
  matchValue: toolName,
  toolCall: { toolName, toolInput: { command: "git push origin main", file_path: "/p/a.ts" }, cwd: "/p", projectDir: "/p" },
});

describe("the index chooses what the plain scan chooses", () => {
  const MIXED = [
    { matcher: "Tool1" },
    { matcher: "^Bash$" },
    { matcher: "Bash" },
    { matcher: "Edit|Write" },
    { matcher: "*" },
    { matcher: "Edit, Write" },
    {},
    { matcher: "" },
    { matcher: "Task" }, // legacy name of Agent
    { matcher: "Edit.*" }, // unanchored: NotebookEdit too
    { matcher: "mcp__memory__create" },
    { matcher: "mcp__memory" }, // exact characters: names the server only, matches no tool
    { matcher: "mcp__.*" },
    { matcher: "bash" }, // an OpenCode id is a name like any other: case-sensitive
    { matcher: "Bash", command: "echo 2" }, // the same handler as group 2's: runs once
    { matcher: "Bash|Bash" },
    { matcher: "Bash", if: "Bash(git push *)" },
    { matcher: "Bash", if: "Bash(rm *)" },
    { matcher: "Agent", if: "Agent" },
  ];
  it.each([
    ["Bash", [1, 2, 4, 6, 7, 15, 16]],
    ["Write", [3, 4, 5, 6, 7]],
    ["Edit", [3, 4, 5, 6, 7, 9]],
    ["NotebookEdit", [4, 6, 7, 9]],
    ["Agent", [4, 6, 7, 8, 18]],
    ["Task", [4, 6, 7, 8, 18]], // a legacy value finds its canonical tool's exact matchers
    ["mcp__memory__create", [4, 6, 7, 10, 12]],
    ["bash", [4, 6, 7, 13]],
    ["Tool1", [0, 4, 6, 7]],
    ["Read", [4, 6, 7]],
  ])("%s -> groups %j, as the scan", (value, expected) => {
    const handlers = compiled("PreToolUse", MIXED);
    const { indexed, linear } = both(handlers, call(value));
    expect(indexed).toEqual(linear);
    expect(indexed.chosen).toEqual(expected);
  });

  it("an event without a matcher value (Stop) runs every handler, each distinct one once", () => {
    const handlers = compiled("Stop", [{ matcher: "Tool1" }, { command: "a" }, { matcher: "^x$", command: "a" }, {}]);
    const { indexed, linear } = both(handlers, {});
    expect(indexed).toEqual(linear);
    expect(indexed.chosen).toEqual([0, 1, 3]);
  });

  it("narrow events (FileChanged) read a comma as regex, and the index does too", () => {
    const handlers = compiled("FileChanged", [{ matcher: ".env|.envrc" }, { matcher: "a, b" }, { matcher: "envrc" }, { matcher: "a" }]);
    for (const value of [".env", "envrc", "a", "a, b", "b", "x"]) {
      const { indexed, linear } = both(handlers, { matchValue: value });
      expect(indexed, value).toEqual(linear);
    }
    expect(both(handlers, { matchValue: "a, b" }).indexed.chosen).toEqual([1]);
  });

  it("a handler whose `if` throws is reported at its place among the others, once per firing", () => {
    const handlers = compiled("PreToolUse", [
      { matcher: "Bash", if: "Bash(git *)" },
      { matcher: "Tool9" },
      { matcher: ".*" },
      { matcher: "Bash", command: "b" },
    ]);
    const throwing: CompiledHandler = {
      ...handlers[0]!,
      key: "throws",
      ifRule: () => {
        throw new Error("boom");
      },
    };
    const list = [handlers[2]!, throwing, handlers[1]!, handlers[3]!];
    const { indexed, linear } = both(list, call("Bash"));
    expect(indexed).toEqual(linear);
    expect(indexed).toEqual({ chosen: [0, 3], errors: [1] });
  });

  it("another agent's exact matcher (no names: plugin/dialects/) is tested, never skipped", () => {
    const [claude] = compiled("PreToolUse", [{ matcher: "Tool1" }]);
    const codexLike: CompiledHandler = { ...claude!, key: "codex", matcher: { kind: "exact", test: (value) => value === "apply_patch" || value === "Edit" } };
    const list = [claude!, codexLike];
    for (const value of ["Edit", "apply_patch", "Tool1", "Bash"]) expect(both(list, call(value)).indexed).toEqual(both(list, call(value)).linear);
    expect(both(list, call("Edit")).indexed.chosen).toEqual([1]);
  });
});

describe("generated matcher sets: index and scan agree on every value", () => {
  // Every kind of matcher the rule knows, and names that are also JavaScript's own property names.
  const MATCHERS = [
    undefined,
    "",
    "*",
    "Bash",
    "Edit|Write",
    "Edit, Write",
    "Write ,Edit",
    "Bash|Bash",
    "Task",
    "Agent",
    "Task|Read",
    "KillShell",
    "Tool1",
    "Tool2|Tool1",
    "mcp__memory__create",
    "mcp__memory",
    "mcp__memory__.*",
    "mcp__.*",
    "^Tool1$",
    "Edit.*",
    "rit.",
    "rit",
    "Task.*",
    ".*",
    "^(Bash|Read)$",
    "bash",
    "webfetch",
    "my-tool",
    "constructor",
    "toString",
    "__proto__",
    "|",
    "Read|",
    "[",
  ];
  const VALUES = [
    "Bash",
    "Edit",
    "Write",
    "Read",
    "NotebookEdit",
    "Agent",
    "Task",
    "TaskStop",
    "KillShell",
    "Tool1",
    "Tool2",
    "mcp__memory__create",
    "mcp__memory",
    "mcp__other__x",
    "bash",
    "webfetch",
    "my-tool",
    "constructor",
    "toString",
    "__proto__",
    "",
    "Edit|Write",
  ];
  const IFS = [undefined, undefined, undefined, "Bash(git push *)", "Bash(rm *)", "Edit(*.ts)", "Agent", "mcp__memory"];

  /** A small deterministic generator (mulberry32): the same sets on every run. */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.each([
    ["PreToolUse", 1],
    ["PostToolUse", 2],
    ["SessionStart", 3],
    ["FileChanged", 4], // narrow: `|` lists only
  ] as const)("%s: 300 sets of up to 40 groups", (event, seed) => {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    let compared = 0;
    let chosen = 0;
    const disagreements: unknown[] = [];
    for (let set = 0; set < 300; set++) {
      const groups = Array.from({ length: 1 + Math.floor(next() * 40) }, () => ({
        ...(pick([true, false]) ? { matcher: pick(MATCHERS) } : { matcher: pick(MATCHERS.slice(3, 14)) }),
        // Some handlers repeat: Claude runs identical ones once, at the first place.
        command: `echo ${Math.floor(next() * 12)}`,
        ...(event.endsWith("ToolUse") && pick(IFS) !== undefined ? { if: pick(IFS) } : {}),
      })).map((group) => (group.matcher === undefined ? { command: group.command } : group));
      const handlers = compiled(event, groups);
      for (const value of VALUES) {
        const { indexed, linear } = both(handlers, call(value));
        // toEqual on each of 11,000 pairs is slow: compare as text, report the disagreements.
        if (JSON.stringify(indexed) !== JSON.stringify(linear)) disagreements.push({ groups, value, indexed, linear });
        compared++;
        chosen += indexed.chosen.length;
      }
    }
    expect(disagreements.slice(0, 3)).toEqual([]);
    expect(compared).toBe(300 * VALUES.length);
    expect(chosen).toBeGreaterThan(compared); // the sets choose handlers: an index that chose none would not pass unseen
  });
});

describe("a call visits only the groups that may match it", () => {
  it("beside 1,000 exact matchers naming other tools, it tests none of them, and the regex ones in order", () => {
    const handlers = compiled("PreToolUse", [
      ...Array.from({ length: 1000 }, (_, i) => ({ matcher: `Tool${i}` })),
      { matcher: "^Bash$", command: "regex" },
      { matcher: "Bash", command: "exact" },
    ]);
    const tested: string[] = [];
    const counted = handlers.map((handler) => ({
      ...handler,
      matcher: {
        ...handler.matcher,
        test: (value: string) => (tested.push(handler.handler.type === "command" ? handler.handler.command : ""), handler.matcher.test(value)),
      },
    }));
    expect(selectHandlers(counted, call("Bash")).map((handler) => handler.where)).toEqual(["settings.json:1001:1", "settings.json:1002:1"]);
    expect(tested).toEqual(["regex", "exact"]);
    tested.length = 0;
    expect(selectHandlers(counted, call("Tool7")).map((handler) => handler.where)).toEqual(["settings.json:8:1"]);
    expect(tested).toEqual(["echo 7", "regex"]);
  });

  it("lists the candidates of a value in settings order, exact and other matchers merged", () => {
    const handlers = compiled("PreToolUse", [
      { matcher: "Edit|Write" },
      { matcher: ".*" },
      { matcher: "Write" },
      { matcher: "Read" },
      { matcher: "*" },
      { matcher: "Write, Edit" },
    ]);
    const index = indexByMatcher(handlers);
    const positions = (value: string | undefined) => index.candidates(value).map((handler) => handlers.indexOf(handler));
    expect(positions("Write")).toEqual([0, 1, 2, 4, 5]);
    expect(positions("Read")).toEqual([1, 3, 4]);
    expect(positions("Bash")).toEqual([1, 4]);
    expect(positions(undefined)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(index.candidates("Write")).toBe(index.candidates("Write")); // merged once per name
  });
});
