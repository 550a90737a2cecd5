// The generated plugin in the real OpenCode binary: each scenario asserts what the model received
// (the fake LLM's recorded tool results) and what is on disk.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { command, scenarios } from "./harness/scenario.js";

const run = scenarios();
const lines = async (file: string) => (await readFile(file, "utf8")).trim().split("\n");

describe("Claude Code tool hooks in real OpenCode", () => {
  it("1. the classic formatter: PostToolUse Edit|Write runs prettier on the file OpenCode wrote, by absolute path", async () => {
    const s = await run({
      settings: {
        hooks: {
          PostToolUse: [
            {
              matcher: "Edit|Write",
              hooks: [
                command(`jq -r '.tool_input.file_path' | tee -a "$CLAUDE_PROJECT_DIR/formatted.log" | xargs npx --no-install prettier --write`, {
                  timeout: 60,
                }),
              ],
            },
          ],
        },
      },
      script: [{ tool: "write", args: { filePath: "src/ugly.ts", content: "const  a={b:1,c:[1,2,3]}\n" } }, { text: "written" }],
    });
    expect(await readFile(s.project.file("src/ugly.ts"), "utf8")).toBe("const a = { b: 1, c: [1, 2, 3] };\n");
    expect(await lines(s.project.file("formatted.log"))).toEqual([s.project.file("src/ugly.ts")]);
    expect(s.toolResult(callId(0, 0))).toContain("Wrote file successfully");
  });

  it("2. PreToolUse Bash exit 2 on rm -rf: the command does not run, the model gets the hook's stderr", async () => {
    const s = await run({
      files: {
        "victim/keep.txt": "precious\n",
        ".claude/hooks/no-rm.sh": "#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' || exit 0\necho 'rm -rf is blocked by project policy' >&2\nexit 2\n",
      },
      settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"')] }] } },
      script: [{ tool: "bash", args: { command: "rm -rf victim", description: "clean" } }, { text: "ok" }],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe('PreToolUse:Bash hook error: ["$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh"]: rm -rf is blocked by project policy');
  });

  it('3. JSON deny filtered by if "Write(.env*)": .env is not written, the reason reaches the model, other writes are untouched', async () => {
    const deny = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Secrets stay out of the repo" },
    });
    const s = await run({
      settings: { hooks: { PreToolUse: [{ matcher: "Write|Edit", hooks: [command(`echo '${deny}'`, { if: "Write(.env*)" })] }] } },
      script: [
        { tool: "write", args: { filePath: ".env", content: "TOKEN=secret\n" } },
        { tool: "write", args: { filePath: "notes.txt", content: "hello\n" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file(".env"))).toBe(false);
    expect(s.toolResult(callId(0, 0))).toBe("PreToolUse:Write hook error: Secrets stay out of the repo");
    expect(await readFile(s.project.file("notes.txt"), "utf8")).toBe("hello\n");
    expect(s.toolResult(callId(1, 0))).toContain("Wrote file successfully");
  });

  it("4. updatedInput rewrites a bash command: the rewritten command is what runs", async () => {
    const rewrite = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: (.tool_input.command | sub("original"; "rewritten"))}}}'`;
    const s = await run({
      settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command(rewrite)] }] } },
      script: [{ tool: "bash", args: { command: "echo original > out.txt && cat out.txt" } }, { text: "done" }],
    });
    expect(await readFile(s.project.file("out.txt"), "utf8")).toBe("rewritten\n");
    expect(s.toolResult(callId(0, 0))).toContain("rewritten");
  });

  it("5. PostToolUse additionalContext and exit-2 stderr reach the model after the tool ran", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Remember: run the linter next." } });
    const s = await run({
      settings: {
        hooks: { PostToolUse: [{ matcher: "Bash", hooks: [command(`echo '${context}'`), command("echo 'post-check: 2 warnings' >&2; exit 2")] }] },
      },
      script: [{ tool: "bash", args: { command: "echo ran > ran.txt && echo tool-output" } }, { text: "done" }],
    });
    expect(existsSync(s.project.file("ran.txt"))).toBe(true);
    const result = s.toolResult(callId(0, 0)) ?? "";
    expect(result).toContain("tool-output");
    expect(result).toContain("PostToolUse:Bash hook additional context: Remember: run the linter next.");
    expect(result).toContain("PostToolUse:Bash hook error: [echo 'post-check: 2 warnings' >&2; exit 2]: post-check: 2 warnings");
  });

  it("6. matcher rule: Edit|Write does not fire on read, mcp__.* does not fire on bash, no matcher fires on everything", async () => {
    const log = (name: string) => command(`jq -r '"${name} " + .tool_name' >> "$CLAUDE_PROJECT_DIR/fired.log"`);
    const s = await run({
      files: { "notes.txt": "some notes\n" },
      settings: {
        hooks: {
          PreToolUse: [{ matcher: "Edit|Write", hooks: [log("edit-write")] }, { matcher: "mcp__.*", hooks: [log("mcp")] }, { hooks: [log("all")] }],
        },
      },
      script: [{ tool: "read", args: { filePath: "notes.txt" } }, { tool: "bash", args: { command: "echo hi" } }, { text: "done" }],
    });
    expect(await lines(s.project.file("fired.log"))).toEqual(["all Read", "all Bash"]);
    expect(s.toolResult(callId(0, 0))).toContain("some notes");
  });

  it("7. a hook past its timeout does not hang OpenCode and does not block the tool", async () => {
    const s = await run({
      settings: {
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command(`sleep 60; echo '{"decision": "block", "reason": "too late"}'`, { timeout: 2 })] }] },
      },
      script: [{ tool: "bash", args: { command: "echo ran > ran.txt" } }, { text: "done" }],
    });
    expect(existsSync(s.project.file("ran.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).not.toContain("too late");
    expect(s.run.durationMs).toBeLessThan(45_000);
  });

  it("8. parallel tool calls in one step each get their own hook run with the right tool_use_id", async () => {
    const s = await run({
      settings: {
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command(`jq -r '.tool_use_id + " " + .tool_input.command' >> "$CLAUDE_PROJECT_DIR/calls.log"`)] }] },
      },
      script: [
        {
          tools: [
            { tool: "bash", args: { command: "echo first" } },
            { tool: "bash", args: { command: "echo second" } },
          ],
        },
        { text: "done" },
      ],
    });
    expect((await lines(s.project.file("calls.log"))).sort()).toEqual([`${callId(0, 0)} echo first`, `${callId(0, 1)} echo second`]);
    expect(s.toolResult(callId(0, 0))).toContain("first");
    expect(s.toolResult(callId(0, 1))).toContain("second");
  });

  it("9. PreToolUse allow answers OpenCode's permission prompt for that call; other calls keep OpenCode's own decision", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "trusted" } });
    const s = await run({
      settings: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${allow}'`, { if: "Bash(echo allowed *)" })] }] } },
      // bash asks; `opencode run` rejects every prompt nobody answers, which also ends the turn
      opencode: () => ({ permission: { "*": "allow", bash: "ask" } }),
      script: [{ tool: "bash", args: { command: "echo allowed > a.txt" } }, { tool: "bash", args: { command: "echo other > b.txt" } }, { text: "done" }],
    });
    expect(await readFile(s.project.file("a.txt"), "utf8")).toBe("allowed\n");
    expect(existsSync(s.project.file("b.txt"))).toBe(false);
  });

  it("10. substitute results: a cache hook answers read, grep and glob; the model gets its text as their successful result", async () => {
    const cache = `[ -n "$HOOKS2OPENCODE" ] && jq -c '{hooks2opencode: {substituteOutput: ("cached " + .tool_name)}}'`;
    const s = await run({
      files: { "big.txt": "the real content\n" },
      settings: { hooks: { PreToolUse: [{ matcher: "Read|Grep|Glob", hooks: [command(cache)] }] } },
      script: [
        {
          tools: [
            { tool: "read", args: { filePath: "big.txt" } },
            { tool: "grep", args: { pattern: "real" } },
            { tool: "glob", args: { pattern: "**/*.txt" } },
          ],
        },
        { text: "done" },
      ],
    });
    expect([s.toolResult(callId(0, 0)), s.toolResult(callId(0, 1)), s.toolResult(callId(0, 2))]).toEqual(["cached Read", "cached Grep", "cached Glob"]);
  });
});

it("an http hook whose URL is outside allowedHttpHookUrls never sends a request; one inside does", async () => {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? "");
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run({
      settings: {
        allowedHttpHookUrls: [`${base}/allowed/*`],
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                { type: "http", url: `${base}/allowed/hook` },
                { type: "http", url: `${base}/other` },
              ],
            },
          ],
        },
      },
      script: [{ tool: "bash", args: { command: "echo hi", description: "hi" } }, { text: "done" }],
    });
    expect(paths).toEqual(["/allowed/hook"]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
