// `hooks2opencode trust` through the real command line, with the user's config folders moved to a
// temp home: what it records and where, --list, --revoke (and a revoke that another record
// outweighs), and the reads the live plugin makes of both trust records.
import { existsSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeProjects, readTrusted } from "../../plugin/live/trust.js";
import { runCli, tempProjects } from "../helpers/cli.js";

const temp = tempProjects("trust-");

/** A temp home: the trust record goes to $XDG_CONFIG_HOME, Claude Code's record is ~/.claude.json. */
async function home() {
  const dir = (await temp({ ".keep": "" })).dir;
  const env = { HOME: dir, XDG_CONFIG_HOME: path.join(dir, ".config"), CLAUDE_CONFIG_DIR: "" };
  const record = path.join(dir, ".config", "hooks2opencode", "trusted.json");
  return { dir, env, record, trusted: () => (JSON.parse(readFileSync(record, "utf8")) as { trusted: string[] }).trusted };
}

describe("hooks2opencode trust", () => {
  it("records the folder in the user's config, once, and --list prints it", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": "{}" });
    const trusted = await runCli(["trust", project.dir], { env: user.env });
    expect(trusted.exitCode).toBe(0);
    expect(trusted.stdout).toContain(`trusted ${project.dir}: the live plugin runs the Claude Code hooks of this folder and the folders below it`);
    expect(trusted.stdout).toContain(user.record);
    expect(user.trusted()).toEqual([project.dir]);
    expect(existsSync(path.join(project.dir, ".config"))).toBe(false);

    expect((await runCli(["trust", project.dir], { env: user.env })).exitCode).toBe(0);
    expect(user.trusted()).toEqual([project.dir]);
    const listed = await runCli(["trust", "--list"], { env: user.env });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.trim()).toBe(project.dir);
  });

  it("with no folder, trusts the project the current folder is in", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": "{}", "src/deep/.keep": "" });
    const result = await runCli(["trust"], { env: user.env, cwd: project.file("src/deep") });
    expect(result.exitCode).toBe(0);
    expect(user.trusted()).toEqual([project.dir]);
  });

  it("records a symlinked folder by its real path", async () => {
    const user = await home();
    const project = await temp({ "real/.claude/settings.json": "{}" });
    symlinkSync(project.file("real"), project.file("link"));
    expect((await runCli(["trust", project.file("link")], { env: user.env })).exitCode).toBe(0);
    expect(user.trusted()).toEqual([realpathSync(project.file("real"))]);
  });

  it("--revoke takes it back; --list then says nothing is trusted", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": "{}" });
    await runCli(["trust", project.dir], { env: user.env });
    const revoked = await runCli(["trust", "--revoke", project.dir], { env: user.env });
    expect(revoked.exitCode).toBe(0);
    expect(revoked.stdout.trim()).toBe(`${project.dir} is no longer trusted by hooks2opencode`);
    expect(user.trusted()).toEqual([]);
    expect((await runCli(["trust", "--list"], { env: user.env })).stdout.trim()).toBe(`no folder is trusted in ${user.record}`);
    const again = await runCli(["trust", "--revoke", project.dir], { env: user.env });
    expect(again.stdout.trim()).toBe(`${project.dir} was not trusted by hooks2opencode`);
  });

  it("revoking a folder Claude Code still trusts says so, or the user would believe its hooks are off", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": "{}" });
    writeFileSync(path.join(user.dir, ".claude.json"), JSON.stringify({ projects: { [project.dir]: { hasTrustDialogAccepted: true } } }));
    await runCli(["trust", project.dir], { env: user.env });
    const revoked = await runCli(["trust", "--revoke", project.dir], { env: user.env });
    expect(revoked.exitCode).toBe(0);
    expect(revoked.stdout).toContain(`${project.dir} is no longer trusted by hooks2opencode`);
    expect(revoked.stdout).toContain(`it is still trusted: Claude Code trusts ${project.dir}`);
  });

  it("revoking a folder under a trusted parent says the parent still trusts it", async () => {
    const user = await home();
    const project = await temp({ "app/.claude/settings.json": "{}" });
    await runCli(["trust", project.dir], { env: user.env });
    const revoked = await runCli(["trust", "--revoke", project.file("app")], { env: user.env });
    expect(revoked.stdout).toContain(`${project.file("app")} was not trusted by hooks2opencode`);
    expect(revoked.stdout).toContain(`it is still trusted: hooks2opencode trust ${project.dir}`);
    expect(user.trusted()).toEqual([project.dir]);
  });

  it("a folder that does not exist is a usage error (exit 2) and records nothing", async () => {
    const user = await home();
    const missing = path.join(user.dir, "no-such-folder");
    const result = await runCli(["trust", missing], { env: user.env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe(`hooks2opencode: trust ${missing}: no such folder`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(user.record)).toBe(false);
  });
});

describe("the trust records as the live plugin reads them", () => {
  it.each<[string, string | undefined, string[]]>([
    ["missing", undefined, []],
    ["not JSON", "{ trusted: [", []],
    ["no list", '{"trusted": "/a"}', []],
    ["a list with junk in it", '{"trusted": ["/a", 1, null, "/b"]}', ["/a", "/b"]],
  ])("hooks2opencode's record, %s -> %j", async (_name, text, folders) => {
    const dir = (await temp({ ".keep": "" })).dir;
    const file = path.join(dir, "trusted.json");
    if (text !== undefined) writeFileSync(file, text);
    expect(readTrusted(file)).toEqual(folders);
  });

  it.each<[string, string | undefined, Record<string, unknown>]>([
    ["missing", undefined, {}],
    ["not JSON", "{", {}],
    ["no projects", '{"numStartups": 3}', {}],
    ["projects", '{"projects": {"/a": {"hasTrustDialogAccepted": true}}}', { "/a": { hasTrustDialogAccepted: true } }],
  ])("Claude Code's record, %s -> %j", async (_name, text, projects) => {
    const dir = (await temp({ ".keep": "" })).dir;
    const file = path.join(dir, ".claude.json");
    if (text !== undefined) writeFileSync(file, text);
    expect(readClaudeProjects(file)).toEqual(projects);
  });
});
