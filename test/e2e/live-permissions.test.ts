// The live plugin's `permissions` option in the real OpenCode binary: no convert, the packed package
// named in opencode.json with `{ "permissions": true }` reads Claude's rules from .claude/settings.json
// and enforces them as a generated plugin does: a deny rule keeps a read from happening and the model
// reads Claude's message, though a PreToolUse hook (real sh and jq) allowed the call; without the
// option the same project reads the file. In the server (the TUI's host), settings.local.json's allow
// rules wait for the folder's trust, as in Claude Code 2.1.195+: OpenCode asks the user until then.
// `additionalDirectories` reach OpenCode's config: a read outside the project runs without a prompt.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";
import { callId } from "./harness/fake-llm.js";
import { command, scenarios } from "./harness/scenario.js";
import type { ServedSession } from "./harness/served-session.js";

const run = scenarios();

const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
const settings = {
  hooks: {
    PreToolUse: [{ matcher: "Read", hooks: [command(`jq -r .tool_input.file_path >> "$CLAUDE_PROJECT_DIR/hook-saw.txt"; echo '${allow}'`)] }],
  },
  permissions: { deny: ["Read(./.env*)"] },
};
const files = { ".env": "TOKEN=hunter2\n", "notes.txt": "public\n" };
const script = [{ tool: "read", args: { filePath: ".env" } }, { tool: "read", args: { filePath: "notes.txt" } }, { text: "done" }];

describe("the live plugin's permissions option in real OpenCode", () => {
  it("a deny rule on Read(./.env*): the read does not happen, the model reads Claude's message, the hook's allow does not lift it", async () => {
    const s = await run({ live: { config: "project", options: { permissions: true } }, files, settings, script });
    expect(s.toolResult(callId(0, 0))).toBe("Permission to use Read has been denied.");
    expect(s.toolResult(callId(0, 0))).not.toContain("hunter2");
    expect(s.toolResult(callId(1, 0))).toContain("public");
    // Claude runs PreToolUse hooks before its permission check: the hook saw both reads.
    const saw = readFileSync(s.project.file("hook-saw.txt"), "utf8").trim().split("\n");
    expect(saw.map((file) => path.basename(file))).toEqual([".env", "notes.txt"]);
    const log = readFileSync(path.join(s.project.dir, ".e2e-run", "hooks2opencode.log"), "utf8");
    expect(log).toContain("denied by permissions.deny Read(./.env*) at .claude/settings.json:");
    expect(existsSync(s.project.file(".opencode/plugins/claude-hooks.js"))).toBe(false);
  });

  it("without the option the rules stay behind: the same read happens", async () => {
    const s = await run({ live: { config: "project" }, files, settings, script });
    expect(s.toolResult(callId(0, 0))).toContain("hunter2");
  });

  it("in the server, an untrusted folder's settings.local.json allow rule is ignored (OpenCode asks) until `hooks2opencode trust`", async () => {
    const seen: { first?: boolean; second?: boolean; done?: boolean } = {};
    // The plugin answers OpenCode's prompt within milliseconds: a prompt still waiting after 3 s is one it
    // left to the user. Answered then, so that the run goes on either way.
    const leftToUser = async (server: ServedSession) => {
      const asked = await server.pendingPermission();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const waiting = (await (await fetch(`${server.base}/permission`)).json()) as Array<{ id: string }>;
      if (!waiting.some((request) => request.id === asked.id)) return false;
      await server.reply(asked.id, "once");
      return true;
    };
    const drive = async (server: ServedSession, projectDir: string) => {
      seen.first = await leftToUser(server);
      await server.idleAfter(2);
      const runDir = path.join(projectDir, ".e2e-run");
      const env = { ...process.env, XDG_CONFIG_HOME: path.join(runDir, "xdg", "config"), HOME: path.join(runDir, "home") };
      await execa("node", [path.join(REPO_ROOT, "bin", "hooks2opencode.js"), "trust", projectDir], { env });
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the trust record is polled every 500 ms
      // The plugin answers this one at once: the poll may never see it (it ends with the server).
      void leftToUser(server)
        .then((left) => (seen.second = left))
        .catch(() => {});
      await server.prompt("and now the second step");
      await server.idleAfter(4);
      seen.done = true;
    };
    const s = await run({
      live: { config: "global", options: { permissions: true } },
      files: { ".claude/settings.local.json": JSON.stringify({ permissions: { allow: ["Bash(echo *)"] } }) },
      settings: {},
      opencode: () => ({ permission: { bash: "ask" } }),
      script: [
        { tool: "bash", args: { command: "echo one > one.txt", description: "first" } },
        { text: "first done" },
        { tool: "bash", args: { command: "echo two > two.txt", description: "second" } },
        { text: "second done" },
      ],
      serve: { client: "api", drive, settled: () => seen.done === true },
      timeoutMs: 150_000,
    });
    expect(seen.first).toBe(true);
    expect(seen.second).not.toBe(true);
    expect(readFileSync(s.project.file("two.txt"), "utf8")).toBe("two\n");
    const log = readFileSync(path.join(s.project.dir, ".e2e-run", "hooks2opencode.log"), "utf8");
    const notices = log.split("\n").filter((line) => line.includes("permissions.allow rule"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`1 permissions.allow rule of .claude/settings.local.json is ignored: ${s.project.dir} is not trusted`);
    expect(log).toMatch(/allowed by permissions\.allow Bash\(echo \*\) at \.claude\/settings\.local\.json:\d+:\d+/);
  });

  it.each([
    ["with the folder in additionalDirectories: no", true],
    ["without it: the", false],
  ])("in the server, a read outside the project %s external_directory prompt", async (_with, listed) => {
    // Not under the system's temp folder, which OpenCode lets every tool reach without asking.
    mkdirSync(path.join(REPO_ROOT, ".tmp"), { recursive: true });
    const outside = realpathSync(mkdtempSync(path.join(REPO_ROOT, ".tmp", "outside-")));
    writeFileSync(path.join(outside, "doc.txt"), "from outside\n");
    let asked: boolean | undefined;
    let done = false;
    // Polled for 4 s: the plugin writes the rule at start-up, so a prompt that shows up is one OpenCode asks the user; answered, so the run goes on.
    const drive = async (server: ServedSession) => {
      asked = false;
      for (let tries = 0; tries < 16 && !asked; tries++) {
        const pending = (await (await fetch(`${server.base}/permission`)).json()) as Array<{ id: string; permission: string }>;
        const prompt = pending.find((request) => request.permission === "external_directory");
        if (prompt) {
          asked = true;
          await server.reply(prompt.id, "once");
        } else await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await server.idleAfter(1);
      done = true;
    };
    try {
      const s = await run({
        live: { config: "global", options: { permissions: true } },
        files: {},
        settings: listed ? { permissions: { additionalDirectories: [outside] } } : {},
        // The harness allows everything; OpenCode's own default asks before a tool reaches outside the project.
        opencode: () => ({ permission: { external_directory: "ask" } }),
        script: [{ tool: "read", args: { filePath: path.join(outside, "doc.txt") } }, { text: "done" }],
        serve: { client: "api", drive, settled: () => done },
        timeoutMs: 150_000,
      });
      expect(asked).toBe(!listed);
      expect(s.toolResult(callId(0, 0))).toContain("from outside");
      if (listed) expect(readFileSync(path.join(s.project.dir, ".e2e-run", "hooks2opencode.log"), "utf8")).toContain("1 additional directory");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
