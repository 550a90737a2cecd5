// The permission rules in check, explain, test --json and the generated plugin's drift notice, with
// real settings files, the real CLI and real sh/jq hooks: check names the settings file whose rules
// changed since convert --permissions (and checks a plugin that carries rules only); explain lists
// the rules in Claude's order and says which decides a call; test --json carries the verdict.
import { readFile, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const HOOK = { type: "command", command: `jq -r .tool_input.file_path >> "$CLAUDE_PROJECT_DIR/reads.log"` };

const SETTINGS = `{
  "hooks": {
    "PreToolUse": [{ "matcher": "Read", "hooks": [${JSON.stringify(HOOK)}] }]
  },
  "permissions": {
    "allow": ["Bash(git *)"],
    "ask": ["Bash(git push *)"],
    "deny": [
      "Read(./.env*)"
    ]
  }
}
`;

const cli = (...args: string[]) => runCli([...args, "--project", project.dir]);

describe("check and the permission rules", () => {
  it("settings whose rules changed since convert --permissions: the plugin is stale, and check names the file and what changed", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    expect((await cli("check")).exitCode).toBe(0);
    await writeFile(project.file(".claude/settings.json"), SETTINGS.replace("Read(./.env*)", "Read(./.env)"));
    const stale = await cli("check");
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain("stale: .opencode/plugins/claude-hooks.js (the permission rules of .claude/settings.json changed since it was generated)");
    expect(stale.stdout).toContain("Run `npx hooks2opencode convert --permissions` to regenerate it.");
    const json = JSON.parse((await cli("check", "--json")).stdout) as { files: Array<{ file: string; state: string; why: string }> };
    expect(json.files[0]).toMatchObject({ file: ".opencode/plugins/claude-hooks.js", state: "stale" });
    expect((await cli("convert")).exitCode).toBe(0);
    expect((await cli("check")).exitCode).toBe(0);
  });

  it("a hook edit is named as such, beside an unchanged rule", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    await writeFile(project.file(".claude/settings.json"), SETTINGS.replace('"matcher": "Read"', '"matcher": "Read|Grep"'));
    expect((await cli("check")).stdout).toContain("(the hooks of .claude/settings.json changed since it was generated)");
  });

  it("settings.local.json's rules: the local hooks file is stale and named", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS, ".claude/settings.local.json": { permissions: { deny: ["Bash(rm *)"] } } });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    await writeFile(project.file(".claude/settings.local.json"), JSON.stringify({ permissions: { deny: ["Bash(rm -rf *)"] } }));
    const stale = await cli("check");
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(
      "stale: .opencode/claude-hooks.local.json (local hooks of this machine; the permission rules of .claude/settings.local.json changed since it was generated)",
    );
  });

  it("a plugin that carries permission rules and no hook is checked, not called orphaned", async () => {
    project = await makeProject({ ".claude/settings.json": { permissions: { deny: ["Read(./.env*)"] } } });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    const fresh = await cli("check");
    expect(fresh.stdout).toContain("up to date: .opencode/plugins/claude-hooks.js");
    expect(fresh.exitCode).toBe(0);
    await writeFile(project.file(".claude/settings.json"), JSON.stringify({ permissions: { deny: ["Read(./.env)"] } }));
    const stale = await cli("check");
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain("the permission rules of .claude/settings.json changed since it was generated");
  });

  it("the generated plugin says at load that its permission rules, not only its hooks, are as they were", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS, ".env": "TOKEN=1\n" });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    await writeFile(project.file(".claude/settings.json"), SETTINGS.replace("Read(./.env*)", "Read(./secrets/**)"));
    const loaded = await loadPlugin(project.dir, { permission: "allow" }, {}, { convertFirst: false });
    expect(loaded.client.logs()).toContain(
      "Claude hooks and permission rules changed since conversion (.claude/settings.json): OpenCode runs the hooks and permission rules as they were. Run `npx hooks2opencode convert --permissions`.",
    );
    // As they were: the old deny still holds until convert runs.
    await expect(loaded.before("read", { filePath: ".env" })).rejects.toThrow("Permission to use Read has been denied.");
  });
});

describe("explain and the permission rules", () => {
  it("lists the carried rules in Claude's order with their tools and places; --tool narrows; --input says which decides", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS });
    expect((await cli("convert", "--permissions")).exitCode).toBe(0);
    const all = await cli("explain");
    expect(all.exitCode).toBe(0);
    const table = all.stdout.slice(all.stdout.indexOf("Permission rules"));
    expect(table).toMatch(/1\s+deny\s+Read\(\.\/\.env\*\)\s+read, grep, glob, edit, apply_patch, write\s+approximated/);
    expect(table).toMatch(/2\s+ask\s+Bash\(git push \*\)\s+bash\s+approximated/);
    expect(table).toMatch(/3\s+allow\s+Bash\(git \*\)\s+bash\s+approximated/);
    expect(table).toContain("  1. .claude/settings.json:9:7");
    const bash = await cli("explain", "--tool", "bash", "--input", '{"command":"git status && git push"}');
    expect(bash.stdout).toContain("Permission rules that can apply to bash");
    expect(bash.stdout).not.toContain("Read(./.env*)");
    expect(bash.stdout).toContain("This call: asked by permissions.ask Bash(git push *) at .claude/settings.json:7:13");
    const read = JSON.parse((await cli("explain", "--tool", "Read", "--input", '{"file_path":".env"}', "--json")).stdout) as {
      permissions: { carried: boolean; rules: Array<{ rule: string }>; decides: unknown };
    };
    expect(read.permissions.carried).toBe(true);
    expect(read.permissions.rules.map((rule) => rule.rule)).toEqual(["Read(./.env*)"]);
    expect(read.permissions.decides).toEqual({ decision: "deny", rule: "Read(./.env*)", where: ".claude/settings.json:9:7" });
  });

  it("without --permissions (given or recorded) it says once that the rules are not carried; --input needs --tool", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS });
    const plain = await cli("explain");
    expect(plain.stdout).toContain("3 permission rules in the settings are not carried");
    expect(plain.stdout).not.toContain("Permission rules");
    expect((await cli("explain", "--permissions")).stdout).toContain("Permission rules, in the order Claude consults them");
    const wrong = await cli("explain", "--input", "{}");
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain("--input needs --tool");
  });
});

describe("test --json --permissions", () => {
  it("carries the verdict: decision, rule and where; for a Claude name or an OpenCode id; null when none matches", async () => {
    project = await makeProject({ ".claude/settings.json": SETTINGS });
    const verdict = async (...args: string[]) => {
      const run = await cli("test", "PreToolUse", ...args, "--permissions", "--json");
      return (JSON.parse(run.stdout) as { permission?: unknown }).permission;
    };
    expect(await verdict("--tool", "Read", "--input", '{"file_path":".env"}')).toEqual({
      decision: "deny",
      rule: "Read(./.env*)",
      where: ".claude/settings.json:9:7",
    });
    expect(await verdict("--tool", "read", "--input", '{"filePath":".env.local"}')).toEqual({
      decision: "deny",
      rule: "Read(./.env*)",
      where: ".claude/settings.json:9:7",
    });
    expect(await verdict("--tool", "Bash", "--input", '{"command":"git log"}')).toEqual({
      decision: "allow",
      rule: "Bash(git *)",
      where: ".claude/settings.json:6:15",
    });
    expect(await verdict("--tool", "Read", "--input", '{"file_path":"README.md"}')).toBeNull();
    const without = JSON.parse((await cli("test", "PreToolUse", "--tool", "Read", "--input", '{"file_path":".env"}', "--json")).stdout) as object;
    expect(without).not.toHaveProperty("permission");
    expect(await readFile(project.file(".claude/settings.json"), "utf8")).toBe(SETTINGS);
  });
});
