// How each permission setting carries over into the plugin, row by row, and the docs page naming
// every lint code the reader can warn with.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { carryPermissions } from "../../plugin/load/carry-permissions.js";
import type { PermissionRule, PermissionSettings, RuleList } from "../../schema/permissions/model.js";
import { REPO_ROOT } from "../helpers/project.js";

const rule = (list: RuleList, text: string, extra: Partial<PermissionRule> = {}): PermissionRule => ({
  list,
  text,
  source: "project",
  file: ".claude/settings.json",
  line: 3,
  column: 7,
  ...extra,
});

const settings = (rules: PermissionRule[], extra: Partial<PermissionSettings> = {}): PermissionSettings => ({
  rules,
  defaultMode: [],
  additionalDirectories: [],
  disableBypassPermissionsMode: [],
  ...extra,
});

describe("one row per rule", () => {
  it.each([
    [rule("deny", "WebFetch(domain:evil.test)"), "exact"],
    [rule("deny", "mcp__github__create_issue"), "exact"], // OpenCode's config denies it, which hides the tool as Claude does
    [rule("deny", "Write"), "approximated"], // OpenCode's edit key would hide edit too: the tool stays listed
    [rule("deny", "Agent(Explore)"), "exact"],
    [rule("deny", "Bash(git push *)"), "approximated"],
    [rule("deny", "Read(./.env*)"), "approximated"],
    [rule("deny", "mcp__*"), "approximated"],
    [rule("allow", "Read(src/**)", { source: "user" }), "exact"],
    [rule("allow", "Bash(npm test *)", { source: "user" }), "approximated"],
    [rule("allow", "WebFetch(domain:docs.example)"), "approximated"], // project allow: no workspace-trust step
    [rule("ask", "Bash(git push *)"), "approximated"], // OpenCode matches commands as written: no wrapper stripped
    [rule("ask", "Edit(./src/**)"), "exact"],
    [rule("ask", "WebFetch(domain:example.com)"), "approximated"],
    [rule("ask", "Bash(timeout:30)"), "approximated"], // no OpenCode pattern: the plugin asks as for a PreToolUse ask
    [rule("ask", "NotebookEdit"), "not carried"],
    [rule("deny", "NotebookEdit"), "not carried"],
    [rule("deny", "Bush(rm *)"), "not carried"],
  ])("%j is %s", (each, status) => {
    expect(carryPermissions(settings([each]), new Set([each]))[0]!.status).toBe(status);
  });

  it("a rule the plugin does not embed says why, with where it is written", () => {
    const local = rule("deny", "Bash(rm *)", { perMachine: true, file: ".claude/settings.local.json", source: "local" });
    expect(carryPermissions(settings([local]), new Set())).toEqual([
      { what: "deny Bash(rm *)", where: ".claude/settings.local.json:3:7", status: "not carried", how: expect.stringContaining("this machine's") },
    ]);
  });

  it("additionalDirectories are carried; a mode OpenCode has no equivalent for is reported, not carried", () => {
    const at = { source: "project" as const, file: ".claude/settings.json", line: 9, column: 20 };
    const rows = carryPermissions(
      settings([], { defaultMode: [{ value: "bypassPermissions", ...at }], additionalDirectories: [{ value: "../lib", ...at }] }),
      new Set(),
    );
    expect(rows.map((row) => `${row.what} ${row.status}`)).toEqual(["defaultMode bypassPermissions not carried", "additionalDirectories ../lib exact"]);
  });
});

it("docs/permissions.md's table names every lint code", async () => {
  const lints = await readFile(path.join(REPO_ROOT, "schema/permissions/lint-rules.ts"), "utf8");
  const codes = [...new Set([...lints.matchAll(/code: "([a-z-]+)"/g)].map((match) => match[1]!))];
  expect(codes.length).toBeGreaterThan(5);
  const doc = await readFile(path.join(REPO_ROOT, "docs/permissions.md"), "utf8");
  expect(codes.filter((code) => !doc.includes(`| \`${code}\` |`))).toEqual([]);
});
