// The command line behaves like the tools people already use: exit codes, --json, colour, --quiet,
// the project found from a subfolder, no needless writes, and nothing from a settings file that can
// drive the terminal.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempProjects } from "../helpers/cli.js";
import { REPO_ROOT, settings } from "../helpers/project.js";

const cli = runCli;
const PLUGIN = ".opencode/plugins/claude-hooks.js";
const formatter = settings({ PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "fmt" }] }] });

const project = tempProjects("conv-");

describe("exit codes", () => {
  it.each([
    [["--bogus"], 2],
    [["frob"], 2],
    [["convert", "--settings"], 2],
    [["convert", "--user", "--settings", "a.json"], 2],
    [["convert", "--project", "/no/such/folder"], 2],
    [[], 2],
    [["--help"], 0],
    [["-v"], 0],
    [["--version"], 0],
  ])("hooks2opencode %j exits %d", async (args, code) => {
    const result = await cli(args);
    expect(result.exitCode).toBe(code);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
  });

  it("-v prints the package version; a missing --settings file is one clear line", async () => {
    const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect((await cli(["-v"])).stdout.trim()).toBe(manifest.version);
    const missing = await cli(["convert", "--settings", "/no/such.json"]);
    expect(missing.stderr).toBe("hooks2opencode: settings file not found: /no/such.json");
    expect(missing.stdout).toBe("");
  });
});

describe("--json", () => {
  it("convert prints one document: each hook, where it is, what happens to it, and the result", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "guard", if: "Bash(rm *)" }] }],
        TeammateIdle: [{ hooks: [{ type: "command", command: "x" }] }],
      }),
    });
    const result = await cli(["convert", "--json", "--project", p.dir]);
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({
      inputs: [".claude/settings.json"],
      output: PLUGIN,
      result: "written",
      exitCode: 0,
      counts: { translated: 1, degraded: 0, dropped: 1 },
      diagnostics: [],
    });
    expect(document.hooks[0]).toEqual({
      event: "PreToolUse",
      matcher: "Bash",
      if: "Bash(rm *)",
      type: "command",
      handler: "guard",
      source: "project",
      where: ".claude/settings.json:7:11",
      status: "translated",
      notes: [],
      remarks: [],
      firesOn: "bash",
    });
    expect(document.hooks[1]).toMatchObject({ event: "TeammateIdle", status: "dropped" });
    expect(JSON.parse((await cli(["convert", "--json", "--project", p.dir])).stdout).result).toBe("unchanged");
  });

  it("check prints each file, its state, and the command that fixes it", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    const missing = await cli(["check", "--json", "--project", p.dir]);
    expect(missing.exitCode).toBe(1);
    const runtime = ".opencode/plugins/claude-hooks.runtime.mjs";
    expect(JSON.parse(missing.stdout)).toMatchObject({
      exitCode: 1,
      files: [
        { file: PLUGIN, state: "missing", fix: "npx hooks2opencode convert" },
        { file: runtime, state: "missing", fix: "npx hooks2opencode convert" },
      ],
    });
    await cli(["convert", "--project", p.dir]);
    expect(JSON.parse((await cli(["check", "--json", "--project", p.dir])).stdout)).toMatchObject({
      exitCode: 0,
      files: [
        { file: PLUGIN, state: "up to date", fix: null },
        { file: runtime, state: "up to date", fix: null },
      ],
    });
  });
});

describe("printing", () => {
  it("colours on a terminal only: never with NO_COLOR or --no-color", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    const forced = await cli(["convert", "--dry-run", "--project", p.dir], { env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[32mtranslated");
    expect((await cli(["convert", "--dry-run", "--project", p.dir], { env: { FORCE_COLOR: "1", NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await cli(["convert", "--dry-run", "--no-color", "--project", p.dir], { env: { FORCE_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await cli(["convert", "--dry-run", "--project", p.dir])).stdout).not.toContain("\u001b["); // a pipe is no terminal
  });

  it("--quiet prints only the problems", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "fmt" }] }],
        TeammateIdle: [{ hooks: [{ type: "command", command: "idle" }] }],
      }),
    });
    const result = await cli(["convert", "--quiet", "--project", p.dir]);
    expect(result.stdout).not.toContain("translated PostToolUse");
    expect(result.stdout).toContain("dropped    TeammateIdle [*] idle");
    expect(result.stdout).not.toContain("hint:");
    expect(result.stdout).not.toContain("Wrote");
    // Every hook translated and the plugin written: nothing is a problem, nothing is printed.
    const clean = await project({ ".claude/settings.json": settings({ PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "fmt" }] }] }) });
    const quiet = await cli(["convert", "--quiet", "--project", clean.dir]);
    expect([quiet.exitCode, quiet.stdout, quiet.stderr]).toEqual([0, "", ""]);
    expect(existsSync(clean.file(".opencode/plugins/claude-hooks.js"))).toBe(true);
  });

  it("shows a multi-line command as its first line, the if rule beside the matcher, and escapes terminal sequences", async () => {
    const hostile = "echo fine\u001b[2K\u001b[1A\rtranslated";
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: "if true; then\n  echo long\nfi", if: "Bash(git *)" },
              { type: "command", command: hostile },
            ],
          },
        ],
      }),
    });
    const result = await cli(["convert", "--dry-run", "--project", p.dir]);
    expect(result.stdout).toContain("PreToolUse [Bash] if Bash(git *) if true; then …\n");
    expect(result.stdout).toContain("echo fine\\u001b[2K\\u001b[1A\\u000dtranslated");
    expect(result.stdout).not.toContain("\u001b");
  });

  it("a long report ends with a line per event", async () => {
    const many = Array.from({ length: 16 }, (_, i) => ({ type: "command", command: `echo ${i}` }));
    const p = await project({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: many.slice(0, 10) }], Stop: [{ hooks: many.slice(10) }] }),
    });
    const result = await cli(["convert", "--dry-run", "--project", p.dir]);
    expect(result.stdout).toContain("  PreToolUse: 10 translated, 0 degraded, 0 dropped\n  Stop: 6 translated, 0 degraded, 0 dropped\n16 hooks:");
  });
});

describe("writes", () => {
  it("finds the project from a subfolder, as prettier and eslint find their config", async () => {
    const p = await project({ ".claude/settings.json": formatter, "src/deep/file.ts": "x" });
    const result = await cli(["convert"], { cwd: p.file("src/deep") });
    expect(result.exitCode).toBe(0);
    expect(existsSync(p.file(PLUGIN))).toBe(true);
  });

  it("leaves an unchanged plugin alone (its timestamp too), and a dry run predicts a refusal with the same exit code", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    await cli(["convert", "--project", p.dir]);
    const before = (await stat(p.file(PLUGIN))).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await cli(["convert", "--project", p.dir]);
    expect(again.stdout).toContain(`Unchanged ${PLUGIN}.`);
    expect((await stat(p.file(PLUGIN))).mtimeMs).toBe(before);

    await writeFile(p.file(PLUGIN), `${await readFile(p.file(PLUGIN), "utf8")}// mine\n`);
    const dry = await cli(["convert", "--dry-run", "--project", p.dir]);
    expect(dry.exitCode).toBe(1);
    expect(dry.stdout).toContain("Dry run: would refuse:");
    expect(dry.stdout).toContain("edited by hand");
  });

  it("with no hooks writes no plugin, and removes its own earlier one (not an edited one)", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    await cli(["convert", "--project", p.dir]);
    await writeFile(p.file(".claude/settings.json"), JSON.stringify(settings({})));
    expect((await cli(["check", "--project", p.dir])).stdout).toContain("orphaned:");
    const result = await cli(["convert", "--project", p.dir]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("No hooks in the settings: nothing to convert.");
    expect(result.stdout).toContain(`Removed ${PLUGIN} and .opencode/plugins/claude-hooks.runtime.mjs: the hooks they replayed are gone.`);
    expect(existsSync(p.file(PLUGIN))).toBe(false);
    expect((await cli(["check", "--project", p.dir])).exitCode).toBe(0);
  });

  it("writes the exact command into the header, --out included; marks the file for linters and says how to keep formatters off it", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    const first = await cli(["convert", "--project", p.dir, "--out", p.file("plugins/hooks.js")]);
    expect(first.stdout).toContain("hint: plugins/hooks.js and plugins/hooks.runtime.mjs are generated.");
    expect(first.stdout).toContain(".prettierignore");
    const text = await readFile(p.file("plugins/hooks.js"), "utf8");
    expect(text.split("\n")[2]).toBe("// Regenerate: npx hooks2opencode convert --out plugins/hooks.js");
    expect(text.split("\n")[5]).toMatch(/^\/\* eslint-disable \*\//);
    expect((await cli(["convert", "--project", p.dir, "--out", p.file("plugins/hooks.js")])).stdout).not.toContain("hint:");
  });

  it("check tells a formatter's rewrite from a hand edit", async () => {
    const p = await project({ ".claude/settings.json": formatter });
    await cli(["convert", "--project", p.dir]);
    const original = await readFile(p.file(PLUGIN), "utf8");
    await writeFile(p.file(PLUGIN), original.replace(/;\n/g, "\n").replace(/"/g, "'"));
    const reformatted = await cli(["check", "--project", p.dir]);
    expect(reformatted.exitCode).toBe(1);
    expect(reformatted.stdout).toContain("reformatted:");
    expect(reformatted.stdout).toContain(".prettierignore");
    await writeFile(p.file(PLUGIN), original.replace('"command": "fmt"', '"command": "rm -rf /"'));
    expect((await cli(["check", "--project", p.dir])).stdout).toContain("edited:");
  });
});
