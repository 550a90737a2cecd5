// A generated plugin loaded after its settings changed says so, once: a warning in the log at load
// and a toast at the first prompt, naming the files and the command that regenerates it. Loaded
// in-process as OpenCode loads it; the client records what the plugin asked OpenCode to do.
import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("drift-");
const guard = (command: string) => settings({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] });
const toasts = (plugin: Awaited<ReturnType<typeof loadPlugin>>) =>
  plugin.client.calls.filter(([name]) => name === "tui.showToast").map(([, options]) => (options as { body: { message: string } }).body.message);

describe("settings changed since convert", () => {
  it("is logged at load and shown once at the first prompt; a fresh plugin says nothing", async () => {
    const p = await project({ ".claude/settings.json": guard("./guard.sh") });
    const fresh = await loadPlugin(p.dir);
    await fresh.prompt("hello");
    expect(fresh.client.logs().filter((line) => line.includes("changed since conversion"))).toEqual([]);
    expect(toasts(fresh)).toEqual([]);

    await writeFile(p.file(".claude/settings.json"), JSON.stringify(guard("./guard.sh --strict")));
    const stale = await loadPlugin(p.dir, undefined, undefined, { convertFirst: false });
    const notice = "Claude hooks changed since conversion (.claude/settings.json): OpenCode runs the hooks as they were. Run `npx hooks2opencode convert`.";
    expect(stale.client.logs()).toContain(notice);
    expect(toasts(stale)).toEqual([]); // nobody is looking yet
    await stale.prompt("first");
    await stale.prompt("second");
    expect(toasts(stale)).toEqual([notice]);
    // The plugin still runs the hooks it has: the old guard (which is not there: a loud non-blocking error).
    await stale.before("bash", { command: "ls" });
    expect(stale.client.logs().filter((line) => line.includes("[./guard.sh]"))).not.toEqual([]);
    expect(stale.client.logs().filter((line) => line.includes("--strict]"))).toEqual([]);
  });

  it("a CRLF checkout of the same settings is no change; a new settings.local.json that was never converted is", async () => {
    const text = JSON.stringify(guard("./guard.sh"), null, 2);
    const p = await project({ ".claude/settings.json": text });
    await loadPlugin(p.dir);
    await writeFile(p.file(".claude/settings.json"), text.replace(/\n/g, "\r\n"));
    const crlf = await loadPlugin(p.dir, undefined, undefined, { convertFirst: false });
    expect(crlf.client.logs().filter((line) => line.includes("changed since conversion"))).toEqual([]);
    await writeFile(p.file(".claude/settings.local.json"), JSON.stringify(guard("./mine.sh")));
    const local = await loadPlugin(p.dir, undefined, undefined, { convertFirst: false });
    expect(local.client.logs()).toContain(
      "Claude hooks changed since conversion (.claude/settings.local.json): OpenCode runs the hooks as they were. Run `npx hooks2opencode convert`.",
    );
  });

  it("a skill's hooks are compared by its frontmatter: a fresh plugin says nothing, an edit of the skill's text neither, of its hooks yes", async () => {
    const skill = (command: string, body: string) =>
      [
        "---",
        "name: careful",
        "description: Be careful",
        "hooks:",
        "  PreToolUse:",
        "    - matcher: Bash",
        "      hooks:",
        "        - type: command",
        `          command: ${command}`,
        "---",
        body,
        "",
      ].join("\n");
    const p = await project({ ".claude/settings.json": guard("./guard.sh"), ".claude/skills/careful/SKILL.md": skill("./check.sh", "Check twice.") });
    const drift = (plugin: Awaited<ReturnType<typeof loadPlugin>>) => plugin.client.logs().filter((line) => line.includes("changed since conversion"));
    expect(drift(await loadPlugin(p.dir))).toEqual([]);
    await writeFile(p.file(".claude/skills/careful/SKILL.md"), skill("./check.sh", "Check three times.").replace(/\n/g, "\r\n"));
    expect(drift(await loadPlugin(p.dir, undefined, undefined, { convertFirst: false }))).toEqual([]);
    await writeFile(p.file(".claude/skills/careful/SKILL.md"), skill("./check.sh --strict", "Check three times."));
    expect(drift(await loadPlugin(p.dir, undefined, undefined, { convertFirst: false }))).toEqual([
      "Claude hooks changed since conversion (.claude/skills/careful/SKILL.md): OpenCode runs the hooks as they were. Run `npx hooks2opencode convert`.",
    ]);
  });
});
