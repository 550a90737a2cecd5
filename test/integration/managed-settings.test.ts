// Managed (policy) settings, read on request: their hooks run on this machine (the local hooks file in
// project mode), `allowManagedHooksOnly` leaves only them, a project's `disableAllHooks` does not
// switch them off, and only managed `disableAllHooks` (drop-ins read after managed-settings.json, in
// order) switches off everything (https://code.claude.com/docs/en/settings-reference).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { runCli as cli, tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("managed-");
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
const logging = (name: string) => ({
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo ${name} >> "$CLAUDE_PROJECT_DIR/ran.log"` }] }],
});

async function managedDir(files: Record<string, object>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "managed-"));
  dirs.push(dir);
  await mkdir(path.join(dir, "managed-settings.d"), { recursive: true });
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), JSON.stringify(content));
  return dir;
}

async function ran(dir: string, ...args: string[]): Promise<string[]> {
  return ranWith({}, dir, ...args);
}

async function ranWith(env: Record<string, string>, dir: string, ...args: string[]): Promise<string[]> {
  const convert = await cli(["convert", "--project", dir, ...args], { env });
  expect(convert.exitCode).toBe(0);
  const plugin = await loadPlugin(dir, undefined, undefined, { convertFirst: false });
  await plugin.before("bash", { command: "ls" });
  return (await readFile(path.join(dir, "ran.log"), "utf8").catch(() => "")).trim().split("\n").filter(Boolean);
}

it("allowManagedHooksOnly: only managed hooks run, and the report says why the others do not", async () => {
  const managed = await managedDir({ "managed-settings.json": { allowManagedHooksOnly: true, hooks: logging("managed") } });
  const p = await project({ ".claude/settings.json": settings(logging("project")) });
  const report = await cli(["convert", "--dry-run", "--managed", managed, "--project", p.dir]);
  expect(report.stdout).toContain(
    `why: allowManagedHooksOnly is true in ${path.join(managed, "managed-settings.json")}: only managed hooks (and plugins managed settings enable) run`,
  );
  expect(await ran(p.dir, "--managed", managed)).toEqual(["managed"]);
  const local = JSON.parse(await readFile(p.file(".opencode/claude-hooks.local.json"), "utf8"));
  expect(local).toMatchObject({ allowManagedHooksOnly: true, handlers: [{ source: "managed" }] });
});

it("a project's disableAllHooks leaves managed hooks running; managed disableAllHooks in a drop-in switches off all", async () => {
  const managed = await managedDir({ "managed-settings.json": { hooks: logging("managed") } });
  const p = await project({ ".claude/settings.json": settings(logging("project"), { disableAllHooks: true }) });
  expect(await ran(p.dir, "--managed", managed)).toEqual(["managed"]);
  await writeFile(path.join(managed, "managed-settings.d", "50-off.json"), JSON.stringify({ disableAllHooks: true }));
  await rm(p.file("ran.log"), { force: true });
  expect(await ran(p.dir, "--managed", managed)).toEqual([]);
  await writeFile(path.join(managed, "managed-settings.d", "90-on.json"), JSON.stringify({ disableAllHooks: false }));
  expect(await ran(p.dir, "--managed", managed)).toEqual(["managed"]); // the later drop-in wins
});

it("allowManagedHooksOnly spares the plugins managed enabledPlugins turns on (by full name@marketplace), not the ones other files enable", async () => {
  const config = await mkdtemp(path.join(os.tmpdir(), "claude-config-"));
  dirs.push(config);
  const installed: Record<string, Array<{ installPath: string }>> = {};
  for (const name of ["guard", "other"]) {
    const root = path.join(config, "plugins", "cache", name);
    await mkdir(path.join(root, "hooks"), { recursive: true });
    await writeFile(path.join(root, "hooks", "hooks.json"), JSON.stringify({ hooks: logging(name) }));
    installed[`${name}@team`] = [{ installPath: root }];
  }
  await writeFile(path.join(config, "plugins", "installed_plugins.json"), JSON.stringify({ version: 2, plugins: installed }));
  const managed = await managedDir({
    "managed-settings.json": { allowManagedHooksOnly: true, enabledPlugins: { "guard@team": true }, hooks: logging("managed") },
  });
  const p = await project({ ".claude/settings.json": settings(logging("project"), { enabledPlugins: { "other@team": true } }) });
  const env = { CLAUDE_CONFIG_DIR: config };
  expect((await ranWith(env, p.dir, "--managed", managed)).sort()).toEqual(["guard", "managed"]);
  const report = await cli(["convert", "--dry-run", "--managed", managed, "--project", p.dir], { env });
  expect(report.stdout).toMatch(/translated PreToolUse \[Bash\] echo guard/);
  expect(report.stdout).toMatch(/dropped +PreToolUse \[Bash\] echo other[^\n]*\n[^\n]*\n +why: allowManagedHooksOnly is true/);
});
