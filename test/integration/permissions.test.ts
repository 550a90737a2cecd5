// convert --permissions with real settings files and real sh/jq hooks: the report names every rule
// where it is written; the generated plugin denies with Claude's message after the PreToolUse hooks
// ran (a hook's allow does not lift a deny rule), answers OpenCode's prompt for an allowed call, and
// leaves everything as it was without the flag.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { convert } from "../../cli/commands/convert.js";
import { runCli } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const ALLOW_READS = {
  type: "command",
  command: `touch "$CLAUDE_PROJECT_DIR/hook-ran"; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
};

const PROJECT_SETTINGS = `{
  "hooks": {
    "PreToolUse": [{ "matcher": "Read|Bash", "hooks": [${JSON.stringify(ALLOW_READS)}] }]
  },
  "permissions": {
    "allow": ["Bash(git status)", "Bash(git *)"],
    "ask": ["Bash(git push *)"],
    "deny": [
      "Read(./.env*)"
    ],
    "defaultMode": "acceptEdits"
  }
}
`;

const LOCAL_SETTINGS = { permissions: { deny: ["Bash(rm *)"] } };

async function converted(flags: { permissions?: boolean } = {}) {
  const out: string[] = [];
  const result = await convert({ project: project.dir, ...flags, print: (text) => out.push(text), printError: (text) => out.push(text) });
  return { result, report: out.join("") };
}

async function plugin() {
  return loadPlugin(project.dir, { permission: "allow" }, {}, { convertFirst: false });
}

const replies = (calls: Array<[string, unknown]>) => calls.filter(([name]) => name === "permission.reply").map(([, options]) => options);

describe("convert --permissions", () => {
  it("reports every rule with its file:line:col and how it carries over", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS, ".claude/settings.local.json": LOCAL_SETTINGS });
    const { result, report } = await converted({ permissions: true });
    expect(result.result).toBe("written");
    expect(report).toContain("approximated deny Read(./.env*)\n               at .claude/settings.json:9:7");
    expect(report).toContain(
      'approximated ask Bash(git push *)\n               at .claude/settings.json:7:13\n               how: OpenCode asks, by its permission config: bash "git push *"',
    );
    expect(report).toContain("deny Bash(rm *)\n               at .claude/settings.local.json:4:7");
    expect(report).toContain("not carried  defaultMode acceptEdits");
    expect(report).toMatch(/6 permission settings: \d exact, \d approximated, \d not carried/);
  });

  it("a deny rule blocks the call with Claude's message, after the PreToolUse hook allowed it", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS, ".env": "SECRET=1\n" });
    await converted({ permissions: true });
    const loaded = await plugin();
    await expect(loaded.before("read", { filePath: ".env" })).rejects.toThrow(/^Permission to use Read has been denied\.$/);
    expect(existsSync(project.file("hook-ran"))).toBe(true); // Claude runs PreToolUse hooks before the permission check
    await expect(loaded.before("read", { filePath: "README.md" })).resolves.toEqual({ filePath: "README.md" });
    expect(loaded.client.logs().join("\n")).toContain("denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7");
  });

  it("settings.local.json's deny rules go to the local hooks file and are enforced too", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS, ".claude/settings.local.json": LOCAL_SETTINGS });
    await converted({ permissions: true });
    expect(await readFile(project.file(".opencode/plugins/claude-hooks.js"), "utf8")).not.toContain("Bash(rm *)");
    const loaded = await plugin();
    await expect(loaded.before("bash", { command: "git status && rm -rf build", description: "d" })).rejects.toThrow(
      "Permission to use Bash with command git status && rm -rf build has been denied.",
    );
  });

  it("an allow rule answers OpenCode's prompt; an ask rule that also matches keeps the prompt for the user", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS });
    await converted({ permissions: true });
    const loaded = await plugin();
    const asked = (callID: string, id: string) =>
      loaded.hooks.event!({
        event: { type: "permission.asked", properties: { id, sessionID: "ses_test", permission: "bash", tool: { messageID: "m", callID } } } as never,
      });
    await loaded.before("bash", { command: "git status", description: "d" }, "call_status");
    await loaded.before("bash", { command: "git status && git push", description: "d" }, "call_push");
    await asked("call_push", "per_push");
    await asked("call_status", "per_status");
    expect(replies(loaded.client.calls)).toEqual([{ path: { id: "ses_test", permissionID: "per_status" }, body: { response: "once" } }]);
  });

  it("without the flag nothing changes: no rule in the plugin, nothing denied, one line in the report", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS, ".env": "SECRET=1\n" });
    const { report } = await converted();
    expect(report.match(/permission rules? in the settings/g)).toHaveLength(1);
    expect(report).toContain("4 permission rules in the settings are not carried");
    expect(await readFile(project.file(".opencode/plugins/claude-hooks.js"), "utf8")).not.toContain("Read(./.env*)");
    const loaded = await plugin();
    await expect(loaded.before("read", { filePath: ".env" })).resolves.toEqual({ filePath: ".env" });
  });
});

describe("test --permissions", () => {
  it("says which rule decided the call, where it is written, and blocks it as the plugin would", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS });
    const denied = await runCli(["test", "PreToolUse", "--tool", "Read", "--input", '{"file_path":".env"}', "--permissions", "--project", project.dir]);
    expect(denied.stdout).toContain('blocked: it does not happen; OpenCode shows "Permission to use Read has been denied."');
    expect(denied.stdout).toContain("denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7");
    expect(denied.exitCode).toBe(1);
    const asked = await runCli([
      "test",
      "PreToolUse",
      "--tool",
      "Bash",
      "--input",
      '{"command":"git status && git push"}',
      "--permissions",
      "--project",
      project.dir,
    ]);
    expect(asked.stdout).toContain("asked by permissions.ask Bash(git push *) at .claude/settings.json:7:13");
    const without = await runCli(["test", "PreToolUse", "--tool", "Read", "--input", '{"file_path":".env"}', "--project", project.dir]);
    expect(without.stdout).not.toContain("permissions.");
    expect(without.exitCode).toBe(0);
  });
});

describe("--permissions is recorded", () => {
  it("a bare convert and check keep the rules; --no-permissions drops them", async () => {
    project = await makeProject({ ".claude/settings.json": PROJECT_SETTINGS });
    const plugin = () => readFile(project.file(".opencode/plugins/claude-hooks.js"), "utf8");
    expect((await runCli(["convert", "--permissions", "--project", project.dir])).exitCode).toBe(0);
    expect(await plugin()).toContain('// Flags: {"permissions":true}');
    expect((await runCli(["check", "--project", project.dir])).exitCode).toBe(0);
    expect((await runCli(["convert", "--project", project.dir])).exitCode).toBe(0);
    expect(await plugin()).toContain("Read(./.env*)");
    expect((await runCli(["convert", "--no-permissions", "--project", project.dir])).exitCode).toBe(0);
    expect(await plugin()).not.toContain("Read(./.env*)");
    expect((await runCli(["check", "--project", project.dir])).exitCode).toBe(0);
  });
});
