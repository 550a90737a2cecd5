// The live door in the real OpenCode binary: the packed package named in opencode.json (no convert,
// no generated file) reads the project's Claude hooks at start-up and runs them on the same runtime;
// settings edits apply mid-session after ConfigChange hooks had their say; in the server (the TUI's
// host) an untrusted project's hooks wait for `trust`; beside a generated plugin, hooks run once;
// other agents' hook files (Gemini's, Codex's) are read live with their own contracts, and reloaded.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";
import { callId, type RecordedRequest } from "./harness/fake-llm.js";
import { command, type Scenario, scenarios } from "./harness/scenario.js";
import type { ServedSession } from "./harness/served-session.js";

const run = scenarios();
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
const userText = (request: RecordedRequest) => JSON.stringify(request.body.messages.filter((message) => message.role === "user"));
const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);
const jsonLines = (file: string) => lines(file).map((line) => JSON.parse(line) as Record<string, unknown>);
const hooksLog = (s: Scenario) => readFileSync(path.join(s.project.dir, ".e2e-run", "hooks2opencode.log"), "utf8");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PreToolUse hook that records each Bash command it sees, one line per call. */
const recordCalls = { matcher: "Bash", hooks: [command('jq -r .tool_input.command >> "$CLAUDE_PROJECT_DIR/pre-calls.txt"')] };
const secondCall = { tool: "bash", args: { command: "echo two > two.txt", description: "second" } };
/** Two turns of one bash call each (the second turn starts at the user's second prompt). */
const twoTurns = [{ tool: "bash", args: { command: "echo one > one.txt", description: "first" } }, { text: "first done" }, secondCall, { text: "second done" }];
/** A first turn that only answers, then a turn with one bash call: what an edit between them must change. */
const answerThenCall = [{ text: "first done" }, secondCall, { text: "second done" }];

/**
 * What the user does in the TUI: a first turn (of `firstTurn` model steps), then `between` (an edit,
 * a command), a pause for the watcher, a second prompt whose turn makes one call.
 */
function secondTurnAfter(firstTurn: number, between: (projectDir: string) => Promise<void>, seen: { before?: string[]; sessionID?: string; done?: boolean }) {
  return async (server: ServedSession, projectDir: string) => {
    await server.idleAfter(firstTurn);
    seen.sessionID = server.id;
    seen.before = lines(path.join(projectDir, "pre-calls.txt"));
    await between(projectDir);
    // The plugin polls every 500 ms and lets a change settle 100 ms: 2 s is ample.
    await sleep(2000);
    await server.prompt("and now the second step");
    await server.idleAfter(firstTurn + 2);
    seen.done = true;
  };
}

describe("the live plugin in real OpenCode", () => {
  it("named in the project's opencode.json, it runs a PreToolUse exit-2 block read from .claude/settings.json", async () => {
    const s = await run({
      live: { config: "project" },
      files: {
        "victim/keep.txt": "precious\n",
        ".claude/hooks/no-rm.sh": "#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' || exit 0\necho 'rm -rf is blocked by project policy' >&2\nexit 2\n",
      },
      settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"')] }] } },
      script: [{ tool: "bash", args: { command: "rm -rf victim", description: "clean" } }, { text: "ok" }],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe('PreToolUse:Bash hook error: ["$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"]: rm -rf is blocked by project policy');
    expect(existsSync(s.project.file(".opencode/plugins/claude-hooks.js"))).toBe(false);
  });

  it("a Stop hook that blocks once makes the model go on, then lets it stop; SessionStart additionalContext reaches the first turn", async () => {
    const gate =
      'cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"; [ -f "$CLAUDE_PROJECT_DIR/done" ] && exit 0; touch "$CLAUDE_PROJECT_DIR/done"; echo "the tests still fail" >&2; exit 2';
    const s = await run({
      live: { config: "project" },
      settings: {
        hooks: {
          SessionStart: [
            {
              matcher: "startup",
              hooks: [command(`jq -c '{hookSpecificOutput: {hookEventName: "SessionStart", additionalContext: ("Live context, source " + .source)}}'`)],
            },
          ],
          Stop: [{ hooks: [command(gate)] }],
        },
      },
      script: [{ text: "first answer" }, { text: "fixed it" }],
    });
    const requests = agentRequests(s);
    expect(requests).toHaveLength(2);
    expect(userText(requests[0]!)).toContain("SessionStart hook additional context: Live context, source startup");
    expect(userText(requests[1]!)).toContain("Stop hook feedback:\\n[");
    expect(userText(requests[1]!)).toContain("the tests still fail");
    const stops = jsonLines(s.project.file("stop-input.jsonl"));
    expect(stops.map((input) => [input.hook_event_name, input.stop_hook_active, input.last_assistant_message])).toEqual([
      ["Stop", false, "first answer"],
      ["Stop", true, "fixed it"],
    ]);
  });
});

describe("settings edited mid-session (opencode serve, driven as the TUI drives it)", () => {
  const logChange = command(`jq -c '{hook_event_name, source, file_path, session_id}' >> "$CLAUDE_PROJECT_DIR/config-change.jsonl"`);

  it("a PreToolUse hook added to .claude/settings.json runs on the next turn's call, after ConfigChange saw the change", async () => {
    const seen: { before?: string[]; sessionID?: string; done?: boolean } = {};
    const edited = { hooks: { ConfigChange: [{ hooks: [logChange] }], PreToolUse: [recordCalls] } };
    const s = await run({
      live: { config: "project" },
      settings: { hooks: { ConfigChange: [{ hooks: [logChange] }] } },
      script: answerThenCall,
      serve: {
        client: "api",
        drive: secondTurnAfter(1, (dir) => writeFile(path.join(dir, ".claude", "settings.json"), JSON.stringify(edited, null, 2)), seen),
        settled: () => seen.done === true,
      },
      timeoutMs: 150_000,
    });
    expect(lines(s.project.file("pre-calls.txt"))).toEqual(["echo two > two.txt"]);
    expect(jsonLines(s.project.file("config-change.jsonl"))).toEqual([
      { hook_event_name: "ConfigChange", source: "project_settings", file_path: s.project.file(".claude/settings.json"), session_id: seen.sessionID },
    ]);
  });

  it("a ConfigChange hook that exits 2 keeps the added hook from applying", async () => {
    const seen: { before?: string[]; sessionID?: string; done?: boolean } = {};
    const refuse = command('cat >> "$CLAUDE_PROJECT_DIR/config-change.jsonl"; echo "settings are frozen during the release" >&2; exit 2');
    const edited = { hooks: { ConfigChange: [{ hooks: [refuse] }], PreToolUse: [recordCalls] } };
    const s = await run({
      live: { config: "project" },
      settings: { hooks: { ConfigChange: [{ hooks: [refuse] }] } },
      script: answerThenCall,
      serve: {
        client: "api",
        drive: secondTurnAfter(1, (dir) => writeFile(path.join(dir, ".claude", "settings.json"), JSON.stringify(edited, null, 2)), seen),
        settled: () => seen.done === true,
      },
      timeoutMs: 150_000,
    });
    // The change was seen and refused: the second turn's call ran, without the added hook.
    expect(jsonLines(s.project.file("config-change.jsonl"))).toEqual([
      expect.objectContaining({ hook_event_name: "ConfigChange", source: "project_settings" }),
    ]);
    expect(readFileSync(s.project.file("two.txt"), "utf8")).toBe("two\n");
    expect(existsSync(s.project.file("pre-calls.txt"))).toBe(false);
    expect(hooksLog(s)).toContain(`a ConfigChange hook kept the change to ${s.project.file(".claude/settings.json")} from applying`);
  });
});

describe("trust in the server (the TUI's host), with the plugin named only in the global config", () => {
  it("an untrusted project's hooks are held back, with the trust command in the log; after `hooks2opencode trust` they run", async () => {
    const seen: { before?: string[]; sessionID?: string; done?: boolean } = {};
    const trust = async (dir: string) => {
      const runDir = path.join(dir, ".e2e-run");
      const env = { ...process.env, XDG_CONFIG_HOME: path.join(runDir, "xdg", "config"), HOME: path.join(runDir, "home") };
      await execa("node", [path.join(REPO_ROOT, "bin", "hooks2opencode.js"), "trust", dir], { env });
    };
    const s = await run({
      live: { config: "global" },
      settings: { hooks: { PreToolUse: [recordCalls] } },
      script: twoTurns,
      serve: { client: "api", drive: secondTurnAfter(2, trust, seen), settled: () => seen.done === true },
      timeoutMs: 150_000,
    });
    expect(seen.before).toEqual([]);
    expect(readFileSync(s.project.file("one.txt"), "utf8")).toBe("one\n");
    // One log line (with its toast, at the first prompt): the count held back and the command that trusts.
    const notices = hooksLog(s)
      .split("\n")
      .filter((line) => line.includes("held back"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`1 Claude Code hook is held back: ${s.project.dir} is not trusted`);
    expect(notices[0]).toContain(`Trust it with: npx hooks2opencode trust ${s.project.dir}`);
    expect(lines(s.project.file("pre-calls.txt"))).toEqual(["echo two > two.txt"]);
  });

  it("a project Claude Code trusts (~/.claude.json) runs its hooks", async () => {
    const s = await run({
      live: { config: "global" },
      settings: { hooks: { PreToolUse: [recordCalls] } },
      script: twoTurns.slice(0, 2),
      before: async (projectDir, runDir) => {
        await mkdir(path.join(runDir, "home"), { recursive: true });
        await writeFile(path.join(runDir, "home", ".claude.json"), JSON.stringify({ projects: { [projectDir]: { hasTrustDialogAccepted: true } } }));
      },
      // PreToolUse runs before the call, so before the model's second request.
      serve: { client: "api", settled: (llm) => llm.requests.filter((request) => request.kind === "agent").length >= 2 },
    });
    expect(lines(s.project.file("pre-calls.txt"))).toEqual(["echo one > one.txt"]);
    expect(hooksLog(s)).toContain(`(trusted: Claude Code trusts ${s.project.dir})`);
  });
});

describe("both doors in one project", () => {
  it("with the generated plugin and the live plugin both loaded, each hook runs once per call; the live plugin says it left them", async () => {
    const s = await run({
      live: { config: "project", withGenerated: true },
      settings: { hooks: { PreToolUse: [recordCalls] } },
      script: [
        { tool: "bash", args: { command: "echo one > one.txt", description: "first" } },
        { tool: "bash", args: { command: "echo two > two.txt", description: "second" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file(".opencode/plugins/claude-hooks.js"))).toBe(true);
    expect(await readFile(s.project.file("pre-calls.txt"), "utf8")).toBe("echo one > one.txt\necho two > two.txt\n");
    expect(hooksLog(s)).toContain(
      `${s.project.file(".opencode/plugins/claude-hooks.js")} is a plugin hooks2opencode generated: it runs the project's Claude hooks, so the live plugin leaves them to it`,
    );
  });
});

describe("other agents' hooks, read live (no convert)", () => {
  it("a Gemini BeforeTool guard and a Codex Stop gate run with their own contracts; an edit of .gemini/settings.json mid-session applies", async () => {
    const guard = `#!/usr/bin/env bash\ncase "$(jq -r '.tool_input.command')" in *"rm -rf"*) echo "rm -rf is not allowed" >&2; exit 2 ;; esac\nexit 0\n`;
    const gate = [
      "#!/bin/sh",
      "cat >> stop-input.jsonl; echo >> stop-input.jsonl",
      "[ -f tests-pass ] && exit 0",
      "touch tests-pass",
      `printf '%s' '{"decision":"block","reason":"2 tests fail"}'`,
    ].join("\n");
    const guarded = {
      BeforeTool: [{ matcher: "run_shell_command", hooks: [{ ...command("bash $GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh"), timeout: 10000 }] }],
    };
    // Added mid-session: records each shell call as Gemini names it.
    const recorder = {
      matcher: "run_shell_command",
      hooks: [command(`jq -r '.tool_name + " " + .tool_input.command' >> "$GEMINI_PROJECT_DIR/gemini-calls.txt"`)],
    };
    const seen: { done?: boolean } = {};
    const s = await run({
      live: { config: "project" },
      settings: {},
      files: {
        "victim/keep.txt": "precious\n",
        ".gemini/hooks/guard.sh": guard,
        ".gemini/settings.json": { hooks: guarded },
        ".codex/hooks/gate.sh": `${gate}\n`,
        ".codex/hooks.json": { hooks: { Stop: [{ hooks: [command("sh .codex/hooks/gate.sh")] }] } },
      },
      env: { SHELL: "/bin/sh" },
      // Turn 1: the blocked rm -rf, an answer the gate sends back, the answer after it; turn 2: one call, an answer.
      script: [
        { tool: "bash", args: { command: "rm -rf victim", description: "clean" } },
        { text: "first done" },
        { text: "fixed it" },
        secondCall,
        { text: "second done" },
      ],
      serve: {
        client: "api",
        drive: async (server, projectDir) => {
          await server.idleAfter(3);
          await writeFile(
            path.join(projectDir, ".gemini", "settings.json"),
            JSON.stringify({ hooks: { BeforeTool: [...guarded.BeforeTool, recorder] } }, null, 2),
          );
          // The plugin polls every 500 ms and lets a change settle 100 ms: 2 s is ample.
          await sleep(2000);
          await server.prompt("and now the second step");
          await server.idleAfter(5);
          seen.done = true;
        },
        settled: () => seen.done === true,
      },
      timeoutMs: 200_000,
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe("Tool execution blocked: rm -rf is not allowed");
    const requests = agentRequests(s);
    expect(requests).toHaveLength(5);
    expect(JSON.stringify(requests[2]!.body.messages.findLast((message) => message.role === "user")?.content)).toContain(
      '<hook_prompt hook_run_id=\\"stop:0:.codex/hooks.json\\">2 tests fail</hook_prompt>',
    );
    // Codex's stdin: its own event name and fields, the first turn's gate not yet active.
    const stops = jsonLines(s.project.file("stop-input.jsonl"));
    expect(stops[0]).toMatchObject({ hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "first done" });
    expect(stops[0]).toHaveProperty("turn_id");
    // The edit applied to the second turn's call only, with Gemini's tool name.
    expect(lines(s.project.file("gemini-calls.txt"))).toEqual(["run_shell_command echo two > two.txt"]);
    expect(hooksLog(s)).toContain(`live: 2 hooks in force for ${s.project.dir}: 1 Codex CLI, 1 Gemini CLI (trusted:`);
    expect(hooksLog(s)).toContain(`live: 3 hooks in force for ${s.project.dir}: 1 Codex CLI, 2 Gemini CLI (trusted:`);
  }, 240_000);
});
