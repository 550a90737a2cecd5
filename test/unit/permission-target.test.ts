// What OpenCode's tools ask for a call (the permission and a pattern among those it asks with), read
// from OpenCode 1.18.33's tools; how it evaluates rules; and which bash commands the plugin can read.
import { describe, expect, it } from "vitest";
import { type BashAsk, bashAsk } from "../../plugin/tools/bash-permission.js";
import { permissionTarget } from "../../plugin/tools/permission-target.js";
import { lastMatching, wildcardMatch } from "../../plugin/match/opencode-permission-rules.js";

describe("bashAsk: the pattern OpenCode's bash tool certainly asks with", () => {
  it.each<[string, BashAsk]>([
    ["touch marker.txt", { kind: "pattern", pattern: "touch marker.txt" }],
    ["  git status  ", { kind: "pattern", pattern: "git status" }],
    ['git commit -m "fix: the bug; really"', { kind: "pattern", pattern: 'git commit -m "fix: the bug; really"' }],
    ["git add . && git commit -m x", { kind: "pattern", pattern: "git add ." }],
    ["cd repo && git push", { kind: "pattern", pattern: "git push" }],
    ["cd repo\ngit push origin main", { kind: "pattern", pattern: "git push origin main" }],
    ["\nnpm test", { kind: "pattern", pattern: "npm test" }],
    ["ls *.txt | wc -l", { kind: "pattern", pattern: "ls *.txt" }],
    ["FOO=1 make", { kind: "pattern", pattern: "FOO=1 make" }],
    ["FOO=1; make all", { kind: "pattern", pattern: "make all" }],
    ["sleep 1 & rm x", { kind: "pattern", pattern: "sleep 1" }],
    ["git log |& head", { kind: "pattern", pattern: "git log" }],
    // The first command is certain, its text is not: OpenCode asks, with patterns only its parser knows.
    ["npm test 2>&1 | tail", { kind: "asks" }],
    ["echo $HOME", { kind: "asks" }],
    ['git commit -m "$(cat msg)"', { kind: "asks" }],
    ["git status # check", { kind: "asks" }],
    ['echo "unterminated', { kind: "asks" }],
    // No command node but cd-like ones and assignments: OpenCode asks nothing.
    ["cd src", { kind: "never" }],
    ["cd a; pushd b; popd", { kind: "never" }],
    ["FOO=1", { kind: "never" }],
    ["", { kind: "never" }],
    // Anything else may hold no command node at all (`> f` truncates a file unasked): it cannot be told.
    ["> important.txt", { kind: "unknown" }],
    ["export PATH=/x", { kind: "unknown" }],
    ["if true; then rm x; fi", { kind: "unknown" }],
    ["(cd src && make)", { kind: "unknown" }],
    ["[ -f x ] && > x", { kind: "unknown" }],
    ["f () { rm x; }", { kind: "unknown" }],
    ["cd $(mktemp -d)", { kind: "unknown" }],
    ["a && && b", { kind: "unknown" }],
    ["; ls", { kind: "unknown" }],
    ["ls\\\n-la", { kind: "unknown" }],
  ])("%j", (command, expected) => {
    expect(bashAsk(command)).toEqual(expected);
  });

  it("PowerShell and cmd compare command names without case", () => {
    expect(bashAsk("CD src")).toEqual({ kind: "pattern", pattern: "CD src" });
    expect(bashAsk("CD src", true)).toEqual({ kind: "never" });
  });
});

describe("permissionTarget", () => {
  const where = { directory: "/repo/app", worktree: "/repo" };
  it.each([
    ["bash", { command: "touch marker.txt" }, { kind: "rule", permission: "bash", pattern: "touch marker.txt", exact: true }],
    ["bash", { command: "npm test 2>&1" }, { kind: "rule", permission: "bash", pattern: "*", exact: false }],
    ["edit", { filePath: "/repo/app/src/a.ts" }, { kind: "rule", permission: "edit", pattern: "app/src/a.ts", exact: true }],
    ["write", { filePath: "notes.md" }, { kind: "rule", permission: "edit", pattern: "app/notes.md", exact: true }],
    ["read", { filePath: "../other/x.env" }, { kind: "rule", permission: "read", pattern: "other/x.env", exact: true }],
    ["apply_patch", { patchText: "*** Begin Patch" }, { kind: "rule", permission: "edit", pattern: "*", exact: false }],
    ["glob", { pattern: "**/*.ts" }, { kind: "rule", permission: "glob", pattern: "**/*.ts", exact: true }],
    ["grep", { pattern: "TODO" }, { kind: "rule", permission: "grep", pattern: "TODO", exact: true }],
    ["webfetch", { url: "https://example.com" }, { kind: "rule", permission: "webfetch", pattern: "https://example.com", exact: true }],
    ["websearch", { query: "opencode" }, { kind: "rule", permission: "websearch", pattern: "opencode", exact: true }],
    ["skill", { name: "deploy" }, { kind: "rule", permission: "skill", pattern: "deploy", exact: true }],
    ["task", { subagent_type: "general", prompt: "p", description: "d" }, { kind: "rule", permission: "task", pattern: "general", exact: true }],
    ["todowrite", { todos: [] }, { kind: "rule", permission: "todowrite", pattern: "*", exact: true }],
    ["list_mcp_resources", {}, { kind: "rule", permission: "read", pattern: "mcp:*", exact: false }],
    ["read_mcp_resource", { server: "docs", uri: "file:///a" }, { kind: "rule", permission: "read", pattern: "mcp:docs:file:///a", exact: true }],
  ])("%s %j", (tool, args, expected) => {
    expect(permissionTarget(tool, args, where)).toEqual(expected);
  });

  it("an MCP tool asks its own id with *", () => {
    expect(permissionTarget("github_create_issue", {}, { ...where, mcp: true })).toEqual({
      kind: "rule",
      permission: "github_create_issue",
      pattern: "*",
      exact: true,
    });
  });

  it.each([
    ["question", {}],
    ["my_custom_tool", {}],
    ["bash", { command: "cd src" }],
    ["bash", { command: "> important.txt" }],
    ["glob", {}],
  ])("%s %j: OpenCode asks nothing (or it cannot be told)", (tool, args) => {
    expect(permissionTarget(tool, args, where).kind).toBe("never");
  });

  it("under PowerShell a command's pattern is not exact", () => {
    expect(permissionTarget("bash", { command: "git status" }, { ...where, shell: "C:\\Program Files\\PowerShell\\pwsh.exe" })).toEqual({
      kind: "rule",
      permission: "bash",
      pattern: "*",
      exact: false,
    });
  });
});

describe("OpenCode's rule evaluation", () => {
  it.each([
    ["git commit -m x", "git commit *", true],
    ["git commit", "git commit *", true],
    ["git commitx", "git commit *", false],
    ["touch marker.txt", "touch marker.txt", true],
    ["touch markerXtxt", "touch marker.txt", false],
    ["ls *.txt", "ls *.txt", true],
    ["a?b", "a?b", true],
    ["src\\a.ts", "src/*", true],
    ["line1\nline2", "line1*", true],
  ])("%j against %j: %s", (value, pattern, expected) => {
    expect(wildcardMatch(value, pattern)).toBe(expected);
  });

  it("the last matching rule wins, the permission being a wildcard too", () => {
    const rules = [
      { permission: "*", pattern: "*", action: "allow" as const },
      { permission: "bash", pattern: "touch *", action: "ask" as const },
      { permission: "bash", pattern: "touch safe", action: "allow" as const },
    ];
    expect(lastMatching(rules, "bash", "touch marker.txt")?.action).toBe("ask");
    expect(lastMatching(rules, "bash", "touch safe")?.action).toBe("allow");
    expect(lastMatching(rules, "edit", "a.ts")?.action).toBe("allow");
    expect(lastMatching([], "edit", "a.ts")).toBeUndefined();
  });

  it("a pattern always matches itself, so an exact rule covers its own call", () => {
    for (const text of ["ls *.txt", "a?b [x]", 'git commit -m "x" *', "C:\\dir\\f.txt", "(a|b)+$", "."]) expect(wildcardMatch(text, text)).toBe(true);
  });
});
