// The pure parts of the permission rules in the live plugin, explain, test and check: which rules the
// live plugin takes from which texts (Claude's trust rule for settings.local.json's allow rules; a
// file that does not parse keeps its rules as last read), which tools `explain` says a rule applies
// to, which rule decides a call given by Claude name or OpenCode id, and why `check` says a plugin
// is stale.
import { describe, expect, it } from "vitest";
import { compilePermissions } from "../../plugin/permissions/evaluate.js";
import { ignoredAllowNotice, type LastRules, livePermissions } from "../../plugin/live/live-permissions.js";
import { projectSettingsFiles, type SettingsText } from "../../schema/load-settings.js";
import type { PermissionRule, RuleList } from "../../schema/permissions/model.js";
import { entriesFor, permissionEntries, ruleTools } from "../../cli/commands/explain-permissions.js";
import { staleReason } from "../../cli/commands/stale-reason.js";
import { callVerdict, verdictText } from "../../cli/simulate/permission-verdict.js";
import type { PluginConfig } from "../../plugin/config.js";

const ROOT = "/work/project";
const [PROJECT, LOCAL] = projectSettingsFiles(ROOT);
const text = (file: typeof PROJECT, value: unknown): SettingsText => ({
  file: file!,
  text: typeof value === "string" ? value : JSON.stringify(value, null, 2),
});
const shown = (rules: readonly PermissionRule[]) => rules.map((rule) => `${rule.list} ${rule.text} ${rule.file}:${rule.line}`);

describe("livePermissions: the rules the live plugin enforces", () => {
  const texts = [
    text(PROJECT, { permissions: { deny: ["Read(./.env*)"], allow: ["Bash(npm test)"] } }),
    text(LOCAL, { permissions: { allow: ["Bash(git status)"], ask: ["Bash(git push *)"], deny: ["Bash(rm *)"] } }),
  ];

  it.each([
    [
      true,
      [
        "deny Read(./.env*) .claude/settings.json:4",
        "allow Bash(npm test) .claude/settings.json:7",
        "allow Bash(git status) .claude/settings.local.json:4",
        "ask Bash(git push *) .claude/settings.local.json:7",
        "deny Bash(rm *) .claude/settings.local.json:10",
      ],
      [],
    ],
    [
      false,
      [
        "deny Read(./.env*) .claude/settings.json:4",
        "allow Bash(npm test) .claude/settings.json:7",
        "ask Bash(git push *) .claude/settings.local.json:7",
        "deny Bash(rm *) .claude/settings.local.json:10",
      ],
      ["allow Bash(git status) .claude/settings.local.json:4"],
    ],
  ])("trusted %s: every file's rules, but settings.local.json's allow rules only in a trusted folder", (trusted, rules, ignored) => {
    const read = livePermissions(texts, trusted, new Map());
    expect(shown(read.rules)).toEqual(rules);
    expect(shown(read.ignoredLocalAllow)).toEqual(ignored);
  });

  it("a file that does not parse keeps the rules it had when last read; one that parses replaces them", () => {
    const last: LastRules = new Map();
    livePermissions(texts, true, last);
    const broken = livePermissions([text(PROJECT, '{ "permissions": { "deny": ['), texts[1]!], true, last);
    expect(shown(broken.rules)).toContain("deny Read(./.env*) .claude/settings.json:4");
    const emptied = livePermissions([text(PROJECT, {}), texts[1]!], true, last);
    expect(shown(emptied.rules).filter((rule) => rule.includes("settings.json:"))).toEqual([]);
  });

  it("findings of rules Claude would not take are located", () => {
    const read = livePermissions([text(PROJECT, { permissions: { deny: ["bash(rm *)"] } })], true, new Map());
    expect(read.diagnostics.map((finding) => `${finding.code} ${finding.file}:${finding.line}`)).toEqual([
      "permission-rule-unknown-tool .claude/settings.json:4",
    ]);
  });

  it("the notice names the count, the file, the folder and the fix; nothing when none is ignored", () => {
    const ignored = livePermissions(texts, false, new Map()).ignoredLocalAllow;
    expect(ignoredAllowNotice(ignored, ROOT, "npx hooks2opencode trust /work/project")).toBe(
      "1 permissions.allow rule of .claude/settings.local.json is ignored: /work/project is not trusted. Trust it with: npx hooks2opencode trust /work/project",
    );
    expect(ignoredAllowNotice([], ROOT, "x")).toBeUndefined();
  });
});

describe("ruleTools: the tools explain says a rule applies to", () => {
  it.each<[RuleList, string, string[]]>([
    ["deny", "Bash(git push *)", ["Bash"]],
    ["deny", "Read(./.env*)", ["Read", "Grep", "Glob", "Edit", "Write"]],
    ["ask", "Read(./.env*)", ["Read", "Grep", "Glob", "Edit", "Write"]],
    ["allow", "Read(./docs/**)", ["Read", "Grep", "Glob"]],
    ["allow", "Edit(src/**)", ["Edit", "Write"]],
    ["deny", "Read", ["Read"]],
    ["deny", "WebFetch(domain:example.com)", ["WebFetch"]],
    ["deny", "mcp__github__*", ["mcp__github__*"]],
    ["deny", "Web*", ["WebFetch", "WebSearch"]],
    ["allow", "Task(Explore)", ["Agent"]],
  ])("%s %s -> %j", (list, rule, tools) => {
    expect(ruleTools(list, rule)).toEqual(tools);
  });

  it("entries come in Claude's order (deny, ask, allow) with their OpenCode tools, and --tool narrows them by Claude name or OpenCode id", () => {
    const rows = [
      { what: "allow Bash(git *)", where: "a:1:1", status: "exact" as const },
      { what: "deny Read(./.env*)", where: "a:2:1", status: "approximated" as const },
      { what: "defaultMode acceptEdits", where: "a:3:1", status: "not carried" as const },
      { what: "ask Bash(git push *)", where: "a:4:1", status: "not carried" as const },
    ];
    const entries = permissionEntries(rows);
    expect(entries.map((entry) => `${entry.list} ${entry.rule}: ${entry.opencode.join(" ")}`)).toEqual([
      "deny Read(./.env*): read grep glob edit apply_patch write",
      "ask Bash(git push *): bash",
      "allow Bash(git *): bash",
    ]);
    expect(entriesFor(entries, "bash").map((entry) => entry.rule)).toEqual(["Bash(git push *)", "Bash(git *)"]);
    expect(entriesFor(entries, "Write").map((entry) => entry.rule)).toEqual(["Read(./.env*)"]);
    expect(entriesFor(entries, "apply_patch").map((entry) => entry.rule)).toEqual(["Read(./.env*)"]);
    expect(entriesFor(entries, "WebFetch")).toEqual([]);
  });
});

describe("callVerdict: the rule that decides a call, as the plugin's enforcement decides it", () => {
  const rule = (list: RuleList, text: string, line: number): PermissionRule => ({
    list,
    text,
    source: "project",
    file: ".claude/settings.json",
    line,
    column: 7,
  });
  const rules = compilePermissions([rule("allow", "Edit(src/**)", 3), rule("deny", "Read(./.env*)", 9), rule("ask", "Bash(git push *)", 5)], {
    configDir: "/home/me/.claude",
  });
  it.each<[string, Record<string, unknown>, string]>([
    ["Read", { file_path: ".env" }, "denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7"],
    ["read", { filePath: ".env.local" }, "denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7"],
    ["Bash", { command: "git status && git push" }, "asked by permissions.ask Bash(git push *) at .claude/settings.json:5:7"],
    ["edit", { filePath: "src/a.ts", oldString: "a", newString: "b" }, "allowed by permissions.allow Edit(src/**) at .claude/settings.json:3:7"],
    ["Read", { file_path: "README.md" }, "no permission rule matches: OpenCode's own permission check decides"],
    // apply_patch: allowed only when every file is; denied when one is (a Read deny covers edits)
    [
      "apply_patch",
      { patchText: "*** Begin Patch\n*** Add File: src/b.ts\n+x\n*** End Patch" },
      "allowed by permissions.allow Edit(src/**) at .claude/settings.json:3:7",
    ],
    [
      "apply_patch",
      { patchText: "*** Begin Patch\n*** Add File: src/b.ts\n+x\n*** Add File: docs/c.md\n+y\n*** End Patch" },
      "no permission rule matches: OpenCode's own permission check decides",
    ],
    [
      "apply_patch",
      { patchText: "*** Begin Patch\n*** Add File: src/b.ts\n+x\n*** Add File: .env\n+y\n*** End Patch" },
      "denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7",
    ],
  ])("%s %j -> %s", (tool, input, expected) => {
    expect(verdictText(callVerdict(rules, tool, input, ROOT))).toBe(expected);
  });
});

describe("staleReason: check names what changed", () => {
  const plugin = (config: Partial<PluginConfig>) =>
    `// header\nimport x from "./y.mjs";\n\nconst HOOKS2OPENCODE_CONFIG = ${JSON.stringify({ generator: "g", handlers: [], ...config }, null, 2)};\n\nexport const ClaudeCodeHooks = 1;\n`;
  const rule = (text: string, line: number): PermissionRule => ({ list: "deny", text, source: "project", file: ".claude/settings.json", line, column: 7 });
  const hook = (where: string) => ({ event: "Stop" as const, source: "project" as const, where, handler: { type: "command" as const, command: "true" } });
  const settings = (sha256: string) => [{ file: ".claude/settings.json", sha256 }];

  it.each([
    [
      { permissions: [rule("Read(./.env*)", 9)], settings: settings("a") },
      { permissions: [rule("Read(./.env)", 9)], settings: settings("b") },
      "the permission rules of .claude/settings.json changed since it was generated",
    ],
    [
      { handlers: [hook("s:1:1")], settings: settings("a") },
      { handlers: [], settings: settings("b") },
      "the hooks of .claude/settings.json changed since it was generated",
    ],
    [
      { handlers: [hook("s:1:1")], permissions: [rule("Read(x)", 2)], settings: settings("a") },
      { handlers: [], settings: settings("b") },
      "the hooks and permission rules of .claude/settings.json changed since it was generated",
    ],
    // a rule added above a hook moves it: the same hook
    [
      { handlers: [hook("s:3:1")], settings: settings("a") },
      { handlers: [hook("s:5:1")], permissions: [rule("Read(x)", 2)], settings: settings("b") },
      "the permission rules of .claude/settings.json changed since it was generated",
    ],
    [{ settings: settings("a") }, { settings: settings("b") }, ".claude/settings.json changed since it was generated"],
  ])("%j -> %j", (before, now, why) => {
    expect(staleReason(plugin(now), plugin(before))).toBe(why);
  });

  it("says nothing when it cannot read the embedded data", () => {
    expect(staleReason(plugin({}), "// hand-written\n")).toBeUndefined();
  });
});
