// The commands agree with each other and with what they print: no settings is the same error
// everywhere, --json always prints its one document, sizes are bytes, and `test` runs each event as
// a new session (or the one named), says so when --tool names no tool, and never stalls on a regex.
import { stat } from "node:fs/promises";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN, runCli as cli, tempProjects } from "../helpers/cli.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("consistency-");
const command = (text: string) => ({ type: "command", command: text });

describe("no settings at all", () => {
  it.each([["convert"], ["check"], ["explain"], ["test", "Stop"]])("%s exits 2 naming the folder searched: from a subfolder, the git root", async (...args) => {
    const p = await project({ "src/lib/README.md": "no Claude settings here" });
    await execa("git", ["init", "-q"], { cwd: p.dir });
    const fromSubfolder = await execa("node", [BIN, ...args], { cwd: p.file("src/lib"), reject: false });
    expect([fromSubfolder.exitCode, fromSubfolder.stdout]).toEqual([2, ""]);
    expect(fromSubfolder.stderr).toBe(
      `hooks2opencode: no Claude Code settings found in ${p.dir}, the root of the git repository you are in (looked for .claude/settings.json, .claude/settings.local.json)`,
    );
    const named = await cli([...args, "--project", p.file("src/lib")]);
    expect([named.exitCode, named.stderr]).toEqual([
      2,
      `hooks2opencode: no Claude Code settings found in ${p.file("src/lib")} (looked for .claude/settings.json, .claude/settings.local.json)`,
    ]);
  });
});

describe("--json with an error that stops the command", () => {
  it.each([
    [["convert", "--json", "--bogus"], "unknown option '--bogus'", ["inputs", "output", "result", "counts", "hooks", "diagnostics", "messages"]],
    [["check", "--json", "--project", "/no/such/folder"], "--project /no/such/folder: no such folder", ["files", "diagnostics"]],
    [["explain", "--json", "--settings", "/no/such.json"], "settings file not found: /no/such.json", ["inputs", "hooks", "diagnostics"]],
    [["test", "--json"], "missing required argument 'event'", ["event", "happens", "firings", "effects", "outcome"]],
    [["test", "Stpo", "--json"], 'unknown event "Stpo"; did you mean "Stop"? (events are case-sensitive, as in Claude Code)', ["event", "firings", "outcome"]],
    [["frob", "--json"], "unknown command 'frob'", []],
  ])("hooks2opencode %j prints one document with the error, exit 2", async (args, error, keys) => {
    const result = await cli(args);
    expect(result.exitCode).toBe(2);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ exitCode: 2, error });
    for (const key of keys) expect(document).toHaveProperty(key);
    expect(result.stderr).toContain(error); // and still said on stderr, as without --json
  });

  it("no settings: the document says so too", async () => {
    const p = await project({});
    const result = await cli(["explain", "--json", "--project", p.dir]);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ exitCode: 2, hooks: [], error: expect.stringContaining("no Claude Code settings found in") });
  });
});

describe("convert --dry-run", () => {
  it("counts the bytes it would write, as the files on disk have them (not characters)", async () => {
    const japanese = "echo 'フォーマットしました：保存したファイルを整形します'";
    const p = await project({
      ".claude/settings.json": settings({ PostToolUse: [{ matcher: "Write", hooks: [command(japanese)] }] }),
      ".claude/settings.local.json": settings({ Stop: [{ hooks: [command(japanese)] }] }),
    });
    const dry = await cli(["convert", "--dry-run", "--project", p.dir]);
    expect(dry.exitCode).toBe(0);
    const said = (file: string) => Number(new RegExp(`${file.replace(/\./g, "\\.")} \\((\\d+) bytes`).exec(dry.stdout)?.[1]);
    const files = [".opencode/plugins/claude-hooks.js", ".opencode/plugins/claude-hooks.runtime.mjs", ".opencode/claude-hooks.local.json"];
    const before = files.map(said);
    expect((await cli(["convert", "--project", p.dir])).exitCode).toBe(0);
    expect(before).toEqual(await Promise.all(files.map(async (file) => (await stat(p.file(file))).size)));
  });
});

describe("hooks2opencode test", () => {
  const guard = settings({ PreToolUse: [{ matcher: "Bash", hooks: [command("exit 0")] }] });

  it("--tool naming no tool warns as convert's unknown-tool lint does (an error under --strict); Claude names, OpenCode ids and MCP tools do not", async () => {
    const p = await project({ ".claude/settings.json": guard });
    const typo = await cli(["test", "PreToolUse", "--tool", "Bsh", "--input", "{}", "--project", p.dir]);
    expect(typo.exitCode).toBe(0);
    expect(typo.stderr).toBe(
      'hooks2opencode: warning: --tool "Bsh" fires the hooks for a custom tool named so: neither Claude Code nor OpenCode has a tool of that name; did you mean "Bash"? [unknown-tool]',
    );
    expect(typo.stdout).toContain('matcher "Bash" does not match "Bsh"');
    const cased = await cli(["test", "PreToolUse", "--tool", "BASH", "--input", "{}", "--project", p.dir]);
    expect(cased.stderr).toContain('tool names are case-sensitive; did you mean "Bash"? [tool-name-case]');
    const strict = await cli(["test", "PreToolUse", "--tool", "Bsh", "--input", "{}", "--strict", "--project", p.dir]);
    expect([strict.exitCode, strict.stdout]).toEqual([2, ""]);
    expect(strict.stderr).toContain("[unknown-tool]");
    for (const tool of ["Bash", "bash", "apply_patch", "mcp__github__create_issue", "MultiEdit"]) {
      expect((await cli(["test", "PreToolUse", "--tool", tool, "--input", "{}", "--project", p.dir])).stderr, tool).toBe("");
    }
  });

  it("each run is a new session, so per-session state starts empty; --session-id names one to carry it over", async () => {
    // A reminder shown once per session: a state file per session_id, as real hooks keep it.
    const oncePerSession = `f="$CLAUDE_PROJECT_DIR/seen-$(jq -r .session_id)"; [ -e "$f" ] && exit 0; touch "$f"; echo 'read CONTRIBUTING.md first' >&2; exit 2`;
    const p = await project({ ".claude/settings.json": settings({ UserPromptSubmit: [{ hooks: [command(oncePerSession)] }] }) });
    const run = (...extra: string[]) => cli(["test", "UserPromptSubmit", "--prompt", "hi", ...extra, "--project", p.dir]);
    expect([(await run()).exitCode, (await run()).exitCode]).toEqual([1, 1]);
    expect([(await run("--session-id", "ses_mine")).exitCode, (await run("--session-id", "ses_mine")).exitCode]).toEqual([1, 0]);
    const bad = await run("--session-id", "../../etc");
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining("--session-id")]);
  });

  it("--stop-hook-active fires Stop as the continuation a Stop hook's block started, so a loop guard can be tested", async () => {
    const loopGuard = `jq -e '.stop_hook_active' >/dev/null && exit 0; echo 'run the tests first' >&2; exit 2`;
    const p = await project({
      ".claude/settings.json": settings({ Stop: [{ hooks: [command(loopGuard)] }], SubagentStop: [{ hooks: [command(loopGuard)] }] }),
    });
    const first = await cli(["test", "Stop", "--project", p.dir]);
    expect(first.exitCode).toBe(1);
    expect(first.stdout).toContain("a new turn starts with this as the user's message: \"Stop hook feedback:");
    const again = await cli(["test", "Stop", "--stop-hook-active", "--project", p.dir]);
    expect([again.exitCode, again.stdout.split("\n").at(-1)]).toEqual([0, "Outcome: went through (exit 0)"]);
    const subagent = [await cli(["test", "SubagentStop", "--project", p.dir]), await cli(["test", "SubagentStop", "--stop-hook-active", "--project", p.dir])];
    expect(subagent.map((result) => result.exitCode)).toEqual([1, 0]);
    const elsewhere = await cli(["test", "PreToolUse", "--tool", "Bash", "--stop-hook-active", "--project", p.dir]);
    expect([elsewhere.exitCode, elsewhere.stderr]).toEqual([
      2,
      "hooks2opencode: PreToolUse does not take --stop-hook-active (only Stop and SubagentStop hooks get stop_hook_active)",
    ]);
  });

  it("a matcher regex that backtracks catastrophically answers at once, with the same answer", async () => {
    const p = await project({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "^Bash$|(a+)+$", hooks: [command("exit 0")] }] }) });
    const tool = `${"a".repeat(39)}x`; // 40 characters: 2^39 ways to split the a's before the x says no
    const started = Date.now();
    const result = await execa("node", [BIN, "test", "PreToolUse", "--tool", tool, "--input", "{}", "--project", p.dir], { reject: false, timeout: 20_000 });
    expect(result.timedOut).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.stdout).toContain(`matcher "^Bash$|(a+)+$" does not match "${tool}"`);
    const matches = await cli(["test", "PreToolUse", "--tool", "a".repeat(40), "--input", "{}", "--project", p.dir]);
    expect(matches.stdout).toContain(`matcher "^Bash$|(a+)+$" matches "${"a".repeat(40)}"`);
  });
});
