// `hooks2opencode test`, the offline simulator, through the real command line, on real sh and jq
// hooks: the reference's cases (exit 2, a deny decision, updatedInput, additionalContext, a timeout,
// an `if` that does not match) and the lifecycle events, each with its exit code and JSON report.
import { readFile } from "node:fs/promises";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { FIRE_FLAGS, flagSpec } from "../../cli/simulate/fire-options.js";
import { flagHelp, stopHookActiveHelp } from "../../cli/simulate/scenarios.js";
import { BIN, runCli as cli, tempProjects } from "../helpers/cli.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("test-command-");
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });
const denyJson = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no pushes" } });

async function fire(dir: string, args: string[]) {
  const text = await cli(["test", ...args, "--project", dir]);
  const json = await cli(["test", ...args, "--json", "--project", dir]);
  return { text, json: JSON.parse(json.stdout), jsonExit: json.exitCode };
}

describe("hooks2opencode test: tool events", () => {
  it("exit 2 blocks the call: the stderr OpenCode shows, exit 1; the handler a matcher rules out is named with the reason", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [
          { matcher: "Bash", hooks: [command(`jq -r '.tool_input.command' | grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`)] },
          { matcher: "Edit|Write", hooks: [command("echo edit-guard")] },
        ],
      }),
    });
    const { text, json, jsonExit } = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"rm -rf /"}']);
    expect([text.exitCode, jsonExit]).toEqual([1, 1]);
    expect(text.stdout).toContain("skipped [echo edit-guard] at .claude/settings.json:");
    expect(text.stdout).toContain('matcher "Edit|Write" does not match "Bash"');
    expect(text.stdout).toMatch(/ran {5}\[jq .*: matcher "Bash" matches "Bash"\n {10}exit 2 in \d+ ms\n {10}stderr: no rm -rf\n/);
    expect(text.stdout).toContain('blocked: it does not happen; OpenCode shows "PreToolUse:Bash hook error: [jq');
    expect(text.stdout.trim().split("\n").at(-1)).toBe("Outcome: blocked (exit 1)");
    expect(json).toMatchObject({
      event: "PreToolUse",
      outcome: "blocked",
      exitCode: 1,
      firings: [
        {
          matchValue: "Bash",
          toolInput: { command: "rm -rf /" },
          handlers: [
            { ran: true, exitCode: 2, stderr: "no rm -rf\n", result: "blocking" },
            { ran: false, handler: "echo edit-guard" },
          ],
        },
      ],
      effects: [{ kind: "blocked" }],
    });
    const safe = await cli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}', "--project", p.dir]);
    expect(safe.exitCode).toBe(0);
    expect(safe.stdout).toContain("none: OpenCode goes on as if there were no hooks");
    expect(safe.stdout).toContain("Outcome: went through (exit 0)");
  });

  it("a deny decision in JSON, and an `if` that does not match this call", async () => {
    const p = await project({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${denyJson}'`, { if: "Bash(git push*)" })] }] }),
    });
    const push = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"git push origin main"}']);
    expect(push.text.exitCode).toBe(1);
    expect(push.text.stdout).toContain('if "Bash(git push*)" matches this call');
    expect(push.json.effects).toEqual([{ kind: "blocked", message: "PreToolUse:Bash hook error: no pushes" }]);
    const status = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"git status"}']);
    expect(status.text.exitCode).toBe(0);
    expect(status.text.stdout).toContain('if "Bash(git push*)" does not match this call');
    expect(status.json).toMatchObject({ outcome: "no hook ran", exitCode: 0, firings: [{ handlers: [{ ran: false }] }] });
  });

  it("updatedInput rewrites the args OpenCode runs, shown in Claude's names; additionalContext is appended to the tool result", async () => {
    const rewrite = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { file_path: "safe.txt", content: "x" } },
    });
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "run the linter next" } });
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Write", hooks: [command(`echo '${rewrite}'`)] }],
        PostToolUse: [{ matcher: "Write", hooks: [command(`echo '${context}'`)] }],
      }),
    });
    const pre = await fire(p.dir, ["PreToolUse", "--tool", "Write", "--input", '{"file_path":"other.txt","content":"x"}']);
    expect(pre.text.exitCode).toBe(0);
    expect(pre.json.effects[0]).toMatchObject({ kind: "args rewritten", toolInput: { content: "x" }, args: { content: "x" } });
    expect(pre.json.effects[0].toolInput.file_path).toMatch(/safe\.txt$/);
    expect(pre.json.effects[0].args.filePath).toMatch(/safe\.txt$/);
    expect(pre.text.stdout).toContain("the tool runs with rewritten input: {");
    const post = await fire(p.dir, ["PostToolUse", "--tool", "write", "--input", '{"filePath":"a.txt","content":"x"}', "--output", "Wrote file successfully."]);
    expect(post.text.exitCode).toBe(0);
    expect(post.json.firings[0].matchValue).toBe("Write"); // an OpenCode id is shown to hooks under Claude's name
    expect(post.json.effects).toEqual([expect.objectContaining({ kind: "tool result", appended: expect.stringContaining("run the linter next") })]);
  });

  it("a hook that times out fails without blocking: exit 3, reported as cancelled", async () => {
    const p = await project({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command("sleep 5", { timeout: 1 })] }] }) });
    const started = Date.now();
    const { text, json } = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}']);
    expect(Date.now() - started).toBeLessThan(8000); // two runs of a 1 s timeout, not two of 5 s
    expect(text.exitCode).toBe(3);
    expect(text.stdout).toContain("(timed out)");
    expect(json).toMatchObject({ outcome: "hook failed", exitCode: 3, firings: [{ handlers: [{ ran: true, result: "cancelled" }] }] });
  });

  it("takes the input from a file or stdin, and says what is wrong with bad input (exit 2)", async () => {
    const p = await project({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command("jq -e '.tool_input.command == \"ls\"' >/dev/null || exit 2")] }] }),
      "input.json": { command: "ls" },
    });
    expect((await cli(["test", "PreToolUse", "--tool", "Bash", "--input", `@${p.file("input.json")}`, "--project", p.dir])).exitCode).toBe(0);
    const piped = await execa("node", [BIN, "test", "PreToolUse", "--tool", "Bash", "--input", "-", "--project", p.dir], {
      input: '{"command":"ls"}',
      reject: false,
    });
    expect(piped.exitCode).toBe(0);
    const bad = await cli(["test", "PreToolUse", "--tool", "Bash", "--input", "{command}", "--project", p.dir]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--input: not JSON");
    const typo = await cli(["test", "preToolUse", "--project", p.dir]);
    expect([typo.exitCode, typo.stderr]).toEqual([2, expect.stringContaining('unknown event "preToolUse"; did you mean "PreToolUse"?')]);
    const noTool = await cli(["test", "PreToolUse", "--project", p.dir]);
    expect([noTool.exitCode, noTool.stderr]).toEqual([2, expect.stringContaining("PreToolUse needs --tool")]);
    const never = await cli(["test", "TeammateIdle", "--project", p.dir]);
    expect([never.exitCode, never.stderr]).toEqual([
      2,
      expect.stringContaining("TeammateIdle hooks do not run in OpenCode: OpenCode 1.18.33 has no matching event"),
    ]);
  });
});

describe("hooks2opencode test: what a PreToolUse permission decision does in OpenCode", () => {
  const decision = (which: string) =>
    command(
      `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: which, permissionDecisionReason: `${which} it` } })}'`,
    );

  it("ask: not run now; the session gets the rule that makes OpenCode ask the user when the model makes the call again: exit 1", async () => {
    const p = await project({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [decision("ask")] }] }) });
    const { text, json, jsonExit } = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"git commit -m wip"}']);
    expect([text.exitCode, jsonExit]).toEqual([1, 1]);
    expect(text.stdout).toContain(`blocked: it does not happen; OpenCode shows "This call needs the user's approval (a PreToolUse hook asked for it)`);
    expect(text.stdout).toContain(
      'the session gets the permission rule bash "git commit -m wip": ask. When the model makes this call again in a later turn (after the user\'s next message), OpenCode asks the user, and their answer decides',
    );
    expect(text.stdout).not.toContain("went through");
    expect(json.effects).toEqual(
      expect.arrayContaining([
        { kind: "permission rule", permission: "bash", pattern: "git commit -m wip", action: "ask" },
        expect.objectContaining({ kind: "blocked" }),
      ]),
    );
  });

  it('allow: OpenCode\'s own prompt for the call, if its rules ask, is answered "once": exit 0', async () => {
    const p = await project({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [decision("allow")] }] }) });
    const { text, json, jsonExit } = await fire(p.dir, ["PreToolUse", "--tool", "Bash", "--input", '{"command":"git push"}']);
    expect([text.exitCode, jsonExit]).toEqual([0, 0]);
    expect(text.stdout).toContain(`if OpenCode's permission rules ask for this call, the plugin answers that prompt "once": it runs without asking the user`);
    expect(json.effects).toEqual(expect.arrayContaining([{ kind: "permission answer", reply: "once", ifAsked: true }]));
  });
});

describe("hooks2opencode test: lifecycle events", () => {
  it("Stop: a blocking hook sends the agent back with its stderr as the next prompt; it sees last_assistant_message", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        Stop: [
          {
            hooks: [
              command(`jq -e '.last_assistant_message == "All done." and .stop_hook_active == false' >/dev/null && { echo 'tests fail' >&2; exit 2; }; exit 0`),
            ],
          },
        ],
      }),
    });
    const { text, json } = await fire(p.dir, ["Stop", "--last-message", "All done."]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain("a new turn starts with this as the user's message:");
    expect(json.effects).toEqual([{ kind: "new turn", text: expect.stringMatching(/^Stop hook feedback:\n.*tests fail$/s) }]);
    expect((await cli(["test", "Stop", "--last-message", "Not yet.", "--project", p.dir])).exitCode).toBe(0);
  });

  it("UserPromptSubmit: context is added after the prompt, a block keeps the prompt from the model", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        UserPromptSubmit: [{ hooks: [command(`jq -r .prompt | grep -q secret && { echo 'no secrets' >&2; exit 2; }; echo 'branch: main'`)] }],
      }),
    });
    const hello = await fire(p.dir, ["UserPromptSubmit", "--prompt", "hello"]);
    expect(hello.text.exitCode).toBe(0);
    expect(hello.json.effects).toEqual([{ kind: "context", where: "after the prompt", text: expect.stringContaining("branch: main") }]);
    const secret = await fire(p.dir, ["UserPromptSubmit", "--prompt", "my secret"]);
    expect(secret.text.exitCode).toBe(1);
    expect(secret.json.effects).toEqual(
      expect.arrayContaining([
        { kind: "prompt blocked" },
        { kind: "abort" },
        expect.objectContaining({ kind: "toast", text: expect.stringContaining("no secrets") }),
      ]),
    );
  });

  it("SessionStart: the matcher is tested against the source, the context goes before the first prompt", async () => {
    const p = await project({ ".claude/settings.json": settings({ SessionStart: [{ matcher: "startup", hooks: [command("jq -r .source")] }] }) });
    const startup = await fire(p.dir, ["SessionStart"]);
    expect(startup.text.exitCode).toBe(0);
    expect(startup.json.effects).toEqual([{ kind: "context", where: "before the prompt", text: expect.stringContaining("startup") }]);
    const resume = await fire(p.dir, ["SessionStart", "--source", "resume"]);
    expect(resume.text.stdout).toContain('matcher "startup" does not match "resume"');
    expect(resume.json.effects).toEqual([]);
  });

  it("SessionStart: what the hook exports through CLAUDE_ENV_FILE is shown as the variables later bash calls get", async () => {
    const p = await project({
      ".claude/settings.json": settings({ SessionStart: [{ hooks: [command(`echo 'export BUILD_PROFILE=ci' >> "$CLAUDE_ENV_FILE"`)] }] }),
    });
    const { text, json } = await fire(p.dir, ["SessionStart"]);
    expect(text.exitCode).toBe(0);
    expect(json.effects).toEqual([{ kind: "env", env: expect.objectContaining({ BUILD_PROFILE: "ci" }) }]);
    expect(text.stdout).toContain('later bash commands of the session get BUILD_PROFILE="ci"');
  });

  it("PermissionRequest: a deny answers OpenCode's prompt with reject and the reason", async () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "not here" } } });
    const p = await project({ ".claude/settings.json": settings({ PermissionRequest: [{ matcher: "Bash", hooks: [command(`echo '${deny}'`)] }] }) });
    const { text, json } = await fire(p.dir, ["PermissionRequest", "--tool", "Bash", "--input", '{"command":"git push"}']);
    expect(text.exitCode).toBe(1);
    expect(json.effects).toEqual([expect.objectContaining({ kind: "permission answer", reply: "reject", message: expect.stringContaining("not here") })]);
  });
});

describe("hooks2opencode test: the events of a live session, fired through the plugin's own channels", () => {
  const record = (name: string, then = "") => command(`cat > "$CLAUDE_PROJECT_DIR/${name}.json"${then ? `; ${then}` : ""}`);
  const recorded = async (p: { file(relative: string): string }, name: string) => JSON.parse(await readFile(p.file(`${name}.json`), "utf8"));

  it("PostToolUseFailure, a Bash command that exited non-zero: Claude's error text; exit 2 feeds stderr to the model, which blocks nothing", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PostToolUseFailure: [
          { matcher: "Bash", hooks: [record("failure", "echo 'read the test log' >&2; exit 2")] },
          { matcher: "Read", hooks: [command("echo read-only")] },
        ],
      }),
    });
    const { text, json, jsonExit } = await fire(p.dir, [
      "PostToolUseFailure",
      "--tool",
      "Bash",
      "--input",
      '{"command":"npm test"}',
      "--exit",
      "3",
      "--output",
      "2 failing",
    ]);
    expect([text.exitCode, jsonExit]).toEqual([0, 0]);
    expect(await recorded(p, "failure")).toMatchObject({
      hook_event_name: "PostToolUseFailure",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_use_id: expect.any(String),
      error: "Exit code 3\n2 failing",
      is_interrupt: false,
    });
    expect(text.stdout).toContain('matcher "Read" does not match "Bash"');
    expect(json.firings[0].handlers.map((handler: { ran: boolean }) => handler.ran)).toEqual([true, false]);
    expect(json.effects).toEqual([{ kind: "tool result", text: expect.any(String), appended: expect.stringContaining("read the test log") }]);
    await fire(p.dir, ["PostToolUseFailure", "--tool", "Bash", "--input", '{"command":"false"}']);
    expect((await recorded(p, "failure")).error).toBe("Exit code 1");
  });

  it("PostToolUseFailure, a tool error: message.part.updated of the failed call; the feedback reaches the next model request", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "create it first" } });
    const p = await project({
      ".claude/settings.json": settings({ PostToolUseFailure: [{ matcher: "Read", hooks: [record("failure", `echo '${context}'`)] }] }),
    });
    const { text, json } = await fire(p.dir, [
      "PostToolUseFailure",
      "--tool",
      "Read",
      "--input",
      '{"file_path":"missing.txt"}',
      "--error",
      "File not found: missing.txt",
    ]);
    expect(text.exitCode).toBe(0);
    const input = await recorded(p, "failure");
    expect(input).toMatchObject({ tool_name: "Read", error: "File not found: missing.txt", is_interrupt: false, tool_use_id: expect.any(String) });
    expect(input.tool_input.file_path).toBe(p.file("missing.txt"));
    expect(json.effects).toEqual([
      {
        kind: "request context",
        where: "after the error of the read call",
        text: expect.stringContaining("PostToolUseFailure:Read hook additional context: create it first"),
      },
    ]);
    expect(text.stdout).toContain("added to the model request after the error of the read call, in this request and every later one:");
    await fire(p.dir, ["PostToolUseFailure", "--tool", "Read", "--input", '{"file_path":"a"}', "--error", "Tool execution aborted"]);
    expect((await recorded(p, "failure")).is_interrupt).toBe(true);
    // A permission the user rejected is no failure for Claude: the event does not happen.
    const rejected = await fire(p.dir, ["PostToolUseFailure", "--tool", "Read", "--error", "The user rejected permission to use this specific tool call."]);
    expect(rejected.json).toMatchObject({ outcome: "no hook ran", firings: [] });
  });

  it("SubagentStop: the subagent's fields; the matcher is its agent type; a block sends the subagent (not the main session) back to work: exit 1", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        SubagentStop: [
          {
            matcher: "Explore",
            hooks: [
              record(
                "subagent",
                `cp "$(jq -r .agent_transcript_path "$CLAUDE_PROJECT_DIR/subagent.json")" "$CLAUDE_PROJECT_DIR/agent.jsonl"; echo 'check the tests too' >&2; exit 2`,
              ),
            ],
          },
        ],
      }),
    });
    const { text, json, jsonExit } = await fire(p.dir, [
      "SubagentStop",
      "--agent-type",
      "explore",
      "--prompt",
      "find the tests",
      "--last-message",
      "Found 3 test files.",
    ]);
    expect([text.exitCode, jsonExit]).toEqual([1, 1]);
    const input = await recorded(p, "subagent");
    expect(input).toMatchObject({
      hook_event_name: "SubagentStop",
      stop_hook_active: false,
      agent_id: expect.any(String),
      agent_type: "Explore",
      agent_transcript_path: expect.stringMatching(/\.jsonl$/),
      last_assistant_message: "Found 3 test files.",
    });
    expect(input.agent_id).not.toBe(input.session_id);
    expect(await readFile(p.file("agent.jsonl"), "utf8")).toContain("Found 3 test files.");
    expect(json.firings).toHaveLength(1); // sent back once, and not run again when OpenCode closes under the new turn
    expect(json.effects).toEqual([
      { kind: "new turn", subagent: "explore", text: expect.stringMatching(/^SubagentStop hook feedback:\n.*check the tests too$/s) },
    ]);
    expect(text.stdout).toContain("the subagent (@explore) is sent back to work, with this as its next user message");
    expect(text.stdout).toContain("Outcome: blocked (exit 1)");
    const general = await fire(p.dir, ["SubagentStop"]);
    expect([general.text.exitCode, general.json.outcome]).toEqual([0, "no hook ran"]);
    expect(general.text.stdout).toContain('matcher "Explore" does not match "general-purpose"');
  });

  it("SubagentStart: agent_id and agent_type; its context goes to the subagent's first prompt", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "use the fast path" } });
    const p = await project({
      ".claude/settings.json": settings({ SubagentStart: [{ matcher: "general-purpose", hooks: [record("start", `echo '${context}'`)] }] }),
    });
    const { text, json } = await fire(p.dir, ["SubagentStart", "--prompt", "look around"]);
    expect(text.exitCode).toBe(0);
    expect(await recorded(p, "start")).toMatchObject({ hook_event_name: "SubagentStart", agent_id: expect.any(String), agent_type: "general-purpose" });
    expect(json.effects).toEqual([
      {
        kind: "context",
        where: "before the prompt",
        subagent: "general",
        text: expect.stringContaining("SubagentStart hook additional context: use the fast path"),
      },
    ]);
    expect(text.stdout).toContain("added to the subagent's first prompt (before the prompt)");
    expect((await fire(p.dir, ["SubagentStart", "--agent-type", "explore"])).json.outcome).toBe("no hook ran");
  });

  it("agents under Claude's names: an Explore matcher fires for OpenCode's explore, --agent-type takes either name, an Agent call's subagent_type both ways", async () => {
    const seen = command(`jq -r '.hook_event_name + " " + .agent_type' >> "$CLAUDE_PROJECT_DIR/seen.txt"`);
    const rewrite = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { description: "d", prompt: "p", subagent_type: "Explore" } },
    });
    const p = await project({
      ".claude/settings.json": settings({
        SubagentStart: [{ matcher: "Explore", hooks: [seen] }],
        SubagentStop: [{ matcher: "general-purpose", hooks: [seen] }],
        PreToolUse: [
          {
            matcher: "Agent",
            hooks: [command(`jq -r .tool_input.subagent_type >> "$CLAUDE_PROJECT_DIR/seen.txt"; echo '${rewrite}'`, { if: "Agent(general-purpose)" })],
          },
        ],
      }),
    });
    const json = async (args: string[]) => JSON.parse((await cli(["test", ...args, "--json", "--project", p.dir])).stdout);
    // Claude's name or OpenCode's names OpenCode's explore; the default is general-purpose (OpenCode's general).
    const starts = [await json(["SubagentStart", "--agent-type", "Explore"]), await json(["SubagentStart", "--agent-type", "explore"])];
    const start = await cli(["test", "SubagentStart", "--project", p.dir]);
    const stop = await json(["SubagentStop"]);
    // The model's task call names OpenCode's general: the hook sees general-purpose, and its Explore runs OpenCode's explore.
    const call = await json(["PreToolUse", "--tool", "task", "--input", '{"description":"d","prompt":"p","subagent_type":"general"}']);
    expect((await readFile(p.file("seen.txt"), "utf8")).trim().split("\n")).toEqual([
      "SubagentStart Explore",
      "SubagentStart Explore",
      "SubagentStop general-purpose",
      "general-purpose",
    ]);
    expect(starts.map((each) => each.firings[0].matchValue)).toEqual(["Explore", "Explore"]);
    expect(start.stdout.split("\n")[0]).toBe("SubagentStart (@general subagent)");
    expect(start.stdout).toContain('matcher "Explore" does not match "general-purpose"');
    expect(stop.firings[0]).toMatchObject({ matchValue: "general-purpose", handlers: [{ ran: true, exitCode: 0 }] });
    expect(call.effects[0]).toMatchObject({ kind: "args rewritten", args: { subagent_type: "explore" }, toolInput: { subagent_type: "Explore" } });
  });

  it("SessionEnd: a deleted session ends with reason other, OpenCode's exit with prompt_input_exit; the matcher is the reason", async () => {
    const p = await project({
      ".claude/settings.json": settings({ SessionEnd: [{ matcher: "prompt_input_exit", hooks: [record("end", "exit 2")] }, { hooks: [record("any-end")] }] }),
    });
    const deleted = await fire(p.dir, ["SessionEnd"]);
    expect(deleted.text.exitCode).toBe(0);
    expect(await recorded(p, "any-end")).toMatchObject({ hook_event_name: "SessionEnd", reason: "other" });
    expect(deleted.text.stdout).toContain('matcher "prompt_input_exit" does not match "other"');
    const exited = await fire(p.dir, ["SessionEnd", "--reason", "prompt_input_exit"]);
    expect(exited.text.exitCode).toBe(0); // SessionEnd cannot block: its output is ignored
    expect(await recorded(p, "end")).toMatchObject({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" });
    expect(exited.json.firings[0].handlers.map((handler: { ran: boolean }) => handler.ran)).toEqual([true, true]);
    const clear = await cli(["test", "SessionEnd", "--reason", "clear", "--project", p.dir]);
    expect([clear.exitCode, clear.stderr]).toEqual([
      2,
      expect.stringContaining("--reason clear: OpenCode ends no session this way (test fires other or prompt_input_exit)"),
    ]);
  });

  it("StopFailure: the error type derived from OpenCode's error, its details; the matcher is the type; output is ignored", async () => {
    const p = await project({
      ".claude/settings.json": settings({ StopFailure: [{ matcher: "rate_limit|overloaded", hooks: [record("failure", "exit 2")] }] }),
    });
    const { text, json } = await fire(p.dir, ["StopFailure", "--error-type", "rate_limit", "--error", "429 Too Many Requests"]);
    expect(text.exitCode).toBe(0);
    expect(await recorded(p, "failure")).toMatchObject({
      hook_event_name: "StopFailure",
      error: "rate_limit",
      error_details: "429 Too Many Requests",
      last_assistant_message: "429 Too Many Requests",
    });
    expect(json.firings[0]).toMatchObject({ matchValue: "rate_limit", handlers: [{ ran: true, exitCode: 2 }] });
    expect(json.effects).toEqual([{ kind: "log", level: "warn", text: expect.stringContaining("StopFailure hook error: [cat") }]);
    expect((await fire(p.dir, ["StopFailure"])).text.stdout).toContain('matcher "rate_limit|overloaded" does not match "unknown"');
    const never = await cli(["test", "StopFailure", "--error-type", "account_on_hold", "--project", p.dir]);
    expect([never.exitCode, never.stderr]).toEqual([2, expect.stringContaining("--error-type account_on_hold: OpenCode reports no such error")]);
  });

  it("PostCompact: trigger and compact_summary; the matcher is the trigger", async () => {
    const p = await project({ ".claude/settings.json": settings({ PostCompact: [{ matcher: "manual", hooks: [record("compacted")] }] }) });
    const manual = await fire(p.dir, ["PostCompact", "--trigger", "manual", "--summary", "We fixed the build."]);
    expect(manual.text.exitCode).toBe(0);
    expect(await recorded(p, "compacted")).toMatchObject({ hook_event_name: "PostCompact", trigger: "manual", compact_summary: "We fixed the build." });
    expect((await fire(p.dir, ["PostCompact"])).json).toMatchObject({ outcome: "no hook ran", firings: [{ matchValue: "auto" }] });
  });

  it("UserPromptExpansion: the command's fields; plain stdout joins the prompt; a block keeps the expanded prompt from the model: exit 1", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        UserPromptExpansion: [
          {
            matcher: "deploy|greet",
            hooks: [
              record(
                "expansion",
                `jq -e '.command_name == "deploy"' >/dev/null <"$CLAUDE_PROJECT_DIR/expansion.json" && { echo 'no deploys today' >&2; exit 2; }; echo 'say hi back'`,
              ),
            ],
          },
        ],
      }),
    });
    const greet = await fire(p.dir, ["UserPromptExpansion", "--command", "/greet", "--arguments", "Ada", "--prompt", "Greet Ada warmly."]);
    expect(greet.text.exitCode).toBe(0);
    expect(await recorded(p, "expansion")).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      expansion_type: "slash_command",
      command_name: "greet",
      command_args: "Ada",
      prompt: "Greet Ada warmly.",
    });
    expect(greet.json.effects).toEqual([{ kind: "context", where: "after the prompt", text: expect.stringContaining("say hi back") }]);
    const deploy = await fire(p.dir, ["UserPromptExpansion", "--command", "deploy"]);
    expect([deploy.text.exitCode, deploy.jsonExit]).toEqual([1, 1]);
    expect(deploy.json.effects).toEqual(
      expect.arrayContaining([
        { kind: "prompt blocked" },
        { kind: "abort" },
        expect.objectContaining({ kind: "toast", text: expect.stringContaining("no deploys today") }),
      ]),
    );
    expect((await fire(p.dir, ["UserPromptExpansion", "--command", "review"])).json.outcome).toBe("no hook ran");
    const missing = await cli(["test", "UserPromptExpansion", "--project", p.dir]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringContaining("UserPromptExpansion needs --command")]);
  });

  it("PostToolBatch: tool_calls with what the model sees; context joins the request; a block stops the loop before the next model call: exit 1", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "now run the linter" } });
    const p = await project({
      ".claude/settings.json": settings({
        PostToolBatch: [
          {
            hooks: [
              record(
                "batch",
                `jq -e '.tool_calls[0].tool_response | test("FAIL")' >/dev/null <"$CLAUDE_PROJECT_DIR/batch.json" && { echo 'stop: tests fail' >&2; exit 2; }; echo '${context}'`,
              ),
            ],
          },
        ],
      }),
    });
    const passed = await fire(p.dir, ["PostToolBatch", "--tool", "Bash", "--input", '{"command":"npm test"}', "--output", "ok 12 tests"]);
    expect(passed.text.exitCode).toBe(0);
    expect(await recorded(p, "batch")).toMatchObject({
      hook_event_name: "PostToolBatch",
      tool_calls: [{ tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: expect.any(String), tool_response: "ok 12 tests" }],
    });
    expect(passed.json.effects).toEqual([
      { kind: "request context", where: "after the result of the bash call", text: expect.stringContaining("now run the linter") },
    ]);
    const failed = await fire(p.dir, ["PostToolBatch", "--tool", "Bash", "--input", '{"command":"npm test"}', "--output", "FAIL 2 tests"]);
    expect([failed.text.exitCode, failed.jsonExit]).toEqual([1, 1]);
    expect(failed.json.effects).toEqual(expect.arrayContaining([{ kind: "request stopped" }, { kind: "abort" }]));
    expect(failed.text.stdout).toContain("the model request does not go out: the agent loop stops before its next model call");
    await fire(p.dir, ["PostToolBatch", "--tool", "Read", "--input", '{"file_path":"x"}', "--error", "File not found"]);
    expect((await recorded(p, "batch")).tool_calls[0]).toMatchObject({ tool_name: "Read", tool_response: "File not found" });
  });

  it("PostToolBatch: an async hook's context that arrives before the request goes out joins it in a message of its own, after the latest one", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "from the async hook" } });
    // The other hook holds the request until the async one has answered (at most 5 s).
    const waitForAsync = `for i in $(seq 100); do [ -f "$CLAUDE_PROJECT_DIR/async-done" ] && break; sleep 0.05; done; sleep 0.3`;
    const p = await project({
      ".claude/settings.json": settings({
        PostToolBatch: [{ hooks: [command(waitForAsync), command(`echo '${context}'; touch "$CLAUDE_PROJECT_DIR/async-done"`, { async: true })] }],
      }),
    });
    const json = await cli(["test", "PostToolBatch", "--tool", "Bash", "--input", '{"command":"npm test"}', "--output", "ok", "--json", "--project", p.dir]);
    expect(JSON.parse(json.stdout).effects).toEqual([
      { kind: "request context", where: "in a message of its own after the latest one", text: expect.stringContaining("from the async hook") },
    ]);
  });

  it("FileChanged: a file its matcher names; file_path and event; CLAUDE_ENV_FILE exports reach later bash calls; other files fire nothing", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        FileChanged: [{ matcher: ".envrc", hooks: [record("changed", `echo 'export FROM_ENVRC=yes' >> "$CLAUDE_ENV_FILE"`)] }],
      }),
    });
    const { text, json } = await fire(p.dir, ["FileChanged", "--file", ".envrc", "--change", "add"]);
    expect(text.exitCode).toBe(0);
    expect(await recorded(p, "changed")).toMatchObject({ hook_event_name: "FileChanged", file_path: p.file(".envrc"), event: "add" });
    expect(json.effects).toEqual([{ kind: "env", env: expect.objectContaining({ FROM_ENVRC: "yes" }) }]);
    const other = await fire(p.dir, ["FileChanged", "--file", "notes.txt"]);
    expect(other.json).toMatchObject({ outcome: "no hook ran", firings: [] });
    const bad = await cli(["test", "FileChanged", "--file", ".envrc", "--change", "rename", "--project", p.dir]);
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining("--change rename: expected add, change or unlink")]);
  });

  it.each([
    [["Stop", "--source", "fork"], "Stop does not take --source (it takes --prompt, --last-message)"],
    [["SubagentStop", "--tool", "Bash"], "SubagentStop does not take --tool"],
    [["PostToolUseFailure", "--tool", "Read", "--exit", "2"], "--exit: only a Bash command exits with a code"],
    [["PostToolUseFailure", "--tool", "Bash", "--exit", "0"], "--exit 0: a non-zero exit code"],
    [["PostToolUseFailure", "--tool", "Bash", "--exit", "2", "--error", "x"], "--exit and --error"],
    [["PostToolUseFailure"], "PostToolUseFailure needs --tool"],
    [["StopFailure", "--error-type", "max_output_tokens", "--error", "x"], "--error: OpenCode's error for max_output_tokens carries no text"],
  ])("test %j is a usage error (exit 2)", async (args, message) => {
    const p = await project({ ".claude/settings.json": settings({}) });
    const result = await cli(["test", ...args, "--project", p.dir]);
    expect([result.exitCode, result.stderr]).toEqual([2, expect.stringContaining(message)]);
  });

  it("test --help gives each flag the meanings its events' scenarios give it", async () => {
    const help = await cli(["test", "--help"]);
    expect(help.exitCode).toBe(0);
    const text = help.stdout.replace(/\s+/g, " ");
    for (const flag of FIRE_FLAGS) expect(text).toContain(`${flagSpec(flag)} ${flagHelp(flag)}`);
    expect(text).toContain(`--stop-hook-active ${stopHookActiveHelp()}`);
  });
});

it("SessionStart with only an http hook (Claude never runs http hooks there): named as ignored, not 'no SessionStart hooks are configured'", async () => {
  const p = await project({
    ".claude/settings.json": settings({ SessionStart: [{ hooks: [{ type: "http", url: "https://hooks.example.com/start" }] }] }),
  });
  const { text, json } = await fire(p.dir, ["SessionStart"]);
  expect(text.stdout).toMatch(
    /\n {2}1 ignored \(http hooks do not run on SessionStart\)\n {2}ignored \[https:\/\/hooks\.example\.com\/start\] at \.claude\/settings\.json:6:11\n/,
  );
  expect(text.stdout).not.toContain("no SessionStart hooks are configured");
  expect(text.exitCode).toBe(0);
  expect(json.ignored).toEqual([
    { handler: "https://hooks.example.com/start", where: ".claude/settings.json:6:11", why: "http hooks do not run on SessionStart" },
  ]);
});
