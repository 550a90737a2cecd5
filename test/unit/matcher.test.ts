import { describe, expect, it } from "vitest";
import { compileMatcher } from "../../schema/matcher.js";

const matches = (matcher: string | undefined, value: string, narrow = false) => {
  const compiled = compileMatcher(matcher, { narrow });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher.test(value);
};

describe("Claude's matcher rule (https://code.claude.com/docs/en/hooks#matcher-patterns)", () => {
  it.each([
    // matcher, value, expected
    [undefined, "Bash", true],
    ["", "Bash", true],
    ["*", "mcp__memory__read", true],
    ["Bash", "Bash", true],
    ["Bash", "bash", false], // case-sensitive
    ["Bash", "BashOutput", false], // exact, not a prefix
    ["Edit|Write", "Write", true],
    ["Edit|Write", "Read", false],
    ["Edit, Write", "Write", true], // comma list (2.1.191+)
    ["Edit ,Write", "Edit", true],
    ["my-tool", "my-tool", true], // hyphen stays exact (2.1.195+)
    ["Task", "Agent", true], // legacy alias
    ["Agent", "Agent", true],
    ["Edit.*", "NotebookEdit", true], // unanchored regex
    ["^Edit$", "NotebookEdit", false],
    ["mcp__.*", "mcp__memory__create", true],
    ["mcp__.*", "Bash", false],
    ["mcp__memory", "mcp__memory__create", false], // exact chars: names the server only, matches nothing
    ["mcp__memory__.*", "mcp__memory__create", true],
    ["rit.", "Write", true], // regex path (zernie/vigiles#132)
    ["rit", "Write", false], // exact path
    ["Task.*", "Agent", true], // regex also tested against the legacy alias
    [".*", "anything", true],
  ])("%j on %s -> %s", (matcher, value, expected) => {
    expect(matches(matcher, value)).toBe(expected);
  });

  it("narrow events (FileChanged, StopFailure) take a comma as regex", () => {
    expect(matches("rate_limit|overloaded", "overloaded", true)).toBe(true);
    expect(compileMatcher("a, b", { narrow: true }).ok).toBe(true);
    expect(matches("a, b", "a", true)).toBe(false);
  });

  it("reports an invalid regex instead of throwing", () => {
    const compiled = compileMatcher("Edit(");
    expect(compiled.ok).toBe(false);
  });
});
