// The live plugin driven in-process as OpenCode drives it: a LivePlugin on a temp project and a temp
// home, its hooks built from the event registry, real sh/jq hooks. Trust holds hooks back in the
// TUI until a record says yes; a settings edit applies on reload unless a ConfigChange hook blocks it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Hooks } from "@opencode-ai/plugin";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { REGISTRY } from "../../plugin/events/index.js";
import { LivePlugin } from "../../plugin/live/index.js";
import { liveOptions } from "../../plugin/live/options.js";
import { projectChoice } from "../../plugin/live/project-choice.js";
import { watchFiles } from "../../plugin/live/watch-settings.js";
import type { OpencodeHost } from "../../plugin/runtime.js";
import { runCli, tempProjects } from "../helpers/cli.js";
import { settings, type TempProject } from "../helpers/project.js";

const temp = tempProjects("live-");
const opened: LivePlugin[] = [];
afterEach(() => {
  for (const live of opened.splice(0)) live.stop();
});

/** A hook that appends its tag and the bash command it saw to ran.log. */
const logs = (tag: string) => ({ type: "command", command: `echo "${tag} $(jq -r .tool_input.command)" >> "$CLAUDE_PROJECT_DIR/ran.log"` });
const preToolUse = (tag: string, extra: object = {}) => settings({ PreToolUse: [{ matcher: "Bash", hooks: [logs(tag)] }] }, extra);

/** A temp home: Claude Code's config folder and the user's config folder, nothing of the real user's. */
async function home() {
  const dir = (await temp({ ".claude/.keep": "" })).dir;
  const env = { HOME: dir, XDG_CONFIG_HOME: path.join(dir, ".config"), CLAUDE_CONFIG_DIR: path.join(dir, ".claude"), PATH: process.env.PATH ?? "" };
  return { dir, env, trustRecord: path.join(dir, ".config", "hooks2opencode", "trusted.json"), claudeRecord: path.join(dir, ".claude", ".claude.json") };
}
type Home = Awaited<ReturnType<typeof home>>;

/** `worktree`: OpenCode's git root, "/" for a folder outside git (as these temp projects are taken to be). */
async function open(project: TempProject, user: Home, host: OpencodeHost, options: Record<string, unknown> = {}, worktree = "/") {
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => async (body: unknown) => {
    calls.push([name, body]);
    return { data: true };
  };
  const client = {
    app: { log: record("app.log") },
    session: { abort: record("session.abort"), update: record("session.update"), promptAsync: record("session.promptAsync") },
    tui: { showToast: record("tui.showToast") },
  };
  const input = { client, directory: project.dir, worktree, project: { id: "test" }, serverUrl: new URL("http://127.0.0.1:4096") };
  const live = new LivePlugin(input as never, liveOptions({ watchInterval: 0, ...options }), user.env, host);
  opened.push(live);
  await live.reload([]);
  const hooks: Hooks = buildHooks(REGISTRY, live.runtime);
  await hooks.config?.({ permission: "allow" } as never);
  let call = 0;
  return {
    live,
    logs: () => calls.filter(([name]) => name === "app.log").map(([, body]) => (body as { body: { message: string } }).body.message),
    toasts: () => calls.filter(([name]) => name === "tui.showToast").map(([, body]) => (body as { body: { message: string } }).body.message),
    /** One bash call through tool.execute.before; rejects with the block message. */
    async bash(command: string) {
      await hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_test", callID: `call_${++call}` }, { args: { command } });
    },
    async prompt(text: string) {
      const message = { id: `msg_${++call}`, sessionID: "ses_test", role: "user" };
      await hooks["chat.message"]!(
        { sessionID: "ses_test" } as never,
        { message, parts: [{ id: `prt_${call}`, sessionID: "ses_test", messageID: message.id, type: "text", text }] } as never,
      );
    },
  };
}

const ranLog = (project: TempProject) => (existsSync(project.file("ran.log")) ? readFileSync(project.file("ran.log"), "utf8") : "");

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

describe("the live plugin runs the project's Claude hooks", () => {
  it("under opencode run (trusted, like claude -p) a real PreToolUse hook runs for a bash call", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    const plugin = await open(project, user, "run");
    expect(plugin.live.runtime.host).toBe("run");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("pre ls\n");
    expect(plugin.logs()).toContain(
      `live: 1 hook in force for ${project.dir} (trusted: opencode run is non-interactive, and Claude Code trusts the folder of a -p run)`,
    );
  });

  it("leaves the project's hooks to a generated plugin that runs them, and says so once", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    expect((await runCli(["convert", "--project", project.dir], { env: user.env })).exitCode).toBe(0);
    const plugin = await open(project, user, "run");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("");
    await plugin.live.reload([]);
    const said = plugin.logs().filter((line) => line.includes("is a plugin hooks2opencode generated"));
    expect(said).toEqual([
      `${project.file(".opencode/plugins/claude-hooks.js")} is a plugin hooks2opencode generated: it runs the project's Claude hooks, so the live plugin leaves them to it`,
    ]);
  });
});

describe("the start-up cache", () => {
  it("a start with the settings of an earlier start takes their hooks from the cache; an edit validates afresh", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("first") });
    await (await open(project, user, "run")).bash("ls");
    const folder = path.join(user.dir, ".cache", "hooks2opencode", "live");
    const [cached] = readdirSync(folder);
    expect(cached).toMatch(/\.json$/);
    // Proof that a hit is read, not recomputed: what the cache holds runs, though the settings say otherwise.
    const file = path.join(folder, cached!);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("first", "cached"));
    await (await open(project, user, "run")).bash("pwd");
    write(project.file(".claude/settings.json"), preToolUse("edited"));
    await (await open(project, user, "run")).bash("id");
    expect(ranLog(project)).toBe("first ls\ncached pwd\nedited id\n");
  });

  it("is written once the start-up has returned, and by stop() at the latest, so a restart right after finds it", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("first") });
    const folder = path.join(user.dir, ".cache", "hooks2opencode", "live");
    const first = new LivePlugin({ client: {}, directory: project.dir, worktree: "/" } as never, liveOptions({ watchInterval: 0 }), user.env, "run");
    await first.reload([]);
    // Not on the start-up path: nothing written yet when the hooks are in force.
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    first.stop();
    expect(readdirSync(folder)).toHaveLength(1);
    // Left to its own turn of the event loop, it is written too.
    const second = await temp({ ".claude/settings.json": preToolUse("second") });
    const later = new LivePlugin({ client: {}, directory: second.dir, worktree: "/" } as never, liveOptions({ watchInterval: 0 }), user.env, "run");
    opened.push(later);
    await later.reload([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(readdirSync(folder)).toHaveLength(2);
  });
});

describe("workspace trust in the TUI", () => {
  it("an untrusted folder holds the hooks back and says how to trust it; the trust record then makes them run", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    const plugin = await open(project, user, "tui");
    expect(plugin.live.runtime.host).toBe("tui");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("");
    expect(plugin.live.runtime.notice).toBe(
      `1 Claude Code hook is held back: ${project.dir} is not trusted (neither Claude Code nor hooks2opencode trust was given for this folder). Trust it with: npx hooks2opencode trust ${project.dir}`,
    );
    // The notice waits for the first prompt, when there is a TUI to show it.
    await plugin.prompt("hi");
    expect(plugin.toasts().some((toast) => toast.includes("1 Claude Code hook is held back"))).toBe(true);

    write(user.trustRecord, { trusted: [project.dir] });
    await plugin.live.reload([]);
    await plugin.bash("pwd");
    expect(ranLog(project)).toBe("pre pwd\n");
  });

  it("`hooks2opencode trust` through the real command line, and --revoke, apply on the next reload", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    const plugin = await open(project, user, "serve");
    expect((await runCli(["trust", project.dir], { env: user.env })).exitCode).toBe(0);
    await plugin.live.reload([]);
    await plugin.bash("one");
    expect((await runCli(["trust", "--revoke", project.dir], { env: user.env })).exitCode).toBe(0);
    await plugin.live.reload([]);
    await plugin.bash("two");
    expect(ranLog(project)).toBe("pre one\n");
  });

  it.each<[string, (project: TempProject, user: Home) => void]>([
    ["Claude Code's own record", (project, user) => write(user.claudeRecord, { projects: { [project.dir]: { hasTrustDialogAccepted: true } } })],
    [
      "Claude Code's record of a parent folder",
      (project, user) => write(user.claudeRecord, { projects: { [path.dirname(project.dir)]: { hasTrustDialogAccepted: true } } }),
    ],
    [
      "the project's own opencode.json naming the plugin",
      (project) => write(project.file("opencode.json"), { plugin: [["hooks2opencode", { managed: false }]] }),
    ],
  ])("trusted by %s", async (_name, trust) => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    trust(project, user);
    const plugin = await open(project, user, "tui");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("pre ls\n");
    expect(plugin.live.runtime.notice ?? "").not.toContain("held back");
  });

  it("a git repository does not inherit Claude Code's trust of a folder above its root", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("pre") });
    write(user.claudeRecord, { projects: { [path.dirname(project.dir)]: { hasTrustDialogAccepted: true } } });
    const plugin = await open(project, user, "tui", {}, project.dir);
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("");
    expect(plugin.live.runtime.notice).toContain("1 Claude Code hook is held back");
  });

  it("managed hooks still run in an untrusted folder; only the folder's are held back", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("project"), "policy/managed-settings.json": preToolUse("managed") });
    const plugin = await open(project, user, "tui", { managed: project.file("policy") });
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("managed ls\n");
    expect(plugin.live.runtime.notice).toContain("1 Claude Code hook is held back");
  });
});

describe("settings edits and ConfigChange", () => {
  const withConfigChange = (tag: string, configChange: string) =>
    settings({
      PreToolUse: [{ matcher: "Bash", hooks: [logs(tag)] }],
      ConfigChange: [{ matcher: "project_settings", hooks: [{ type: "command", command: `cat > "$CLAUDE_PROJECT_DIR/config-change.json"; ${configChange}` }] }],
    });

  it("a ConfigChange hook that exits 2 keeps the hooks in force", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": withConfigChange("old", "echo 'settings are frozen' >&2; exit 2") });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), withConfigChange("new", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("old ls\n");
    expect(existsSync(project.file("config-change.json"))).toBe(true);
    expect(plugin.logs()).toContain(`a ConfigChange hook kept the change to ${project.file(".claude/settings.json")} from applying; the hooks in force stay`);
  });

  it("a ConfigChange hook that exits 0 lets the edit apply; it saw source project_settings and the file's path", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": withConfigChange("old", "exit 0") });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), withConfigChange("new", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("new ls\n");
    expect(JSON.parse(readFileSync(project.file("config-change.json"), "utf8"))).toMatchObject({
      session_id: "ses_test",
      hook_event_name: "ConfigChange",
      source: "project_settings",
      file_path: project.file(".claude/settings.json"),
    });
  });

  it("a refused change stays out when the next reload is for another file (Claude Code rewrites ~/.claude.json often)", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": withConfigChange("old", "exit 2") });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), withConfigChange("new", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    write(user.claudeRecord, { numStartups: 2 });
    await plugin.live.reload([user.claudeRecord]);
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("old ls\n");
  });

  it("a refused change is not what a later unreadable save falls back to", async () => {
    const user = await home();
    // The guard refuses any settings text that mentions "forbidden" (it reads its input from the copy it saved).
    const project = await temp({
      ".claude/settings.json": withConfigChange("old", 'grep -q forbidden "$(jq -r .file_path "$CLAUDE_PROJECT_DIR/config-change.json")" && exit 2; exit 0'),
    });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), withConfigChange("forbidden", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("one");
    write(project.file(".claude/settings.json"), '{ "hooks": {');
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("two");
    expect(ranLog(project)).toBe("old one\nold two\n");
  });

  it("a refused file's next change is asked about afresh, and applies when allowed", async () => {
    const user = await home();
    const project = await temp({
      ".claude/settings.json": withConfigChange("old", 'grep -q forbidden "$(jq -r .file_path "$CLAUDE_PROJECT_DIR/config-change.json")" && exit 2; exit 0'),
    });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), withConfigChange("forbidden", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("one");
    write(project.file(".claude/settings.json"), withConfigChange("fine", "exit 0"));
    await plugin.live.reload([project.file(".claude/settings.json")]);
    await plugin.bash("two");
    expect(ranLog(project)).toBe("old one\nfine two\n");
  });

  it("a settings file saved half-written keeps its last hooks running, and says so", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("old") });
    const plugin = await open(project, user, "run");
    await plugin.prompt("hi");
    write(project.file(".claude/settings.json"), '{ "hooks": { "PreToolUse": [');
    // opencode run has no TUI: the notice also goes to stderr, once prefixed with the tool's name.
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let printed: string[];
    try {
      await plugin.live.reload([project.file(".claude/settings.json")]);
    } finally {
      printed = stderr.mock.calls.map(([text]) => String(text));
      stderr.mockRestore();
    }
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("old ls\n");
    expect(plugin.toasts().join("\n")).toContain(".claude/settings.json cannot be read now; its hooks as last read keep running");
    expect(printed).toEqual([
      "hooks2opencode: .claude/settings.json cannot be read now; its hooks as last read keep running; 1 problem in Claude settings (see the log); the hooks that could be read run\n",
    ]);
    expect(plugin.logs().some((line) => line.startsWith(".claude/settings.json:1:") && line.includes("invalid JSON"))).toBe(true);
  });

  it("watched: an edit saved while the plugin runs applies without a reload call", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": preToolUse("old") });
    const plugin = await open(project, user, "run", { watchInterval: 50 });
    plugin.live.watch();
    // fs.watchFile takes its first look asynchronously: an edit before it is the starting state.
    await new Promise((resolve) => setTimeout(resolve, 200));
    write(project.file(".claude/settings.json"), settings({ PreToolUse: [{ matcher: "Bash", hooks: [logs("newer")] }], Stop: [{ hooks: [logs("stop")] }] }));
    const deadline = Date.now() + 10_000;
    while (!plugin.logs().some((line) => line.startsWith("live: 2 hooks in force")) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("newer ls\n");
  });
});

describe("watchFiles", () => {
  it("reports files that change, a file created after the watch began included, together once they settle", async () => {
    const dir = (await temp({ "a.json": "{}" })).dir;
    const batches: string[][] = [];
    const watch = watchFiles([path.join(dir, "a.json"), path.join(dir, "b.json")], (changed) => batches.push(changed.sort()), {
      intervalMs: 20,
      settleMs: 300,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      writeFileSync(path.join(dir, "a.json"), '{"hooks": {}}');
      writeFileSync(path.join(dir, "b.json"), "{}");
      const deadline = Date.now() + 5000;
      while (batches.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(batches).toEqual([[path.join(dir, "a.json"), path.join(dir, "b.json")]]);
    } finally {
      watch.stop();
    }
  });
});

describe("projectChoice: the project's own OpenCode config names the live plugin", () => {
  it.each<[string, Record<string, string | object>, string, string | undefined]>([
    ["opencode.json with the npm name", { "opencode.json": { plugin: ["hooks2opencode"] } }, ".", "opencode.json"],
    [
      "opencode.jsonc with comments, a version and options",
      { "opencode.jsonc": '{\n  // ours\n  "plugin": ["other", ["hooks2opencode@1.2.3", { "managed": true }],],\n}\n' },
      ".",
      "opencode.jsonc",
    ],
    ["only other plugins", { "opencode.json": { plugin: ["opencode-other", ["x", {}]] } }, ".", undefined],
    ["an opencode.json that is not JSON", { "opencode.json": "{ plugin: [" }, ".", undefined],
    [
      ".opencode/opencode.json with a path relative to it",
      { ".opencode/opencode.json": { plugin: ["../vendor/h2o"] }, "vendor/h2o/package.json": { name: "hooks2opencode" } },
      ".",
      ".opencode/opencode.json",
    ],
    [
      "a folder below the worktree, named at the root",
      { "opencode.json": { plugin: ["hooks2opencode"] }, "packages/app/.keep": "" },
      "packages/app",
      "../../opencode.json",
    ],
  ])("%s -> %s", async (_name, files, below, chosenBy) => {
    const project = await temp(files);
    expect(projectChoice(project.file(below), project.dir)).toBe(chosenBy);
  });

  it("outside git (worktree /) only the folder's own config counts, not a parent's", async () => {
    const project = await temp({ "opencode.json": { plugin: ["hooks2opencode"] }, "app/.keep": "" });
    expect(projectChoice(project.file("app"), "/")).toBeUndefined();
    expect(projectChoice(project.dir, "/")).toBe("opencode.json");
  });
});
