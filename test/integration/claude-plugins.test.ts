// Hooks of Claude Code plugins, through the real command line and the generated plugin: a plugin
// enabled in the settings and installed under the Claude config dir, or given with --plugin, runs
// its scripts from ${CLAUDE_PLUGIN_ROOT}; a plugin outside the project goes to this machine's local
// hooks file, never into the committed plugin.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { convert } from "../../cli/commands/convert.js";
import { runCli as cli, tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("plugins-");
const outside: string[] = [];
afterEach(async () => {
  await Promise.all(outside.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A Claude plugin folder outside the project: a PreToolUse hook running its own script. */
async function pluginFolder(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "claude-plugin-"));
  outside.push(root);
  await mkdir(path.join(root, "hooks"), { recursive: true });
  await mkdir(path.join(root, "scripts"), { recursive: true });
  await writeFile(
    path.join(root, "hooks", "hooks.json"),
    JSON.stringify({
      description: "guard",
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"' }] }] },
    }),
  );
  await writeFile(
    path.join(root, "scripts", "guard.sh"),
    '#!/bin/sh\necho "$CLAUDE_PLUGIN_DATA" > "$CLAUDE_PLUGIN_DATA/seen"\njq -r .tool_input.command | grep -q rm && { echo "the plugin says no" >&2; exit 2; }\nexit 0\n',
    { mode: 0o755 },
  );
  return root;
}

it("--plugin DIR outside the project: its hooks run from CLAUDE_PLUGIN_ROOT, in the local hooks file only", async () => {
  const root = await pluginFolder();
  const config = await mkdtemp(path.join(os.tmpdir(), "claude-config-"));
  outside.push(config);
  const p = await project({ ".claude/settings.json": settings({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }) });
  const env = { ...process.env, CLAUDE_CONFIG_DIR: config };
  const result = await convert({ project: p.dir, plugins: [root], env, print: () => {}, printError: () => {} });
  expect(result.result).toBe("written");
  expect(await readFile(p.file(".opencode/plugins/claude-hooks.js"), "utf8")).not.toContain("CLAUDE_PLUGIN_ROOT");
  const local = JSON.parse(await readFile(p.file(".opencode/claude-hooks.local.json"), "utf8"));
  expect(local.handlers[0]).toMatchObject({ event: "PreToolUse", plugin: { id: path.basename(root), root } });
  const report = result.rows.find((row) => row.entry.plugin);
  expect(report?.remarks.join(" ")).toContain("its hooks go to .opencode/claude-hooks.local.json (this machine only)");

  process.env.CLAUDE_CONFIG_DIR = config;
  try {
    const plugin = await loadPlugin(p.dir, undefined, undefined, { convertFirst: false });
    await expect(plugin.before("bash", { command: "rm -rf x" })).rejects.toThrow("the plugin says no");
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    const data = path.join(config, "plugins", "data", path.basename(root));
    expect((await readFile(path.join(data, "seen"), "utf8")).trim()).toBe(data);
  } finally {
    delete process.env.CLAUDE_CONFIG_DIR;
  }
});

it("a plugin the settings enable is found where installed_plugins.json says; a settings hook naming $CLAUDE_PLUGIN_ROOT is warned about", async () => {
  const root = await pluginFolder();
  const config = await mkdtemp(path.join(os.tmpdir(), "claude-config-"));
  outside.push(config);
  await mkdir(path.join(config, "plugins"), { recursive: true });
  await writeFile(path.join(config, "plugins", "installed_plugins.json"), JSON.stringify({ version: 2, plugins: { "guard@team": [{ installPath: root }] } }));
  const p = await project({
    ".claude/settings.json": settings(
      { PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "$CLAUDE_PLUGIN_ROOT/fmt.sh" }] }] },
      { enabledPlugins: { "guard@team": true, "other@team": true } },
    ),
  });
  const run = await cli(["convert", "--project", p.dir], { env: { CLAUDE_CONFIG_DIR: config } });
  expect(run.exitCode).toBe(0);
  expect(run.stderr).toContain("[plugin-variable-outside-plugin]");
  expect(run.stdout).toMatch(/translated PreToolUse \[Bash\] "\$\{CLAUDE_PLUGIN_ROOT\}\/scripts\/guard\.sh"/);
  expect(JSON.parse(await readFile(p.file(".opencode/claude-hooks.local.json"), "utf8")).handlers[0].plugin.id).toBe("guard@team");
  // A plugin's hooks file is an input like any settings file: a change makes the local hooks file stale.
  await writeFile(path.join(root, "hooks", "hooks.json"), JSON.stringify({ hooks: {} }));
  expect((await cli(["check", "--project", p.dir], { env: { CLAUDE_CONFIG_DIR: config } })).stdout).toContain("stale: .opencode/claude-hooks.local.json");
  expect(existsSync(p.file(".opencode/plugins/claude-hooks.js"))).toBe(true);
});

it("a plugin's options reach its hooks as CLAUDE_PLUGIN_OPTION_<KEY> and ${user_config.KEY} in exec form; a shell-form use is dropped, as Claude refuses it", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "claude-plugin-"));
  const config = await mkdtemp(path.join(os.tmpdir(), "claude-config-"));
  outside.push(root, config);
  await mkdir(path.join(root, ".claude-plugin"), { recursive: true });
  await mkdir(path.join(root, "scripts"), { recursive: true });
  const userConfig = { base_branch: { type: "string", title: "Base", default: "main" }, max_files: { type: "number", title: "Max", default: 20 } };
  const hooks = {
    PostToolUse: [
      {
        matcher: "Write",
        hooks: [
          { type: "command", command: "${CLAUDE_PLUGIN_ROOT}/scripts/record.sh", args: ["${user_config.base_branch}", "${CLAUDE_PLUGIN_DATA}"] },
          { type: "command", command: "echo ${user_config.base_branch} > /tmp/never" },
        ],
      },
    ],
  };
  await writeFile(path.join(root, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "deploy", userConfig, hooks }));
  await writeFile(
    path.join(root, "scripts", "record.sh"),
    '#!/bin/sh\nprintf "%s %s %s\\n" "$1" "$CLAUDE_PLUGIN_OPTION_BASE_BRANCH" "$CLAUDE_PLUGIN_OPTION_MAX_FILES" > "$2/options"\n',
    { mode: 0o755 },
  );
  await mkdir(path.join(config, "plugins"), { recursive: true });
  await writeFile(path.join(config, "plugins", "installed_plugins.json"), JSON.stringify({ version: 2, plugins: { "deploy@team": [{ installPath: root }] } }));
  // Claude writes the answers to the user's settings, even for a plugin a project enables.
  await writeFile(path.join(config, "settings.json"), JSON.stringify({ pluginConfigs: { "deploy@team": { options: { base_branch: "develop" } } } }));
  const p = await project({ ".claude/settings.json": settings({}, { enabledPlugins: { "deploy@team": true } }) });

  const env = { ...process.env, CLAUDE_CONFIG_DIR: config };
  const result = await convert({ project: p.dir, env, print: () => {}, printError: () => {} });
  const shellForm = result.rows.find((row) => row.label.startsWith("echo"));
  expect(shellForm).toMatchObject({
    status: "dropped",
    notes: [expect.stringContaining("Claude Code refuses ${user_config.base_branch} in a shell-form command")],
  });
  const local = JSON.parse(await readFile(p.file(".opencode/claude-hooks.local.json"), "utf8"));
  expect(local.handlers).toHaveLength(1);
  expect(local.handlers[0].plugin.options).toEqual({ base_branch: "develop", max_files: "20" });
  // The answers are an input like the hooks: a new answer makes this machine's hooks file stale.
  expect((await cli(["check", "--project", p.dir], { env: { CLAUDE_CONFIG_DIR: config } })).exitCode).toBe(0);
  await writeFile(path.join(config, "settings.json"), JSON.stringify({ pluginConfigs: { "deploy@team": { options: { base_branch: "release" } } } }));
  expect((await cli(["check", "--project", p.dir], { env: { CLAUDE_CONFIG_DIR: config } })).stdout).toContain("stale: .opencode/claude-hooks.local.json");
  await writeFile(path.join(config, "settings.json"), JSON.stringify({ pluginConfigs: { "deploy@team": { options: { base_branch: "develop" } } } }));

  process.env.CLAUDE_CONFIG_DIR = config;
  try {
    const plugin = await loadPlugin(p.dir, undefined, undefined, { convertFirst: false });
    await plugin.call("write", { filePath: p.file("a.txt"), content: "x" }, { title: "", output: "Wrote file successfully.", metadata: {} });
    expect(await readFile(path.join(config, "plugins", "data", "deploy-team", "options"), "utf8")).toBe("develop develop 20\n");
  } finally {
    delete process.env.CLAUDE_CONFIG_DIR;
  }
});

it("a plugin hooks.json whose events are not inside \"hooks\" says so, where they are, instead of only 'No hooks found'", async () => {
  const p = await project({
    ".claude/settings.json": settings({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }),
    "guard/hooks/hooks.json": '{\n  "PreToolUse": [{ "matcher": "Write|Edit", "hooks": [{ "type": "prompt", "prompt": "PII? $ARGUMENTS" }] }]\n}\n',
  });
  const result = await cli(["convert", "--dry-run", "--project", p.dir, "--plugin", p.file("guard")]);
  expect(result.exitCode).toBe(0);
  expect(result.stderr).toContain(
    'guard/hooks/hooks.json:2:3: warning: "PreToolUse" is a top-level key: Claude Code reads events only inside "hooks", as in {"hooks": {"PreToolUse": [...]}}, so it runs none of these [event-outside-hooks]',
  );
  expect((await cli(["convert", "--dry-run", "--strict", "--project", p.dir, "--plugin", p.file("guard")])).exitCode).toBe(2);
});

it("a plugin's manifest Claude cannot read, or a hooks file it names that is missing, is a located warning; the rest converts", async () => {
  const root = await pluginFolder();
  await mkdir(path.join(root, ".claude-plugin"), { recursive: true });
  await writeFile(path.join(root, ".claude-plugin", "plugin.json"), '{\n  "name": "guard",\n  "hooks": "./hooks/extra.json"\n}\n');
  const config = await mkdtemp(path.join(os.tmpdir(), "claude-config-"));
  outside.push(config);
  const p = await project({ ".claude/settings.json": settings({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }) });
  const missing = await cli(["convert", "--dry-run", "--project", p.dir, "--plugin", root], { env: { CLAUDE_CONFIG_DIR: config } });
  expect(missing.exitCode).toBe(0);
  expect(missing.stderr).toMatch(/plugin\.json:3:3: warning: "hooks" names .*extra\.json, which does not exist; .* \[plugin-hooks-file-missing\]/);
  expect(missing.stdout).toMatch(/translated PreToolUse \[Bash\]/); // hooks/hooks.json still counts

  await writeFile(path.join(root, ".claude-plugin", "plugin.json"), '{\n  "name": "guard",\n  "hooks": ["./a.json" "./b.json"]\n}\n');
  const broken = await cli(["convert", "--dry-run", "--project", p.dir, "--plugin", root], { env: { CLAUDE_CONFIG_DIR: config } });
  expect(broken.exitCode).toBe(0);
  expect(broken.stderr).toMatch(
    /plugin\.json:3:24: warning: invalid JSON: expected "," .*Claude Code does not load plugin .*, so none of its hooks are converted \[plugin-manifest-unreadable\]/,
  );
  expect(broken.stdout).not.toContain("PreToolUse");
  expect(broken.stdout).toContain("translated Stop");
  const strict = await cli(["convert", "--dry-run", "--strict", "--project", p.dir, "--plugin", root], { env: { CLAUDE_CONFIG_DIR: config } });
  expect(strict.exitCode).toBe(2);
});
