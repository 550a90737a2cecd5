// `hooks2opencode check`, the CI gate, through the real command line.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT, settings, type TempProject } from "../helpers/project.js";

const BIN = path.join(REPO_ROOT, "bin", "hooks2opencode.js");
const cli = (args: string[]) => execa("node", [BIN, ...args], { reject: false, cwd: REPO_ROOT, env: {} });
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
    expect(stale.stdout).toContain(`stale: ${PLUGIN} (the settings or hooks2opencode changed since it was generated)`);

    await cli(["convert", "--project", project.dir]);
    await writeFile(project.file(PLUGIN), (await readFile(project.file(PLUGIN), "utf8")).replace("guard.sh --strict", "true"));
    const edited = await cli(["check", "--project", project.dir]);
    expect(edited.exitCode).toBe(1);
    expect(edited.stdout).toContain(`edited: ${PLUGIN} (it was changed by hand after convert wrote it)`);
    expect(edited.stdout.trim().split("\n").at(-1)).toBe("Run `npx hooks2opencode convert --force` to discard the hand edits and regenerate it.");
  });

  it("does not look at local settings, so CI and every clone agree", async () => {
    project = await makeProject({ ".claude/settings.json": hooks("./guard.sh") });
    await cli(["convert", "--project", project.dir]);
    await writeFile(project.file(".claude/settings.local.json"), JSON.stringify(hooks("./mine.sh")));
    expect((await cli(["check", "--project", project.dir])).exitCode).toBe(0);
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
