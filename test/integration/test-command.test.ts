// `hooks2opencode test`, the offline simulator, through the real command line, on real sh and jq
// hooks: the reference's cases (exit 2, a deny decision, updatedInput, additionalContext, a timeout,
// an `if` that does not match) and the lifecycle events, each with its exit code and JSON report.
import { execa } from "execa";
import { describe, expect, it } from "vitest";
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

  it("PermissionRequest: a deny answers OpenCode's prompt with reject and the reason", async () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "not here" } } });
    const p = await project({ ".claude/settings.json": settings({ PermissionRequest: [{ matcher: "Bash", hooks: [command(`echo '${deny}'`)] }] }) });
    const { text, json } = await fire(p.dir, ["PermissionRequest", "--tool", "Bash", "--input", '{"command":"git push"}']);
    expect(text.exitCode).toBe(1);
    expect(json.effects).toEqual([expect.objectContaining({ kind: "permission answer", reply: "reject", message: expect.stringContaining("not here") })]);
  });
});
