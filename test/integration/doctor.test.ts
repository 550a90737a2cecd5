// `hooks2opencode doctor` against what is on the machine: the real OpenCode binary (node_modules/.bin,
// put on PATH), a fake `opencode` reporting 2.x, a stale generated plugin, both doors, and an
// untrusted project whose live entry is only in the global config. Each test has its own HOME,
// XDG folders and Claude config folder, so nothing of this machine's own setup leaks in.
import { accessSync, constants, readFileSync, realpathSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { runCli as cli } from "../helpers/cli.js";
import { REPO_ROOT } from "../helpers/project.js";

const REAL_BIN = path.join(REPO_ROOT, "node_modules", ".bin");
const REAL_OPENCODE = path.join(REAL_BIN, "opencode");
const REAL_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, "node_modules", "opencode-ai", "package.json"), "utf8")) as { version: string }).version;
const SLOW = 120_000;
const PLUGIN = ".opencode/plugins/claude-hooks.js";
const RUNTIME = ".opencode/plugins/claude-hooks.runtime.mjs";

const command = (text: string) => ({ type: "command", command: text });
const projectHooks = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command("exit 0")] }], Stop: [{ hooks: [command("true")] }] } };
const userHooks = { hooks: { SessionStart: [{ hooks: [command("echo from the user")] }] } };

/** The machine's PATH without any opencode on it: a test puts the one it wants first. */
const BASE_PATH = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => {
    try {
      accessSync(path.join(dir, "opencode"), constants.X_OK);
      return false;
    } catch {
      return dir !== "";
    }
  })
  .join(path.delimiter);

interface Machine {
  project: string;
  home: string;
  configHome: string;
  claude: string;
  env(binDir?: string): Record<string, string>;
  write(file: string, content: string | object): Promise<void>;
  doctor(args?: string[], binDir?: string): ReturnType<typeof cli>;
}

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A home of its own and a git project (its own worktree) with Claude settings. */
async function machine(): Promise<Machine> {
  const root = realpathSync(await mkdtemp(path.join(os.tmpdir(), "doctor-")));
  made.push(root);
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  const configHome = path.join(home, ".config");
  const claude = path.join(home, ".claude");
  await mkdir(project, { recursive: true });
  await execa("git", ["init", "-q"], { cwd: project });
  const env = (binDir = REAL_BIN) => ({
    PATH: `${binDir}${path.delimiter}${BASE_PATH}`,
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
    CLAUDE_CONFIG_DIR: claude,
    OPENCODE_CONFIG: "",
    OPENCODE_CONFIG_DIR: "",
    OPENCODE_CONFIG_CONTENT: "",
    NO_COLOR: "1",
  });
  const write = async (file: string, content: string | object) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  };
  await write(path.join(project, ".claude", "settings.json"), projectHooks);
  return { project, home, configHome, claude, env, write, doctor: (args = [], binDir) => cli(["doctor", "--project", project, ...args], { env: env(binDir) }) };
}

async function convert(m: Machine): Promise<void> {
  const result = await cli(["convert", "--project", m.project], { env: m.env() });
  expect(result.exitCode).toBe(0);
}

function realOpencodeLine(): string {
  return `  ok      opencode ${REAL_VERSION} (${REAL_OPENCODE} -> ${realpathSync(REAL_OPENCODE)}): the 1.x plugin API hooks2opencode targets (tested with 1.18.33)`;
}

describe("hooks2opencode doctor", () => {
  it(
    "healthy: the real 1.x binary, a current generated plugin that imports in its Bun: every line ok, exit 0",
    async () => {
      const m = await machine();
      await convert(m);
      const result = await m.doctor();
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      expect(result.stdout).toBe(
        [
          `hooks2opencode doctor: ${m.project}`,
          "OpenCode",
          realOpencodeLine(),
          "Doors",
          `  ok      the generated door: ${PLUGIN} runs the project's hooks (.claude/ settings and skills)`,
          `Generated plugin ${PLUGIN}`,
          `  ok      up to date: ${PLUGIN}`,
          `  ok      up to date: ${RUNTIME}`,
          "  ok      it imports in OpenCode's own Bun, with exports OpenCode accepts",
          "  ok      2 hooks will run: PreToolUse 1, Stop 1",
          "Everything configured here will run.",
        ].join("\n"),
      );
    },
    SLOW,
  );

  it("a fake opencode reporting 2.0.5 on PATH: the V2 line with what to do, exit 1; nothing is tried in its Bun", async () => {
    const m = await machine();
    await convert(m);
    const fake = path.join(m.home, "v2-bin");
    await m.write(path.join(fake, "opencode"), "#!/bin/sh\necho 2.0.5\n");
    await chmod(path.join(fake, "opencode"), 0o755);
    const result = await m.doctor([], fake);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines.slice(1, 4)).toEqual([
      "OpenCode",
      `  problem opencode 2.0.5 (${path.join(fake, "opencode")}) is OpenCode 2.x ("V2"): it loads no 1.x plugin, so neither door's hooks run in it`,
      "          fix: put a 1.x build from npm ahead of it on PATH (npm install -g opencode-ai@1) until hooks2opencode supports V2 (docs/opencode-v2.md)",
    ]);
    expect(result.stdout).not.toContain("Bun");
    expect(result.stdout).toContain("  note    2 hooks would run in OpenCode 1.x: PreToolUse 1, Stop 1\n");
    expect(lines.at(-1)).toBe("1 problem: not everything configured here will run.");

    const json = await m.doctor(["--json"], fake);
    expect(json.exitCode).toBe(1);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({ exitCode: 1, opencode: { path: path.join(fake, "opencode"), version: "2.0.5", api: "2.x" }, live: null });
    expect(document.sections[0].findings[0]).toMatchObject({ level: "problem", fix: expect.stringContaining("opencode-ai@1") });
  });

  it("no opencode on PATH is a finding too, with how to install a 1.x build", async () => {
    const m = await machine();
    await convert(m);
    const result = await m.doctor([], path.join(m.home, "empty-bin"));
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "  problem no opencode on PATH: nothing here runs the hooks, and nothing here can tell whether OpenCode would load them\n          fix: install OpenCode 1.x from npm: npm install -g opencode-ai@1",
    );
  });

  it(
    "a stale generated plugin (settings edited after convert): the stale line with the command that fixes it, exit 1",
    async () => {
      const m = await machine();
      await convert(m);
      await m.write(path.join(m.project, ".claude", "settings.json"), { hooks: { Stop: [{ hooks: [command("true")] }] } });
      const result = await m.doctor();
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain(
        [
          `  problem stale: ${PLUGIN} (the hooks of .claude/settings.json changed since it was generated)`,
          `          fix: npx hooks2opencode convert --project ${m.project}`,
          `  ok      up to date: ${RUNTIME}`,
          "  ok      it imports in OpenCode's own Bun, with exports OpenCode accepts",
          // What runs is the file as it is, not the settings: the stale plugin still runs the edited-away hook.
          "  ok      2 hooks will run: PreToolUse 1, Stop 1",
        ].join("\n"),
      );
      await convert(m);
      expect((await m.doctor()).exitCode).toBe(0);
    },
    SLOW,
  );

  it(
    "a generated plugin OpenCode's Bun cannot import (its runtime module deleted): said, with the fix, exit 1",
    async () => {
      const m = await machine();
      await convert(m);
      await rm(path.join(m.project, RUNTIME));
      const result = await m.doctor();
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(
        /\n {2}problem OpenCode would skip it, its hooks with it: exit 1: .*Cannot find module '\.\/claude-hooks\.runtime\.mjs'.*\n {10}fix: npx hooks2opencode convert --force; if it still fails, report it\n {2}note {4}2 hooks would run once OpenCode can load it: PreToolUse 1, Stop 1\n/,
      );
    },
    SLOW,
  );

  it(
    "both doors: the generated plugin runs the project's hooks, the live plugin only the user's, each counted once",
    async () => {
      const m = await machine();
      await convert(m);
      await m.write(path.join(m.claude, "settings.json"), userHooks);
      const globalConfig = path.join(m.configHome, "opencode", "opencode.json");
      await m.write(globalConfig, { plugin: [REPO_ROOT] });
      expect((await cli(["trust", m.project], { env: m.env() })).exitCode).toBe(0);
      const result = await m.doctor();
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      const lines = result.stdout.split("\n");
      expect(lines.slice(lines.indexOf("Doors"), lines.indexOf("Doors") + 2)).toEqual([
        "Doors",
        `  ok      both doors are configured, and no hook runs twice: ${PLUGIN} runs the project's hooks (.claude/ settings and skills); the live plugin runs the user's hooks (~/.claude settings and skills)`,
      ]);
      expect(lines.slice(lines.indexOf("Live plugin"))).toEqual([
        "Live plugin",
        `  ok      ${globalConfig} (global) names it: ${JSON.stringify(REPO_ROOT)}`,
        `  ok      ${REPO_ROOT} imports in OpenCode's own Bun`,
        "  ok      it would load 1 hook: SessionStart 1",
        `  ok      trusted: hooks2opencode trust ${m.project}`,
        "Everything configured here will run.",
      ]);
      expect(result.stdout).toContain("  ok      2 hooks will run: PreToolUse 1, Stop 1\n");
    },
    SLOW,
  );

  it(
    "an untrusted project with the live entry only in the global config: the held-back line with the trust command, exit 1; trusted, exit 0",
    async () => {
      const m = await machine();
      await m.write(path.join(m.configHome, "opencode", "opencode.jsonc"), '{\n  // every project\n  "plugin": ["hooks2opencode"],\n}\n');
      const result = await m.doctor();
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain(
        [
          "Live plugin",
          `  ok      ${path.join(m.configHome, "opencode", "opencode.jsonc")} (global) names it: "hooks2opencode"`,
          "  note    OpenCode installs hooks2opencode from the npm registry when it starts: not tried here",
          "  ok      it would load 2 hooks: PreToolUse 1, Stop 1",
          "  problem in the TUI and opencode serve, 2 Claude Code hooks are held back: the folder is not trusted (neither Claude Code nor hooks2opencode trust was given for this folder); opencode run runs them",
          `          fix: npx hooks2opencode trust ${m.project}`,
        ].join("\n"),
      );
      // Claude Code's own record of the folder trusts it too.
      await m.write(path.join(m.claude, ".claude.json"), { projects: { [m.project]: { hasTrustDialogAccepted: true } } });
      const trusted = await m.doctor();
      expect(trusted.exitCode).toBe(0);
      expect(trusted.stdout).toContain(`  ok      trusted: Claude Code trusts ${m.project}\n`);
    },
    SLOW,
  );

  it(
    "other agents' hooks (.gemini/settings.json, .codex/hooks.json): counted and held back by agent, a Gemini hook OpenCode cannot run listed by name; trusted, they will run",
    async () => {
      const m = await machine();
      // In the global config: a project's own opencode.json naming the plugin would trust the folder.
      await m.write(path.join(m.configHome, "opencode", "opencode.json"), { plugin: ["hooks2opencode"] });
      await m.write(path.join(m.project, ".gemini", "settings.json"), {
        hooks: {
          BeforeTool: [{ matcher: "run_shell_command", hooks: [command("exit 0")] }],
          BeforeModel: [{ hooks: [command("echo model")] }],
        },
      });
      await m.write(path.join(m.project, ".codex", "hooks.json"), { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command("true")] }] } });
      const result = await m.doctor();
      expect(result.exitCode).toBe(1);
      const lines = result.stdout.split("\n");
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}ok {6}it would load 4 hooks \(2 Claude Code, 1 Codex CLI, 1 Gemini CLI\): /));
      expect(lines).toContain(
        "  problem in the TUI and opencode serve, 2 Claude Code hooks, 1 Codex CLI hook and 1 Gemini CLI hook are held back: the folder is not trusted (neither Claude Code nor hooks2opencode trust was given for this folder); opencode run runs them",
      );
      expect(lines).toContainEqual(
        expect.stringMatching(/^ {2}problem never runs: Gemini CLI's BeforeModel "echo model" at \.gemini\/settings\.json:\d+:\d+: /),
      );
      expect(lines).toContain("          fix: none in OpenCode: it runs in Gemini CLI only (keep it there, or remove it)");
      expect((await cli(["trust", m.project], { env: m.env() })).exitCode).toBe(0);
      const trusted = await m.doctor(["--json"]);
      const document = JSON.parse(trusted.stdout) as { live: { agents: unknown; heldBackByAgent: unknown } };
      expect(document.live.agents).toEqual([
        { agent: "claude", count: 2 },
        { agent: "codex", count: 1 },
        { agent: "gemini", count: 1 },
      ]);
      expect(document.live.heldBackByAgent).toEqual([]);
      expect(trusted.stdout).not.toContain("held back");
    },
    SLOW,
  );

  it(
    "a generated plugin carrying a Gemini CLI hook: its count names the agent",
    async () => {
      const m = await machine();
      await m.write(path.join(m.project, ".gemini", "settings.json"), {
        hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [command("exit 0")] }] },
      });
      await convert(m);
      const result = await m.doctor();
      expect(result.stdout).toContain("  ok      3 hooks (2 Claude Code, 1 Gemini CLI) will run: PreToolUse 2, Stop 1\n");
    },
    SLOW,
  );

  it("usage errors exit 2, with --json one document", async () => {
    const missing = await cli(["doctor", "--json", "--project", "/no/such/folder"]);
    expect(missing.exitCode).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ exitCode: 2, error: "--project /no/such/folder: no such folder", sections: [] });
    expect((await cli(["doctor", "--bogus"])).exitCode).toBe(2);
  });
});
