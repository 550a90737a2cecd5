// Hooks of Claude Code plugins, through the real command line and the generated plugin: a plugin
// enabled in the settings and installed under the Claude config dir, or given with --plugin, runs
// its scripts from ${CLAUDE_PLUGIN_ROOT}; a plugin outside the project goes to this machine's local
// hooks file, never into the committed plugin.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { convert } from "../../cli/convert.js";
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
