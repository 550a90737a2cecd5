// `hooks2opencode check`, the CI gate, through the real command line.
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { runCli as cli } from "../helpers/cli.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";
const RUNTIME = ".opencode/plugins/claude-hooks.runtime.mjs";
const PLUGIN = ".opencode/plugins/claude-hooks.js";
const hooks = (command: string) => settings({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] });

let project: TempProject;
afterEach(() => project?.remove());

describe("hooks2opencode check", () => {
  it("passes when the plugin is what convert writes, and names the fix for each kind of drift", async () => {
    project = await makeProject({ ".claude/settings.json": hooks("./guard.sh") });
    const missing = await cli(["check", "--project", project.dir]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toBe(
      `missing: ${PLUGIN} (convert has not written it)\nmissing: ${RUNTIME} (convert has not written it)\nRun \`npx hooks2opencode convert\` to regenerate it.`,
    );

    expect((await cli(["convert", "--project", project.dir])).exitCode).toBe(0);
    const fresh = await cli(["check", "--project", project.dir]);
    expect([fresh.exitCode, fresh.stdout]).toEqual([0, `up to date: ${PLUGIN}\nup to date: ${RUNTIME}`]);

    await writeFile(project.file(".claude/settings.json"), JSON.stringify(hooks("./guard.sh --strict")));
    const stale = await cli(["check", "--project", project.dir]);
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(`stale: ${PLUGIN} (the hooks of .claude/settings.json changed since it was generated)`);

    await cli(["convert", "--project", project.dir]);
    await writeFile(project.file(PLUGIN), (await readFile(project.file(PLUGIN), "utf8")).replace("guard.sh --strict", "true"));
    const edited = await cli(["check", "--project", project.dir]);
    expect(edited.exitCode).toBe(1);
    expect(edited.stdout).toContain(`edited: ${PLUGIN} (it was changed by hand after convert wrote it)`);
    expect(edited.stdout.trim().split("\n").at(-1)).toBe("Run `npx hooks2opencode convert --force` to discard the hand edits and regenerate it.");
  });

  it("judges the committed plugin the same everywhere, and the local hooks file only where this machine has one", async () => {
    project = await makeProject({ ".claude/settings.json": hooks("./guard.sh") });
    await cli(["convert", "--project", project.dir]);
    const ci = await cli(["check", "--project", project.dir]);
    expect(ci.exitCode).toBe(0);
    expect(ci.stdout).not.toContain("claude-hooks.local.json"); // CI has neither local file: nothing to say
    await writeFile(project.file(".claude/settings.local.json"), JSON.stringify(hooks("./mine.sh")));
    const mine = await cli(["check", "--project", project.dir]);
    expect(mine.exitCode).toBe(1);
    expect(mine.stdout).toContain("up to date: .opencode/plugins/claude-hooks.js\n");
    expect(mine.stdout).toContain("missing: .opencode/claude-hooks.local.json (local hooks of this machine; convert has not written them)");
    await cli(["convert", "--project", project.dir]);
    expect((await cli(["check", "--project", project.dir])).stdout).toContain("up to date: .opencode/claude-hooks.local.json (local hooks of this machine)");
    await writeFile(project.file(".claude/settings.local.json"), JSON.stringify(hooks("./mine2.sh")));
    expect((await cli(["check", "--project", project.dir])).stdout).toContain("stale: .opencode/claude-hooks.local.json");
    await cli(["convert", "--project", project.dir]);
    const local = project.file(".opencode/claude-hooks.local.json");
    await writeFile(local, (await readFile(local, "utf8")).replace("mine2", "mine3"));
    expect((await cli(["check", "--project", project.dir])).stdout).toContain("edited: .opencode/claude-hooks.local.json");
    await rm(project.file(".claude/settings.local.json"));
    expect((await cli(["check", "--project", project.dir])).stdout).toContain("orphaned: .opencode/claude-hooks.local.json");
    await cli(["convert", "--project", project.dir]);
    expect(existsSync(local)).toBe(false);
    expect((await cli(["check", "--project", project.dir])).exitCode).toBe(0);
  });

  it("settings deleted while the plugin is still there: orphaned, exit 1, and convert removes it", async () => {
    project = await makeProject({ ".claude/settings.json": hooks("./guard.sh") });
    await cli(["convert", "--project", project.dir]);
    await rm(project.file(".claude/settings.json"));
    const orphaned = await cli(["check", "--project", project.dir]);
    expect(orphaned.exitCode).toBe(1);
    expect(orphaned.stdout).toContain("orphaned: .opencode/plugins/claude-hooks.js (there are no Claude Code settings any more; convert removes it)");
    expect(orphaned.stdout).toContain("Run `npx hooks2opencode convert` to remove what no settings need any more.");
    const removed = await cli(["convert", "--project", project.dir]);
    expect(removed.exitCode).toBe(0);
    expect(existsSync(project.file(".opencode/plugins/claude-hooks.js"))).toBe(false);
    // Nothing left to check or clean: the settings are missing, which is the user's mistake to hear of.
    expect((await cli(["check", "--project", project.dir])).exitCode).toBe(2);
  });

  it("--diff shows what convert would change: a unified diff of the plugin, the minified runtime summarized", async () => {
    project = await makeProject({ ".claude/settings.json": hooks("./guard.sh") });
    await cli(["convert", "--project", project.dir]);
    expect((await cli(["check", "--diff", "--project", project.dir])).stdout).not.toContain("---"); // up to date: no diff
    await writeFile(project.file(".claude/settings.json"), JSON.stringify(hooks("./guard.sh --strict")));
    const stale = await cli(["check", "--diff", "--project", project.dir]);
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(`--- a/${PLUGIN}\n+++ b/${PLUGIN}\n@@ `);
    expect(stale.stdout).toMatch(/^-.*"command": "\.\/guard\.sh",?$/m);
    expect(stale.stdout).toMatch(/^\+.*"command": "\.\/guard\.sh --strict",?$/m);
    const json = JSON.parse((await cli(["check", "--diff", "--json", "--project", project.dir])).stdout);
    expect(json.files[0]).toMatchObject({ file: PLUGIN, state: "stale" });
    expect(json.files[0].diff).toContain("+++ b/" + PLUGIN);
    expect(json.files[1]).toMatchObject({ file: RUNTIME, state: "up to date", diff: "" });
    await rm(project.file(RUNTIME));
    expect((await cli(["check", "--diff", "--project", project.dir])).stdout).toContain(
      `--- ${RUNTIME}: the minified runtime module would change (on disk: none; convert writes: `,
    );
  });

  it("exits 2 when it cannot check: unreadable settings, or any warning under --strict", async () => {
    project = await makeProject({ ".claude/settings.json": '{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": []}]}}' });
    const strict = await cli(["check", "--strict", "--project", project.dir]);
    expect(strict.exitCode).toBe(2);
    expect(strict.stderr).toContain('.claude/settings.json:1:39: error: matcher "(" is not a valid regex');
    const broken = await makeProject({ ".claude/settings.json": '{"hooks": ' });
    try {
      expect((await cli(["check", "--project", broken.dir])).exitCode).toBe(2);
    } finally {
      await broken.remove();
    }
  });
});
