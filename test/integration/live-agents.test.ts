// Other agents' hooks through the live plugin, driven in-process as OpenCode drives it: a LivePlugin
// on a temp project and a temp home, real sh/jq hooks written the way each agent's users write them
// (Gemini's `.tool_input.command` and exit 2, Codex's `permissionDecision`, Copilot's `.toolArgs`).
// They are read where convert reads them, reloaded when edited, held back by Claude's trust rule,
// left to a generated plugin that carries them, and counted per agent in the start-up log.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Hooks } from "@opencode-ai/plugin";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { REGISTRY } from "../../plugin/events/index.js";
import { LivePlugin } from "../../plugin/live/index.js";
import { liveOptions } from "../../plugin/live/options.js";
import type { OpencodeHost } from "../../plugin/runtime.js";
import { runCli, tempProjects } from "../helpers/cli.js";
import { settings, type TempProject } from "../helpers/project.js";

const made = tempProjects("live-agents-");
/** Temp projects live under the repository: a .claude/ folder makes each its own project (not the repository's root). */
const temp = (files: Record<string, string | object>) => made({ ".claude/.keep": "", ...files });
const opened: LivePlugin[] = [];
afterEach(() => {
  for (const live of opened.splice(0)) live.stop();
});

/** A temp home: Claude's, Gemini's and the user's config folders, nothing of the real user's. */
async function home() {
  const dir = (await temp({ ".claude/.keep": "" })).dir;
  const env = {
    HOME: dir,
    XDG_CONFIG_HOME: path.join(dir, ".config"),
    CLAUDE_CONFIG_DIR: path.join(dir, ".claude"),
    PATH: process.env.PATH ?? "",
    SHELL: "/bin/sh",
  };
  return { dir, env, trustRecord: path.join(dir, ".config", "hooks2opencode", "trusted.json") };
}
type Home = Awaited<ReturnType<typeof home>>;

async function open(project: TempProject, user: Home, host: OpencodeHost, options: Record<string, unknown> = {}) {
  const logged: string[] = [];
  const toasts: string[] = [];
  const ok = async () => ({ data: true });
  const client = {
    app: { log: async ({ body }: { body: { message: string } }) => (logged.push(body.message), { data: true }) },
    session: { abort: ok, update: ok, promptAsync: ok },
    tui: { showToast: async ({ body }: { body: { message: string } }) => (toasts.push(body.message), { data: true }) },
  };
  const input = { client, directory: project.dir, worktree: "/", project: { id: "test" }, serverUrl: new URL("http://127.0.0.1:4096") };
  const live = new LivePlugin(input as never, liveOptions({ watchInterval: 0, ...options }), user.env, host);
  opened.push(live);
  await live.reload([]);
  const hooks: Hooks = buildHooks(REGISTRY, live.runtime);
  await hooks.config?.({ permission: "allow" } as never);
  let call = 0;
  return {
    live,
    logged,
    toasts,
    /** One bash call through tool.execute.before; rejects with the block message. */
    async bash(command: string) {
      await hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_test", callID: `call_${++call}` }, { args: { command, description: "step" } });
    },
  };
}

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

const ranLog = (project: TempProject) => (existsSync(project.file("ran.log")) ? readFileSync(project.file("ran.log"), "utf8") : "");
/** Whether a hook whose command holds `text` is in force now. */
const inForce = (live: LivePlugin, text: string) => [...live.runtime.handlers.values()].some((list) => list.some((handler) => handler.label.includes(text)));
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

/** Gemini's docs' guard: the command from `.tool_input.command`, exit 2 with the reason on stderr. */
const geminiGuard = (tag: string) => ({
  hooks: {
    BeforeTool: [
      {
        matcher: "run_shell_command",
        hooks: [
          {
            type: "command",
            command: `cmd=$(jq -r .tool_input.command); echo "${tag} $cmd" >> "$GEMINI_PROJECT_DIR/ran.log"; case "$cmd" in *"rm -rf"*) echo "rm -rf is not allowed" >&2; exit 2;; esac`,
          },
        ],
      },
    ],
  },
});
/** Codex's PreToolUse, as its docs answer: `permissionDecision: "deny"` in hookSpecificOutput. */
const codexGuard = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          {
            type: "command",
            command: `cmd=$(jq -r .tool_input.command); echo "codex $cmd" >> ran.log; case "$cmd" in *deploy*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no deploys from here"}}';; esac`,
          },
        ],
      },
    ],
  },
};
const claudeLogger = settings({
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo "claude $(jq -r .tool_input.command)" >> "$CLAUDE_PROJECT_DIR/ran.log"` }] }],
});

describe("the live plugin reads other agents' files as convert does", () => {
  it("a Gemini BeforeTool guard and a Codex PreToolUse guard run with their own contracts beside a Claude hook; the log counts each agent's", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": claudeLogger, ".gemini/settings.json": geminiGuard("gemini"), ".codex/hooks.json": codexGuard });
    const plugin = await open(project, user, "run");
    await expect(plugin.bash("rm -rf build")).rejects.toThrow("Tool execution blocked: rm -rf is not allowed");
    await expect(plugin.bash("deploy now")).rejects.toThrow("Command blocked by PreToolUse hook: no deploys from here. Command: deploy now");
    await plugin.bash("ls");
    // Each agent's hooks saw its own stdin; all three ran on every call they matched.
    expect(ranLog(project).split("\n").filter(Boolean).sort()).toEqual(
      [
        "claude deploy now",
        "claude ls",
        "claude rm -rf build",
        "codex deploy now",
        "codex ls",
        "codex rm -rf build",
        "gemini deploy now",
        "gemini ls",
        "gemini rm -rf build",
      ].sort(),
    );
    expect(plugin.logged).toContain(
      `live: 3 hooks in force for ${project.dir}: 1 Claude Code, 1 Codex CLI, 1 Gemini CLI (trusted: opencode run is non-interactive, and Claude Code trusts the folder of a -p run)`,
    );
  });

  it("reads the user's agent files too (~/.gemini/settings.json), as it reads the user's Claude settings", async () => {
    const user = await home();
    write(path.join(user.dir, ".gemini", "settings.json"), geminiGuard("user-gemini"));
    const project = await temp({ ".gemini/settings.json": geminiGuard("project-gemini") });
    const plugin = await open(project, user, "run");
    await plugin.bash("ls");
    expect(ranLog(project).split("\n").filter(Boolean).sort()).toEqual(["project-gemini ls", "user-gemini ls"]);
    expect(plugin.logged.some((line) => line.startsWith(`live: 2 hooks in force for ${project.dir}: 2 Gemini CLI`))).toBe(true);
  });

  it("a Copilot hooks file added to .github/hooks while it runs is watched and read; an edit of .gemini/settings.json applies without a restart", async () => {
    const user = await home();
    const project = await temp({ ".gemini/settings.json": geminiGuard("old") });
    const plugin = await open(project, user, "run", { watchInterval: 50 });
    plugin.live.watch();
    // fs.watchFile takes its first look asynchronously: an edit before it is the starting state.
    await new Promise((resolve) => setTimeout(resolve, 200));
    write(project.file(".gemini/settings.json"), geminiGuard("new"));
    write(project.file(".github/hooks/log.json"), {
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: `echo "copilot $(jq -r .toolArgs.command)" >> ran.log` }] },
    });
    await until(() => inForce(plugin.live, "copilot") && inForce(plugin.live, "new"));
    await plugin.bash("ls");
    expect(ranLog(project).split("\n").filter(Boolean).sort()).toEqual(["copilot ls", "new ls"]);
    // Its file is polled from now on: an edit to it applies too.
    write(project.file(".github/hooks/log.json"), {
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: `echo "copilot-edited $(jq -r .toolArgs.command)" >> ran.log` }] },
    });
    await until(() => inForce(plugin.live, "copilot-edited"));
    await plugin.bash("pwd");
    expect(ranLog(project)).toContain("copilot-edited pwd");
  });

  it("a half-saved agent file keeps its last hooks running, and says so; its finding is logged", async () => {
    const user = await home();
    const project = await temp({ ".gemini/settings.json": geminiGuard("old") });
    const plugin = await open(project, user, "run");
    write(project.file(".gemini/settings.json"), '{ "hooks": { "BeforeTool": [');
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await plugin.live.reload([project.file(".gemini/settings.json")]);
    } finally {
      stderr.mockRestore();
    }
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("old ls\n");
    expect(plugin.toasts).toEqual([
      ".gemini/settings.json cannot be read now; its hooks as last read keep running; 1 problem in Gemini CLI's hook files (see the log); the hooks that could be read run",
    ]);
    expect(plugin.logged.some((line) => line.startsWith(".gemini/settings.json:1:") && line.includes("invalid JSON"))).toBe(true);
  });

  it("the start-up cache is keyed by the agents' texts too: an edit made between two starts applies", async () => {
    const user = await home();
    const project = await temp({ ".gemini/settings.json": geminiGuard("first") });
    const first = await open(project, user, "run");
    await first.bash("one");
    first.live.stop();
    expect(readdirSync(path.join(user.dir, ".cache", "hooks2opencode", "live"))).toHaveLength(1);
    write(project.file(".gemini/settings.json"), geminiGuard("second"));
    await (await open(project, user, "run")).bash("two");
    expect(ranLog(project)).toBe("first one\nsecond two\n");
  });
});

describe("trust and generated plugins, as for Claude's hooks", () => {
  it("in an untrusted folder the agents' hooks are held back with Claude's, in one notice; a trust record makes them run", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": claudeLogger, ".gemini/settings.json": geminiGuard("gemini"), ".codex/hooks.json": codexGuard });
    const plugin = await open(project, user, "tui");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("");
    expect(plugin.live.runtime.notice).toBe(
      `1 Claude Code hook, 1 Codex CLI hook and 1 Gemini CLI hook are held back: ${project.dir} is not trusted (neither Claude Code nor hooks2opencode trust was given for this folder). Trust it with: npx hooks2opencode trust ${project.dir}`,
    );
    write(user.trustRecord, { trusted: [project.dir] });
    await plugin.live.reload([]);
    await plugin.bash("pwd");
    expect(ranLog(project).split("\n").filter(Boolean).sort()).toEqual(["claude pwd", "codex pwd", "gemini pwd"]);
  });

  it("leaves an agent file to the project's generated plugin that carries it; one added since convert runs live", async () => {
    const user = await home();
    const project = await temp({ ".claude/settings.json": claudeLogger, ".codex/hooks.json": codexGuard });
    expect((await runCli(["convert", "--project", project.dir], { env: user.env })).exitCode).toBe(0);
    write(project.file(".gemini/settings.json"), geminiGuard("gemini"));
    const plugin = await open(project, user, "run");
    await plugin.bash("ls");
    // Claude's and Codex's hooks are the generated plugin's (not loaded here): only Gemini's ran.
    expect(ranLog(project)).toBe("gemini ls\n");
    expect(plugin.logged).toContain(
      `${project.file(".opencode/plugins/claude-hooks.js")} is a plugin hooks2opencode generated: it runs the project's Claude hooks and those of .codex/hooks.json, so the live plugin leaves them to it`,
    );
    expect(plugin.logged.some((line) => line.startsWith(`live: 1 hook in force for ${project.dir}: 1 Gemini CLI`))).toBe(true);
  });

  it("a --user generated plugin keeps the user's agent files from the live plugin, as it keeps the user's settings", async () => {
    const user = await home();
    write(path.join(user.dir, ".gemini", "settings.json"), geminiGuard("user-gemini"));
    write(path.join(user.dir, ".claude", "settings.json"), {});
    const project = await temp({ ".codex/hooks.json": codexGuard });
    expect((await runCli(["convert", "--user"], { env: user.env, cwd: project.dir })).exitCode).toBe(0);
    const plugin = await open(project, user, "run");
    await plugin.bash("ls");
    expect(ranLog(project)).toBe("codex ls\n");
  });
});
