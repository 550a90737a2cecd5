// Regeneration keeps every input an earlier convert was given, through the real command line: the
// flags are recorded in what convert writes (the plugin's header, the local hooks file), and a bare
// `convert`, `check` and the fix check prints use them. Leaving a recorded input out, or finding it
// gone, never silently removes the hooks it brought in.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { packageVersion } from "../../cli/package-info.js";
import { runCli, tempProjects } from "../helpers/cli.js";
import { settings } from "../helpers/project.js";

const PLUGIN = ".opencode/plugins/claude-hooks.js";
const LOCAL = ".opencode/claude-hooks.local.json";
const project = tempProjects("recorded-");
const outside: string[] = [];
afterEach(async () => {
  await Promise.all(outside.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  outside.push(dir);
  return dir;
}

/** A Claude plugin folder with one PreToolUse guard, at `root`. */
async function guardPlugin(root: string, command = "echo guard"): Promise<string> {
  await mkdir(path.join(root, "hooks"), { recursive: true });
  await writeFile(
    path.join(root, "hooks", "hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } }),
  );
  return root;
}

const stop = settings({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] });

/** The CLI with a Claude config dir of its own (no plugin or option of this machine's user leaks in). */
async function cliIn(dir: string) {
  const env = { CLAUDE_CONFIG_DIR: await tempDir("claude-config-") };
  return (...args: string[]) => runCli([...args, "--project", dir], { env });
}

/** Runs the command a `Run \`...\`` line names, as a user pasting it would (paths here have no spaces). */
function advised(stdout: string): string[] {
  const command = /Run `npx hooks2opencode ([^`]*)`/.exec(stdout)?.[1];
  expect(command).toBeDefined();
  return command!.split(" ");
}

it("convert --plugin DIR (outside the project, with project settings): check is up to date, a bare convert keeps the plugin's hooks", async () => {
  const root = await guardPlugin(await tempDir("claude-plugin-"));
  const p = await project({ ".claude/settings.json": stop });
  const cli = await cliIn(p.dir);
  expect((await cli("convert", "--plugin", root)).exitCode).toBe(0);
  const written = await readFile(p.file(LOCAL), "utf8");
  // The local hooks file records the folder, and names the hooks file its hooks came from.
  expect(JSON.parse(written)).toMatchObject({
    "//": expect.stringContaining(`from ${path.join(root, "hooks", "hooks.json")};`),
    flags: { plugin: [root] },
    handlers: [{ event: "PreToolUse", plugin: { root } }],
  });
  expect(JSON.parse(written)["//"]).not.toContain("settings.local.json");

  const check = await cli("check");
  expect([check.exitCode, check.stdout]).toEqual([
    0,
    [
      `Using --plugin ${root}, recorded in ${LOCAL} by an earlier convert (give --plugin to change it).`,
      `up to date: ${PLUGIN}`,
      `up to date: .opencode/plugins/claude-hooks.runtime.mjs`,
      `up to date: ${LOCAL} (local hooks of this machine)`,
    ].join("\n"),
  ]);
  const bare = await cli("convert");
  expect(bare.exitCode).toBe(0);
  expect(bare.stdout).toContain(`Using --plugin ${root}, recorded in ${LOCAL}`);
  expect(bare.stdout).toContain(`Unchanged ${PLUGIN}.`);
  expect(bare.stdout).not.toContain("Removed");
  expect(await readFile(p.file(LOCAL), "utf8")).toBe(written);

  // After a settings change, the fix check names keeps the plugin: running it leaves everything up to date.
  await writeFile(p.file(".claude/settings.json"), JSON.stringify(settings({ Stop: [{ hooks: [{ type: "command", command: "false" }] }] })));
  const stale = await cli("check");
  expect(stale.exitCode).toBe(1);
  expect(stale.stdout).toContain(`Run \`npx hooks2opencode convert --plugin ${root}\` to regenerate it.`);
  expect((await cli(...advised(stale.stdout))).exitCode).toBe(0);
  expect((await cli("check")).exitCode).toBe(0);
  expect(JSON.parse(await readFile(p.file(LOCAL), "utf8")).handlers).toHaveLength(1);
});

it("a plugin folder inside the project is recorded in the committed plugin's header, relative: the same on every clone", async () => {
  const p = await project({ ".claude/settings.json": stop });
  await guardPlugin(p.file("vendor/guard"));
  const cli = await cliIn(p.dir);
  expect((await cli("convert", "--plugin", p.file("vendor/guard"))).exitCode).toBe(0);
  const header = (await readFile(p.file(PLUGIN), "utf8")).split("\n").slice(0, 6);
  expect(header.slice(1, 4)).toEqual([
    "// Source: .claude/settings.json, vendor/guard/hooks/hooks.json",
    "// Regenerate: npx hooks2opencode convert --plugin vendor/guard",
    '// Flags: {"plugin":["vendor/guard"]}',
  ]);
  expect(existsSync(p.file(LOCAL))).toBe(false);
  expect((await cli("check")).stdout).toContain(`Using --plugin vendor/guard, recorded in ${PLUGIN}`);
  expect((await cli("check")).exitCode).toBe(0);
  expect((await cli("convert")).stdout).toContain(`Unchanged ${PLUGIN}.`);

  // A hand edit: the fix check names keeps the plugin too.
  await writeFile(p.file(PLUGIN), (await readFile(p.file(PLUGIN), "utf8")).replace("echo guard", "echo nothing"));
  const edited = await cli("check");
  expect(edited.stdout.trim().split("\n").at(-1)).toBe(
    "Run `npx hooks2opencode convert --plugin vendor/guard --force` to discard the hand edits and regenerate it.",
  );
});

it("flags given again that leave a recorded plugin out: convert refuses, naming it, unless --force or the flag again", async () => {
  const root = await guardPlugin(await tempDir("claude-plugin-"));
  const other = await guardPlugin(await tempDir("claude-plugin-"), "echo other");
  const p = await project({ ".claude/settings.json": stop });
  const cli = await cliIn(p.dir);
  await cli("convert", "--plugin", root);
  const before = await readFile(p.file(LOCAL), "utf8");

  const refused = await cli("convert", "--plugin", other);
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr).toContain(`the flags given leave out --plugin ${root} (recorded in ${LOCAL}): the hooks it brought in would be removed`);
  expect(await readFile(p.file(LOCAL), "utf8")).toBe(before);
  expect((await cli("convert", "--dry-run", "--plugin", other)).stdout).toContain(`Dry run: would refuse: the flags given leave out --plugin ${root}`);

  // check with those flags says the same, and its fix keeps the recorded plugin.
  const check = await cli("check", "--plugin", other);
  expect(check.stdout).toContain(`note: the flags given leave out --plugin ${root}`);
  expect(check.stdout).toContain(`Run \`npx hooks2opencode convert --plugin ${other} --plugin ${root}\``);

  expect((await cli("convert", "--plugin", other, "--plugin", root)).exitCode).toBe(0);
  expect(JSON.parse(await readFile(p.file(LOCAL), "utf8")).flags).toEqual({ plugin: [other, root] });
  const forced = await cli("convert", "--plugin", other, "--force");
  expect(forced.exitCode).toBe(0);
  expect(forced.stdout).toContain(
    `Dropping --plugin ${root}, recorded in ${LOCAL} (left out by the flags given; --force): the hooks it brought in are removed.`,
  );
  expect(JSON.parse(await readFile(p.file(LOCAL), "utf8")).handlers.map((entry: { handler: { command: string } }) => entry.handler.command)).toEqual([
    "echo other",
  ]);
});

it("a recorded plugin folder that is gone stops convert and check with a message naming it; --force drops it and says so", async () => {
  const root = await guardPlugin(await tempDir("claude-plugin-"));
  const p = await project({ ".claude/settings.json": stop });
  const cli = await cliIn(p.dir);
  await cli("convert", "--plugin", root);
  await rm(root, { recursive: true });
  const message = `hooks2opencode: ${LOCAL}: --plugin ${root}, recorded by an earlier convert: no such folder any more.`;
  for (const run of [await cli("convert"), await cli("check")]) {
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(message);
  }
  expect(existsSync(p.file(LOCAL))).toBe(true);
  const forced = await cli("convert", "--force");
  expect(forced.exitCode).toBe(0);
  expect(forced.stdout).toContain(`Dropping --plugin ${root}, recorded in ${LOCAL} (no such file or folder any more; --force)`);
  expect(existsSync(p.file(LOCAL))).toBe(false);
  expect((await cli("check")).exitCode).toBe(0);
});

it("--settings and --managed DIR are recorded too: a bare convert is unchanged and check is up to date", async () => {
  const managed = await tempDir("managed-");
  await writeFile(path.join(managed, "managed-settings.json"), JSON.stringify(settings({ Stop: [{ hooks: [{ type: "command", command: "policy" }] }] })));
  const p = await project({ "hooks/a.json": stop, ".claude/settings.json": stop });
  const cli = await cliIn(p.dir);
  expect((await cli("convert", "--settings", p.file("hooks/a.json"))).exitCode).toBe(0);
  expect(await readFile(p.file(PLUGIN), "utf8")).toContain('// Flags: {"settings":["hooks/a.json"]}');
  expect((await cli("check")).exitCode).toBe(0);
  expect((await cli("convert")).stdout).toContain(`Unchanged ${PLUGIN}.`);

  const q = await project({ ".claude/settings.json": stop });
  const inQ = await cliIn(q.dir);
  expect((await inQ("convert", "--managed", managed)).exitCode).toBe(0);
  expect(JSON.parse(await readFile(q.file(LOCAL), "utf8"))).toMatchObject({
    "//": expect.stringContaining(`from ${path.join(managed, "managed-settings.json")};`),
    flags: { managed },
  });
  expect((await inQ("check")).exitCode).toBe(0);
  const bare = await inQ("convert");
  expect(bare.stdout).not.toContain("Removed");
  expect(JSON.parse(await readFile(q.file(LOCAL), "utf8")).handlers).toMatchObject([{ source: "managed" }]);
});

it("--user --plugin DIR: the global plugin records it, and a bare `convert --user` and `check --user` use it", async () => {
  const root = await guardPlugin(await tempDir("claude-plugin-"));
  const config = await tempDir("claude-config-");
  const xdg = await tempDir("xdg-");
  await writeFile(path.join(config, "settings.json"), JSON.stringify(stop));
  const env = { CLAUDE_CONFIG_DIR: config, XDG_CONFIG_HOME: xdg };
  const cwd = await tempDir("cwd-");
  const cli = (command: string, ...args: string[]) => runCli([command, "--user", ...args], { env, cwd });
  expect((await cli("convert", "--plugin", root)).exitCode).toBe(0);
  const global = path.join(xdg, "opencode", "plugins", "claude-hooks.js");
  expect(await readFile(global, "utf8")).toContain(`// Flags: {"plugin":["${root}"]}`);
  expect((await cli("check")).exitCode).toBe(0);
  const bare = await cli("convert");
  expect(bare.stdout).toContain("translated PreToolUse [Bash] echo guard");
  expect(bare.stdout).toContain(`Unchanged ${global}.`);
});

it("the local hooks file names the files its hooks came from: an installed plugin's hooks.json, not settings.local.json", async () => {
  const root = await guardPlugin(await tempDir("claude-plugin-"));
  const config = await tempDir("claude-config-");
  await mkdir(path.join(config, "plugins"), { recursive: true });
  await writeFile(path.join(config, "plugins", "installed_plugins.json"), JSON.stringify({ version: 2, plugins: { "guard@team": [{ installPath: root }] } }));
  const p = await project({ ".claude/settings.json": settings({}, { enabledPlugins: { "guard@team": true } }) });
  const env = { CLAUDE_CONFIG_DIR: config };
  expect((await runCli(["convert", "--project", p.dir], { env })).exitCode).toBe(0);
  const mark = JSON.parse(await readFile(p.file(LOCAL), "utf8"))["//"];
  expect(mark).toBe(`@generated by hooks2opencode ${packageVersion()} from ${path.join(root, "hooks", "hooks.json")}; do not commit, do not edit`);

  await writeFile(p.file(".claude/settings.local.json"), JSON.stringify(stop));
  expect((await runCli(["convert", "--project", p.dir], { env })).exitCode).toBe(0);
  expect(JSON.parse(await readFile(p.file(LOCAL), "utf8"))["//"]).toContain(`from .claude/settings.local.json, ${path.join(root, "hooks", "hooks.json")};`);
});

it("a plugin written with --out and a bare convert of the same settings: both commands name the twin, whose hooks would run twice", async () => {
  const p = await project({ ".claude/settings.json": stop });
  const cli = await cliIn(p.dir);
  expect((await cli("convert", "--out", p.file(".opencode/plugins/hooks.js"))).exitCode).toBe(0);
  const bare = await cli("convert");
  expect(bare.exitCode).toBe(0);
  expect(bare.stdout).toContain(
    `warning: .opencode/plugins/hooks.js is another plugin hooks2opencode generated from the same settings as ${PLUGIN}; OpenCode loads both, so their hooks run twice.`,
  );
  const check = await cli("check");
  expect(check.exitCode).toBe(1);
  expect(check.stdout).toContain(`duplicate: .opencode/plugins/hooks.js (generated from the same settings as ${PLUGIN}: OpenCode runs its hooks twice)`);
  expect(check.stdout).toContain("Run `rm .opencode/plugins/hooks.js` to run each hook once.");
  // Other settings converted into their own plugin are not a twin.
  await writeFile(p.file("other.json"), JSON.stringify(stop));
  const other = await cli("convert", "--settings", p.file("other.json"), "--out", p.file(".opencode/plugins/other.js"));
  expect([other.exitCode, other.stdout]).toEqual([0, expect.not.stringContaining("twice")]);
});
