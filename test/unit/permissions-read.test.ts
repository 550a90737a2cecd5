// `permissions` is read from the same settings texts as hooks, every rule located, and the rules
// that never match in Claude either are named where they are written.
import { describe, expect, it } from "vitest";
import type { SettingsFile, SettingsText } from "../../schema/load-settings.js";
import { readPermissions } from "../../schema/permissions/read-permissions.js";
import { where } from "../../schema/permissions/model.js";

const PROJECT: SettingsFile = { kind: "project", path: "/p/.claude/settings.json", display: ".claude/settings.json", optional: true };
const LOCAL: SettingsFile = { kind: "local", path: "/p/.claude/settings.local.json", display: ".claude/settings.local.json", optional: true, perMachine: true };

const text = (file: SettingsFile, value: unknown): SettingsText => ({ file, text: JSON.stringify(value, null, 2) });

describe("reading", () => {
  it("every rule of every file, with its list, source and file:line:col", () => {
    const { permissions, diagnostics } = readPermissions([
      text(PROJECT, { hooks: {}, permissions: { allow: ["Bash(npm test *)"], deny: ["Read(./.env*)"], defaultMode: "acceptEdits" } }),
      text(LOCAL, { permissions: { deny: ["Bash(git push *)"], additionalDirectories: ["../shared"] } }),
    ]);
    expect(diagnostics).toEqual([]);
    expect(permissions.rules.map((rule) => `${rule.list} ${rule.text} ${rule.source} ${where(rule)}`)).toEqual([
      "allow Bash(npm test *) project .claude/settings.json:5:7",
      "deny Read(./.env*) project .claude/settings.json:8:7",
      "deny Bash(git push *) local .claude/settings.local.json:4:7",
    ]);
    expect(permissions.rules[2]!.perMachine).toBe(true);
    expect(permissions.defaultMode.map((mode) => `${mode.value} ${where(mode)}`)).toEqual(["acceptEdits .claude/settings.json:10:20"]);
    expect(permissions.additionalDirectories.map((dir) => dir.value)).toEqual(["../shared"]);
  });

  it("comments and trailing commas, as Claude reads them", () => {
    const { permissions } = readPermissions([{ file: PROJECT, text: '{\n  // guard\n  "permissions": { "deny": ["Bash(rm *)",], },\n}' }]);
    expect(permissions.rules.map(where)).toEqual([".claude/settings.json:3:29"]);
  });

  it("a plugin's hooks file or a file that is not JSON holds no permissions", () => {
    const plugin: SettingsFile = { ...PROJECT, kind: "plugin", display: "plugin/hooks.json" };
    expect(readPermissions([text(plugin, { permissions: { deny: ["Bash"] } }), { file: PROJECT, text: "{ nope" }]).permissions.rules).toEqual([]);
  });
});

describe("located findings", () => {
  const findings = (permissions: unknown) => readPermissions([text(PROJECT, { permissions })]).diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`);
  it.each([
    [{ deny: "Bash" }, ["3:13 permission-list-not-array"]],
    [{ deny: [42] }, ["4:7 permission-rule-not-string"]],
    [{ deny: ["Bash(unclosed"] }, ["4:7 permission-rule-syntax"]],
    [{ defaultMode: "yolo" }, ["3:20 permission-mode-unknown"]],
    [{ disableBypassPermissionsMode: true }, ["3:37 permission-switch-value"]],
    [[], ["2:18 permissions-not-object"]],
  ])("%j", (permissions, expected) => {
    expect(findings(permissions)).toEqual(expected);
  });
});

describe("rules that never match in Claude either", () => {
  const lint = (list: string, rule: string) => readPermissions([text(PROJECT, { permissions: { [list]: [rule] } })]).diagnostics.map((d) => d.code);
  it.each([
    ["deny", "bash(rm *)", ["permission-rule-unknown-tool"]],
    ["allow", "read", ["permission-rule-unknown-tool"]],
    ["deny", "Bush(rm *)", ["permission-rule-unknown-tool"]],
    ["deny", "Write(.env)", ["permission-rule-never-consulted"]],
    ["deny", "Glob(secrets/**)", ["permission-rule-never-consulted"]],
    ["deny", "Bash(git:* push)", ["permission-rule-colon-star"]],
    ["allow", "Bash(npm run test:*)", ["permission-rule-legacy-prefix"]],
    ["deny", "Bash(command:rm *)", ["permission-rule-primary-param"]],
    ["deny", "Read(../secrets/**)", ["permission-rule-outside-project"]],
    ["deny", "Edit(/src/../../x)", ["permission-rule-outside-project"]],
    ["allow", "mcp__*", ["permission-allow-glob"]],
    ["allow", "*", ["permission-allow-glob"]],
    // Fine as written
    ["deny", "mcp__*", []],
    ["allow", "mcp__github__get_*", []],
    ["allow", "Bash(ls:*)", []],
    ["deny", "Read(//etc/**)", []],
    ["deny", "Read(~/.ssh/**)", []],
    ["deny", "mcp__github__create_issue", []],
    ["allow", "Task(Explore)", []],
  ])("%s %s", (list, rule, codes) => {
    expect(lint(list, rule)).toEqual(codes);
  });
});
