// The live plugin's `permissions` option, driven in-process as OpenCode drives it: a LivePlugin on a
// temp project and a temp home, real sh/jq hooks. Claude's rules are read from the settings files
// the live plugin reads for hooks and enforced as a generated plugin enforces them (a deny blocks
// after the PreToolUse hooks ran; an allow answers OpenCode's prompt); an edit applies on reload;
// in a folder not trusted, settings.local.json's allow rules are ignored and the user is told once;
// defaultMode and additionalDirectories reach OpenCode's config as convert --permissions carries them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Hooks } from "@opencode-ai/plugin";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { REGISTRY } from "../../plugin/events/index.js";
import { LivePlugin } from "../../plugin/live/index.js";
import { liveOptions } from "../../plugin/live/options.js";
import type { OpencodeHost } from "../../plugin/runtime.js";
import { runCli, tempProjects } from "../helpers/cli.js";
import type { TempProject } from "../helpers/project.js";

const temp = tempProjects("live-perm-");
const opened: LivePlugin[] = [];
afterEach(() => {
  for (const live of opened.splice(0)) live.stop();
});

const ALLOW = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
/** A PreToolUse hook that records the path each read asks for and allows the call. */
const SETTINGS = {
  hooks: {
    PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: `jq -r .tool_input.file_path >> "$CLAUDE_PROJECT_DIR/reads.log"; echo '${ALLOW}'` }] }],
  },
  permissions: { deny: ["Read(./.env*)"] },
};

async function home() {
  const dir = (await temp({ ".claude/.keep": "" })).dir;
  const env = { HOME: dir, XDG_CONFIG_HOME: path.join(dir, ".config"), CLAUDE_CONFIG_DIR: path.join(dir, ".claude"), PATH: process.env.PATH ?? "" };
  return { dir, env };
}
type Home = Awaited<ReturnType<typeof home>>;

async function open(project: TempProject, user: Home, host: OpencodeHost, options: Record<string, unknown> = { permissions: true }) {
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => async (body: unknown) => {
    calls.push([name, body]);
    return { data: true };
  };
  const client = {
    app: { log: record("app.log") },
    session: { abort: record("session.abort"), update: record("session.update"), promptAsync: record("session.promptAsync") },
    tui: { showToast: record("tui.showToast") },
    postSessionIdPermissionsPermissionId: record("permission.reply"),
  };
  const input = { client, directory: project.dir, worktree: "/", project: { id: "test" }, serverUrl: new URL("http://127.0.0.1:4096") };
  const live = new LivePlugin(input as never, liveOptions({ watchInterval: 0, ...options }), user.env, host);
  opened.push(live);
  await live.reload([]);
  const hooks: Hooks = buildHooks(REGISTRY, live.runtime);
  const config: Record<string, unknown> = { permission: "ask" };
  await hooks.config?.(config as never);
  let call = 0;
  const messages = (name: string) => calls.filter(([each]) => each === name).map(([, body]) => (body as { body: { message: string } }).body.message);
  return {
    live,
    /** The config OpenCode handed the `config` hook at start-up, as the plugin left it. */
    config,
    logs: () => messages("app.log"),
    toasts: () => messages("tui.showToast"),
    replies: () => calls.filter(([name]) => name === "permission.reply").map(([, body]) => body),
    /** tool.execute.before of one call; rejects with the block message. */
    async before(tool: string, args: Record<string, unknown>, callID = `call_${++call}`) {
      await hooks["tool.execute.before"]!({ tool, sessionID: "ses_test", callID }, { args });
    },
    /** OpenCode's permission prompt for a call. */
    async asked(callID: string, permission: string) {
      await hooks.event!({
        event: { type: "permission.asked", properties: { id: `per_${callID}`, sessionID: "ses_test", permission, tool: { messageID: "m", callID } } } as never,
      });
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

const reads = (project: TempProject) => (existsSync(project.file("reads.log")) ? readFileSync(project.file("reads.log"), "utf8").trim().split("\n") : []);

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

describe("the live plugin with { permissions: true }", () => {
  it("a deny rule blocks a read with Claude's message after the PreToolUse hook allowed it, and logs the rule's file:line:col", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": SETTINGS, ".env": "TOKEN=1\n", "notes.txt": "hi\n" });
    const plugin = await open(project, user, "run");
    await expect(plugin.before("read", { filePath: ".env" })).rejects.toThrow(/^Permission to use Read has been denied\.$/);
    await expect(plugin.before("read", { filePath: "notes.txt" })).resolves.toBeUndefined();
    expect(reads(project).map((file) => path.basename(file))).toEqual([".env", "notes.txt"]);
    const logs = plugin.logs().join("\n");
    expect(logs).toContain("live: 1 permission rule in force");
    expect(logs).toMatch(/denied by permissions\.deny Read\(\.\/\.env\*\) at \.claude\/settings\.json:\d+:\d+/);
  });

  it("without the option the rules stay behind, as with convert", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": SETTINGS, ".env": "TOKEN=1\n" });
    const plugin = await open(project, user, "run", {});
    await expect(plugin.before("read", { filePath: ".env" })).resolves.toBeUndefined();
    expect(plugin.live.runtime.permissions).toBeUndefined();
  });

  it("reads the same rules convert --permissions carries: user and local settings too, a deny anywhere wins", async () => {
    const user = await home();
    write(path.join(user.dir, ".claude", "settings.json"), { permissions: { deny: ["Bash(curl *)"] } });
    const project = await temp({
      ".claude/settings.json": { permissions: { allow: ["Bash(rm *)"] } },
      ".claude/settings.local.json": { permissions: { deny: ["Bash(rm -rf *)"] } },
    });
    const plugin = await open(project, user, "run");
    await expect(plugin.before("bash", { command: "curl https://example.com" })).rejects.toThrow(
      "Permission to use Bash with command curl https://example.com has been denied.",
    );
    await expect(plugin.before("bash", { command: "echo ok && rm -rf build" })).rejects.toThrow(/has been denied/);
    await expect(plugin.before("bash", { command: "rm build.log" })).resolves.toBeUndefined();
  });

  it("a settings edit applies on reload; a file saved half-way (not JSON) keeps its rules as last read", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": SETTINGS, ".env": "TOKEN=1\n" });
    const plugin = await open(project, user, "run");
    const settingsFile = project.file(".claude/settings.json");
    write(settingsFile, '{ "permissions": { "deny": [');
    await plugin.live.reload([settingsFile]);
    await expect(plugin.before("read", { filePath: ".env" })).rejects.toThrow(/has been denied/);
    write(settingsFile, { permissions: { deny: ["Read(./secrets/**)"] } });
    await plugin.live.reload([settingsFile]);
    await expect(plugin.before("read", { filePath: ".env" })).resolves.toBeUndefined();
    await expect(plugin.before("read", { filePath: "secrets/key.pem" })).rejects.toThrow(/has been denied/);
  });
});

describe("Claude's trust rule for settings.local.json's allow rules", () => {
  const local = { permissions: { allow: ["Bash(git status)"] } };

  it("in a folder not trusted, they are ignored (OpenCode's prompt stays the user's) and the user is told once; deny rules still apply", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": { permissions: { deny: ["Bash(git push *)"] } }, ".claude/settings.local.json": local });
    const plugin = await open(project, user, "tui");
    await plugin.before("bash", { command: "git status" }, "call_status");
    await plugin.asked("call_status", "bash");
    expect(plugin.replies()).toEqual([]);
    await expect(plugin.before("bash", { command: "git push origin main" })).rejects.toThrow(/has been denied/);
    await plugin.prompt("hello");
    await plugin.live.reload([]);
    await plugin.prompt("again");
    const notice = `1 permissions.allow rule of .claude/settings.local.json is ignored: ${project.dir} is not trusted. Trust it with: npx hooks2opencode trust ${project.dir}`;
    expect(plugin.toasts().filter((toast) => toast.includes("permissions.allow"))).toEqual([expect.stringContaining(notice)]);
  });

  it("once the folder is trusted, they answer OpenCode's prompt", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.local.json": local });
    const plugin = await open(project, user, "tui");
    expect((await runCli(["trust", project.dir], { env: user.env })).exitCode).toBe(0);
    await plugin.live.reload([]);
    await plugin.before("bash", { command: "git status" }, "call_status");
    await plugin.asked("call_status", "bash");
    expect(plugin.replies()).toEqual([{ path: { id: "ses_test", permissionID: "per_call_status" }, body: { response: "once" } }]);
  });

  it("under opencode run (trusted, like claude -p) they apply from the start", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.local.json": local });
    const plugin = await open(project, user, "run");
    await plugin.before("bash", { command: "git status" }, "call_status");
    await plugin.asked("call_status", "bash");
    expect(plugin.replies()).toHaveLength(1);
    expect(plugin.toasts().join("\n")).not.toContain("permissions.allow");
  });
});

describe("defaultMode and additionalDirectories in OpenCode's config", () => {
  /** The external_directory patterns the config allows. */
  const external = (config: Record<string, unknown>) => {
    const rules = (config.permission as Record<string, unknown>).external_directory as Record<string, string> | undefined;
    return Object.entries(rules ?? {})
      .filter(([, action]) => action === "allow")
      .map(([pattern]) => pattern);
  };

  it("every file's folders add up, and settings.local.json's mode wins over the project's, as convert --permissions carries them", async () => {
    const user = await home();
    write(path.join(user.dir, ".claude", "settings.json"), { permissions: { additionalDirectories: ["~/shared"] } });
    const project = await temp({
      ".claude/settings.json": { permissions: { defaultMode: "acceptEdits", additionalDirectories: ["../docs"] } },
      ".claude/settings.local.json": { permissions: { defaultMode: "plan", additionalDirectories: ["/opt/data"] } },
    });
    const plugin = await open(project, user, "run");
    expect(plugin.live.runtime.permissionScalars).toEqual({
      defaultMode: "plan",
      additionalDirectories: expect.arrayContaining(["~/shared", "../docs", "/opt/data"]),
    });
    expect(external(plugin.config).sort()).toEqual(
      // `~/` is the home of the OpenCode process (opencode-permissions.ts reads it there).
      [path.join(homedir(), "shared"), path.resolve(project.dir, "../docs"), "/opt/data"].flatMap((dir) => [dir, `${dir}/*`]).sort(),
    );
    expect(plugin.config.default_agent).toBe("plan");
    expect(plugin.logs().join("\n")).toContain("live: 0 permission rules in force, defaultMode plan, 3 additional directories");
  });

  it("without the option nothing reaches OpenCode's config", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": { permissions: { defaultMode: "plan", additionalDirectories: ["/opt/data"] } } });
    const plugin = await open(project, user, "run", {});
    expect(plugin.live.runtime.permissionScalars).toBeUndefined();
    expect(plugin.config.default_agent).toBeUndefined();
    expect(plugin.config.permission).toBe("ask");
  });

  it("in a folder not trusted, settings.local.json's folders are left out as its allow rules are (the user is told); its mode and the project's folders stay", async () => {
    const user = await home();
    const project = await temp({
      ".claude/settings.json": { permissions: { additionalDirectories: ["/opt/shared"] } },
      ".claude/settings.local.json": { permissions: { defaultMode: "plan", additionalDirectories: ["/opt/mine"] } },
    });
    const plugin = await open(project, user, "tui");
    expect(external(plugin.config).sort()).toEqual(["/opt/shared", "/opt/shared/*"]);
    expect(plugin.config.default_agent).toBe("plan");
    await plugin.prompt("hello");
    expect(plugin.toasts().join("\n")).toContain(
      `1 permissions.additionalDirectories entry of .claude/settings.local.json is ignored: ${project.dir} is not trusted. Trust it with: npx hooks2opencode trust ${project.dir}`,
    );
  });

  it("a settings file saved half-way keeps its folders as last read", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": { permissions: { additionalDirectories: ["/opt/data"] } } });
    const plugin = await open(project, user, "run");
    const settingsFile = project.file(".claude/settings.json");
    write(settingsFile, '{ "permissions": { "additionalDirectories": [');
    await plugin.live.reload([settingsFile]);
    expect(plugin.live.runtime.permissionScalars).toEqual({ additionalDirectories: ["/opt/data"] });
  });
});
