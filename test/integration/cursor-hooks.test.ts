// Cursor hooks (.cursor/hooks.json) converted beside Claude's and replayed in-process with Cursor's
// contract, by real sh/jq hooks written the way Cursor's docs write them (https://cursor.com/docs/hooks).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { convert } from "../../cli/commands/convert.js";
import { testHook } from "../../cli/commands/test-hook.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

// Cursor runs `$SHELL -lc`: a login shell reads the user's profile; the hooks here run under sh.
const shell = process.env.SHELL;
beforeAll(() => {
  process.env.SHELL = "/bin/sh";
});
afterAll(() => {
  if (shell === undefined) delete process.env.SHELL;
  else process.env.SHELL = shell;
});

const cursorHooks = (hooks: Record<string, object[]>) => ({ version: 1, hooks });
const NOTE = "\n\nAgent note: Do not suggest workarounds to the blocked tool.";

/** A guard as Cursor's docs write one: read the JSON with jq, answer with a flat `permission`. */
const GUARD = `#!/bin/sh
input=$(cat)
cmd=$(printf '%s' "$input" | jq -r '.tool_input.command')
case "$cmd" in
  *"rm -rf"*) echo '{"permission":"deny","user_message":"rm -rf is not allowed"}' ;;
  *) echo '{"permission":"allow"}' ;;
esac
`;

describe("Cursor hooks replayed with Cursor's contract", () => {
  it("a preToolUse guard on Shell denies with Cursor's model-visible text; other commands run", async () => {
    project = await makeProject({
      ".cursor/hooks/guard.sh": GUARD,
      ".cursor/hooks.json": cursorHooks({ preToolUse: [{ command: "sh .cursor/hooks/guard.sh", matcher: "Shell" }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "rm -rf build", description: "clean" })).rejects.toThrow(`rm -rf is not allowed${NOTE}`);
    await expect(plugin.before("bash", { command: "ls", description: "list" })).resolves.toEqual({ command: "ls", description: "list" });
  });

  it("a deny without user_message gets Cursor's default text; `ask` on preToolUse is not enforced", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({
        preToolUse: [
          { command: `echo '{"permission":"deny"}'`, matcher: "^Read$" },
          { command: `echo '{"permission":"ask","user_message":"sure?"}'`, matcher: "Shell" },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("read", { filePath: "a.txt" })).rejects.toThrow(`Read blocked by preToolUse hook${NOTE}`);
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
  });

  it("beforeShellExecution matches the command; exit 2 blocks with the reason from stdout first, else stderr", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({
        beforeShellExecution: [
          { command: "echo 'no pushes' ; exit 2", matcher: "git push" },
          { command: "echo 'curl refused' >&2; exit 2", matcher: "^curl " },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const settingsNote = "\n\nTo view or modify configured hooks, go to Cursor Settings > Hooks.";
    await expect(plugin.before("bash", { command: "git push origin main" })).rejects.toThrow(
      `Command execution was blocked by a hook: no pushes${settingsNote}${NOTE}`,
    );
    await expect(plugin.before("bash", { command: "curl example.com" })).rejects.toThrow(
      `Command execution was blocked by a hook: Hook blocked with message: curl refused${settingsNote}${NOTE}`,
    );
    await expect(plugin.before("bash", { command: "git status" })).resolves.toEqual({ command: "git status" });
  });

  it("subagentStart, before the task tool starts a subagent: matched on Cursor's subagent type; a deny (or ask) keeps it from starting", async () => {
    project = await makeProject({
      ".cursor/hooks/sub.sh": `#!/bin/sh\njq -c . > sub.json\necho '{"permission":"ask","user_message":"no explorers today"}'\n`,
      ".cursor/hooks.json": cursorHooks({ subagentStart: [{ command: "sh .cursor/hooks/sub.sh", matcher: "^explore$" }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("task", { description: "look", prompt: "find the bug", subagent_type: "explore" }, "call_9")).rejects.toThrow(
      `no explorers today${NOTE}`,
    );
    expect(JSON.parse(await readFile(project.file("sub.json"), "utf8"))).toMatchObject({
      hook_event_name: "subagentStart",
      subagent_type: "explore",
      task: "find the bug",
      tool_call_id: "call_9",
      is_parallel_worker: false,
    });
    await expect(plugin.before("task", { description: "d", prompt: "p", subagent_type: "general" })).resolves.toMatchObject({ subagent_type: "general" });
  });

  it("sends Cursor's stdin in its order, through a heredoc: in a pipeline only the last command reads it", async () => {
    project = await makeProject({
      ".cursor/hooks/dump.sh": 'cat > input.json; printf %s "$CURSOR_PROJECT_DIR|$CLAUDE_PROJECT_DIR|${CLAUDECODE-unset}" > env.txt; echo "{}"\n',
      ".cursor/hooks.json": cursorHooks({
        // A script: the heredoc goes to the last command of a list, so `cat > input.json; ...; echo` inline would read nothing.
        preToolUse: [{ command: "sh .cursor/hooks/dump.sh" }],
        // No output is a failure Cursor ignores (the hook is not failClosed).
        beforeShellExecution: [{ command: "wc -c > first.txt | cat > last.txt" }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "echo hi", description: "greet", workdir: "sub" }, "call_1");
    const input = JSON.parse(await readFile(project.file("input.json"), "utf8")) as Record<string, unknown>;
    expect(Object.keys(input)).toEqual([
      "conversation_id",
      "generation_id",
      "model",
      "tool_name",
      "tool_input",
      "tool_use_id",
      "cwd",
      "session_id",
      "hook_event_name",
      "cursor_version",
      "workspace_roots",
      "user_email",
      "transcript_path",
    ]);
    expect(input).toMatchObject({
      conversation_id: "ses_test",
      session_id: "ses_test",
      hook_event_name: "preToolUse",
      tool_name: "Shell",
      tool_input: { command: "echo hi", cwd: project.file("sub") },
      tool_use_id: "call_1",
      workspace_roots: [project.dir],
      user_email: null,
    });
    expect(await readFile(project.file("env.txt"), "utf8")).toBe(`${project.dir}|${project.dir}|unset`);
    // The first command of the pipeline read nothing; the last got the JSON and a newline.
    expect((await readFile(project.file("first.txt"), "utf8")).trim()).toBe("0");
    const last = await readFile(project.file("last.txt"), "utf8");
    expect(last.endsWith("}\n")).toBe(true);
    expect(JSON.parse(last)).toMatchObject({ hook_event_name: "beforeShellExecution", command: "echo hi", cwd: project.file("sub"), sandbox: false });
  });

  it("updated_input applies only the keys Cursor applies: Shell's command, not Write's content", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({
        preToolUse: [
          { command: `echo '{"updated_input":{"command":"echo safe","description":"ignored"}}'`, matcher: "Shell" },
          { command: `echo '{"updated_input":{"file_path":"b.txt","content":"changed"}}'`, matcher: "Write" },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "echo risky", description: "d" })).resolves.toEqual({ command: "echo safe", description: "d" });
    await expect(plugin.before("write", { filePath: "a.txt", content: "kept" })).resolves.toEqual({ filePath: "b.txt", content: "kept" });
  });

  it("invalid output blocks a permission event even without failClosed, and is ignored after the tool", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({
        preToolUse: [{ command: "echo not json", matcher: "Shell" }],
        postToolUse: [{ command: "echo not json either", matcher: "Shell" }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "ls" })).rejects.toThrow(
      `Hook "echo not json" returned invalid JSON. The command was blocked for safety.${NOTE}`,
    );
    const output = await plugin.after("bash", { command: "ls" }, { title: "ls", output: "a\n", metadata: { output: "a\n", exit: 0 } });
    expect(output.output).toBe("a\n");
  });

  it("a failing hook fails open, unless failClosed", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({
        preToolUse: [
          { command: "echo boom >&2; exit 1", matcher: "Read" },
          { command: "echo shut >&2; exit 3", matcher: "Shell", failClosed: true },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("read", { filePath: "a.txt" })).resolves.toEqual({ filePath: "a.txt" });
    await expect(plugin.before("bash", { command: "ls" })).rejects.toThrow(
      `Tool blocked because this hook is configured to fail closed (block when it fails). Hook "echo shut >&2; exit 3" failed with exit code 3: shut${NOTE}`,
    );
  });

  it("afterFileEdit runs a formatter on the edited file; postToolUse adds its additional_context and sees tool_output as JSON text", async () => {
    project = await makeProject({
      "a.txt": "old\n",
      ".cursor/hooks.json": cursorHooks({
        afterFileEdit: [{ command: `jq -r '.file_path' | xargs -I{} sh -c 'echo formatted >> "{}"'` }],
        postToolUse: [{ command: `jq -c '{additional_context: ("saw " + .tool_output)}'`, matcher: "Shell" }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.after("edit", { filePath: "a.txt", oldString: "old", newString: "new" }, { title: "a.txt", output: "Edit applied.", metadata: {} });
    // jq is first in its pipeline, so it reads nothing: in Cursor this formatter never sees the path either.
    expect(await readFile(project.file("a.txt"), "utf8")).toBe("old\n");
    const output = await plugin.after("bash", { command: "false" }, { title: "false", output: "", metadata: { output: "", exit: 1 } });
    expect(String(output.output)).toContain('saw {"output":"","exitCode":1}');
  });

  it("an afterFileEdit script reading its stdin formats the edited file", async () => {
    project = await makeProject({
      "a.txt": "old\n",
      ".cursor/hooks/format.sh": `#!/bin/sh\nfile=$(jq -r '.file_path')\necho formatted >> "$file"\n`,
      ".cursor/hooks.json": cursorHooks({ afterFileEdit: [{ command: "sh .cursor/hooks/format.sh" }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.after("write", { filePath: "a.txt", content: "new\n" }, { title: "a.txt", output: "Wrote file.", metadata: {} });
    expect(await readFile(project.file("a.txt"), "utf8")).toBe("old\nformatted\n");
  });

  it("a file with an unknown event, or without a version, is invalid as a whole: Cursor runs none of it", async () => {
    project = await makeProject({
      ".cursor/hooks.json": cursorHooks({ preToolUse: [{ command: "touch ran" }], beforeToolUse: [{ command: "true" }] }),
    });
    const lines: string[] = [];
    await convert({ project: project.dir, print: (line) => lines.push(line), printError: (line) => lines.push(line) });
    expect(lines.join("\n")).toMatch(/\.cursor\/hooks\.json:9:5: warning: "beforeToolUse" is not a Cursor hook event/);
    expect(existsSync(project.file("ran"))).toBe(false);
  });

  it("a Cursor hook whose command is also a Claude hook is named in the report, and Claude's files are not read as Cursor's", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh guard.sh" }] }] }),
      ".cursor/hooks.json": cursorHooks({ preToolUse: [{ command: "sh guard.sh" }] }),
    });
    const lines: string[] = [];
    await convert({ project: project.dir, print: (line) => lines.push(line), printError: (line) => lines.push(line) });
    const report = lines.join("\n");
    expect(report).toContain("Cursor runs it once");
    expect(report.match(/sh guard\.sh/g)?.length).toBeGreaterThanOrEqual(2);
    // Claude's file is Claude's input, once: in the header and among the plugin's drift hashes.
    expect(report).toContain("hooks2opencode: .claude/settings.json + .cursor/hooks.json -> ");
    const plugin = await readFile(project.file(".opencode/plugins/claude-hooks.js"), "utf8");
    expect(plugin.match(/"file": "\.claude\/settings\.json"/g)).toHaveLength(1);
  });

  describe("Cursor's lifecycle events", () => {
    const fire = async (event: string, extra: Record<string, unknown> = {}) => {
      const out: string[] = [];
      const { exitCode } = await testHook({ project: project.dir, event, print: (text) => out.push(text), printError: (text) => out.push(text), ...extra });
      return { exitCode, text: out.join("") };
    };
    const stdinOf = async (file: string) => JSON.parse(await readFile(project.file(file), "utf8")) as Record<string, unknown>;

    it("`test PreToolUse --tool Bash` fires Cursor's preToolUse and beforeShellExecution hooks of that call, each its own way", async () => {
      project = await makeProject({
        ".cursor/hooks/guard.sh": GUARD,
        ".cursor/hooks.json": cursorHooks({
          preToolUse: [{ command: "sh .cursor/hooks/guard.sh", matcher: "Shell" }],
          beforeShellExecution: [{ command: 'echo \'{"permission":"deny"}\'', matcher: "^git push" }],
        }),
      });
      const guarded = await fire("PreToolUse", { tool: "Bash", input: '{"command":"rm -rf build"}' });
      expect(guarded.text).toContain("rm -rf is not allowed");
      const pushed = await fire("PreToolUse", { tool: "Bash", input: '{"command":"git push"}' });
      expect(pushed.text).toContain("Command execution was blocked by a hook.");
    });

    it("stop: followup_message is the next user message, as written; Cursor's stdin with status and loop_count", async () => {
      project = await makeProject({
        ".cursor/hooks/gate.sh": `#!/bin/sh\njq -c . > stop.json\necho '{"followup_message":"Tests fail: fix them & rerun"}'\n`,
        ".cursor/hooks.json": cursorHooks({ stop: [{ command: "sh .cursor/hooks/gate.sh", loop_limit: 3 }] }),
      });
      const { text } = await fire("Stop");
      const continuations = text.split("\n").filter((line) => line.includes("a new turn starts"));
      expect(continuations).toHaveLength(1);
      expect(continuations[0]).toContain("Tests fail: fix them & rerun");
      expect(continuations[0]).not.toContain("Stop hook feedback");
      const stdin = await stdinOf("stop.json");
      expect(stdin).toMatchObject({ hook_event_name: "stop", status: "completed", loop_count: 0 });
      expect(stdin).not.toHaveProperty("stop_hook_active");
    });

    it("stop: exit 2 does nothing on stop (Cursor blocks only permission, prompt and session-start events)", async () => {
      project = await makeProject({ ".cursor/hooks.json": cursorHooks({ stop: [{ command: "echo 'keep going' >&2; exit 2" }] }) });
      const { text } = await fire("Stop");
      expect(text).not.toContain("a new turn starts");
    });

    it("beforeSubmitPrompt: continue false keeps the prompt from the model; the matcher is tested against UserPromptSubmit", async () => {
      project = await makeProject({
        ".cursor/hooks/prompt.sh": `#!/bin/sh\njq -r .prompt > prompt.txt\necho '{"continue":false,"user_message":"no secrets"}'\n`,
        ".cursor/hooks.json": cursorHooks({
          beforeSubmitPrompt: [
            { command: "sh .cursor/hooks/prompt.sh", matcher: "UserPrompt" },
            { command: "touch never-ran", matcher: "^Prompt$" },
          ],
        }),
      });
      const blocked = await fire("UserPromptSubmit", { prompt: "my key is 123" });
      expect(blocked.text).toContain("the prompt is kept from the model");
      expect(await readFile(project.file("prompt.txt"), "utf8")).toBe("my key is 123\n");
      expect(existsSync(project.file("never-ran"))).toBe(false);
    });

    it("sessionStart: additional_context reaches the model as written, on a new session only", async () => {
      project = await makeProject({
        ".cursor/hooks.json": cursorHooks({ sessionStart: [{ command: `echo '{"additional_context":"Remember: run make check"}'`, matcher: "resume" }] }),
      });
      const started = await fire("SessionStart", { source: "startup" });
      expect(started.text).toContain("Remember: run make check");
      expect(started.text).not.toContain("system-reminder");
      const resumed = await fire("SessionStart", { source: "resume" });
      expect(resumed.text).toContain("no hook ran");
    });

    it("subagentStop: followup_message sends the subagent back; its matcher is tested against Cursor's subagent type", async () => {
      project = await makeProject({
        ".cursor/hooks/sub.sh": `#!/bin/sh\njq -c . > sub.json\necho '{"followup_message":"also check the tests"}'\n`,
        ".cursor/hooks.json": cursorHooks({ subagentStop: [{ command: "sh .cursor/hooks/sub.sh", matcher: "^generalPurpose$" }] }),
      });
      const { text } = await fire("SubagentStop", { agentType: "general" });
      expect(text).toContain("also check the tests");
      expect(await stdinOf("sub.json")).toMatchObject({ hook_event_name: "subagentStop", subagent_type: "generalPurpose", status: "completed", loop_count: 0 });
    });

    it("postToolUseFailure: a tool error in Cursor's names; additional_context reaches the next model request", async () => {
      project = await makeProject({
        ".cursor/hooks/fail.sh": `#!/bin/sh\njq -c . > fail.json\necho '{"additional_context":"create it first"}'\n`,
        ".cursor/hooks.json": cursorHooks({ postToolUseFailure: [{ command: "sh .cursor/hooks/fail.sh", matcher: "^Read$" }] }),
      });
      const { text } = await fire("PostToolUseFailure", { tool: "Read", input: '{"file_path":"missing.txt"}', error: "File not found: missing.txt" });
      expect(text).toContain("create it first");
      expect(await stdinOf("fail.json")).toMatchObject({
        hook_event_name: "postToolUseFailure",
        tool_name: "Read",
        tool_input: { file_path: project.file("missing.txt") },
        error_message: "File not found: missing.txt",
        failure_type: "error",
        is_interrupt: false,
      });
    });

    it("postToolUseFailure: a failed grep is Cursor's Grep {pattern, file_path} (absolute), not Claude's {pattern, path}", async () => {
      project = await makeProject({
        ".cursor/hooks.json": cursorHooks({ postToolUseFailure: [{ command: "jq -c . > fail.json", matcher: "^Grep$" }] }),
      });
      await fire("PostToolUseFailure", { tool: "Grep", input: '{"pattern":"TODO","path":"src"}', error: "No such directory: src" });
      const stdin = await stdinOf("fail.json");
      expect(stdin).toMatchObject({ tool_name: "Grep", tool_input: { pattern: "TODO", file_path: project.file("src"), output_mode: "content" } });
      expect(stdin.tool_input).not.toHaveProperty("path");
    });

    it("postToolUseFailure on a shell: a tool error fires it as Shell; a command that exits non-zero does not (a success for Cursor)", async () => {
      project = await makeProject({
        ".cursor/hooks.json": cursorHooks({ postToolUseFailure: [{ command: "jq -c . >> shell-fail.jsonl" }] }),
      });
      await fire("PostToolUseFailure", { tool: "Bash", input: '{"command":"sleep 99"}', error: "The command timed out" });
      const [failed] = (await readFile(project.file("shell-fail.jsonl"), "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(failed).toMatchObject({ hook_event_name: "postToolUseFailure", tool_name: "Shell", error_message: "The command timed out" });
      await fire("PostToolUseFailure", { tool: "Bash", input: '{"command":"false"}', exit: "1" });
      expect((await readFile(project.file("shell-fail.jsonl"), "utf8")).trim().split("\n")).toHaveLength(1);
    });

    it("afterAgentResponse: the answer that ends the turn, observed only", async () => {
      project = await makeProject({
        ".cursor/hooks/answer.sh": "jq -c . > answer.json\n",
        ".cursor/hooks.json": cursorHooks({ afterAgentResponse: [{ command: "sh .cursor/hooks/answer.sh" }] }),
      });
      const { text } = await fire("Stop");
      expect(text).not.toContain("a new turn starts");
      expect(await stdinOf("answer.json")).toMatchObject({ hook_event_name: "afterAgentResponse", text: expect.any(String) });
    });
  });
});
