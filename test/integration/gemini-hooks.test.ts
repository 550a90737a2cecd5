// Gemini CLI hooks (`hooks` in .gemini/settings.json) converted beside Claude's and replayed
// in-process with Gemini's contract, by real bash/jq hooks written the way Gemini's docs write them
// (https://geminicli.com/docs/hooks/: read stdin with jq, answer with `decision`, or exit 2 with a reason).
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { convert } from "../../cli/commands/convert.js";
import { testHook } from "../../cli/commands/test-hook.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const geminiSettings = (hooks: Record<string, Array<{ matcher?: string; sequential?: boolean; hooks: object[] }>>, extra: object = {}) => ({ hooks, ...extra });
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });

/** A guard as Gemini's docs write one: read the command with jq; exit 2 with the reason on stderr blocks. */
const GUARD = `#!/usr/bin/env bash
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == *"rm -rf"* ]]; then
  echo "rm -rf is not allowed" >&2
  exit 2
fi
exit 0
`;

describe("Gemini hooks replayed with Gemini's contract", () => {
  it("a BeforeTool guard blocks with Gemini's model-visible text; other commands run", async () => {
    project = await makeProject({
      ".gemini/hooks/guard.sh": GUARD,
      ".gemini/settings.json": geminiSettings({
        BeforeTool: [{ matcher: "run_shell_command", hooks: [command("$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh")] }],
      }),
    });
    const { chmod } = await import("node:fs/promises");
    await chmod(project.file(".gemini/hooks/guard.sh"), 0o755);
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "rm -rf build", description: "clean" })).rejects.toThrow("Tool execution blocked: rm -rf is not allowed");
    await expect(plugin.before("bash", { command: "ls", description: "list" })).resolves.toEqual({ command: "ls", description: "list" });
  });

  it("sends Gemini's stdin: no trailing newline, its common fields, its tool names and argument shapes", async () => {
    project = await makeProject({
      ".gemini/settings.json": geminiSettings({
        BeforeTool: [{ matcher: "write_file", hooks: [command('cat > input.json; printf "%s|%s" "$GEMINI_SESSION_ID" "${CLAUDECODE-unset}" > env.txt')] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("write", { filePath: "notes.txt", content: "hi" }, "call_1");
    await plugin.before("read", { filePath: "notes.txt" });
    const raw = await readFile(project.file("input.json"), "utf8");
    expect(raw.endsWith("}")).toBe(true);
    const input = JSON.parse(raw);
    expect(Object.keys(input)).toEqual(["session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "tool_name", "tool_input"]);
    expect(input).toMatchObject({
      session_id: "ses_test",
      cwd: project.dir,
      hook_event_name: "BeforeTool",
      tool_name: "write_file",
      tool_input: { file_path: project.file("notes.txt"), content: "hi" },
    });
    expect(new Date(input.timestamp).toISOString()).toBe(input.timestamp);
    expect(await readFile(project.file("env.txt"), "utf8")).toBe("ses_test|unset");
  });

  it("exit codes: JSON beats exit 2, exit 2 alone blocks nothing, exit 1 warns, exit 3 with text blocks", async () => {
    project = await makeProject({
      ".gemini/settings.json": geminiSettings({
        BeforeTool: [
          { matcher: "run_shell", hooks: [command(`jq -e '.tool_input.command == "json"' >/dev/null && { echo '{"decision":"allow"}'; exit 2; }; exit 0`)] },
          { matcher: "run_shell", hooks: [command(`jq -e '.tool_input.command == "silent"' >/dev/null && exit 2; exit 0`)] },
          { matcher: "run_shell", hooks: [command(`jq -e '.tool_input.command == "warn"' >/dev/null && { echo careful; exit 1; }; exit 0`)] },
          { matcher: "run_shell", hooks: [command(`jq -e '.tool_input.command == "three"' >/dev/null && { echo "exit three"; exit 3; }; exit 0`)] },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "json" })).resolves.toEqual({ command: "json" });
    await expect(plugin.before("bash", { command: "silent" })).resolves.toEqual({ command: "silent" });
    await expect(plugin.before("bash", { command: "warn" })).resolves.toEqual({ command: "warn" });
    expect(plugin.client.calls.some(([name, options]) => name === "tui.showToast" && JSON.stringify(options).includes("Warning: careful"))).toBe(true);
    await expect(plugin.before("bash", { command: "three" })).rejects.toThrow("Tool execution blocked: exit three");
  });

  it("hookSpecificOutput.tool_input replaces the arguments wholesale (bash's timeout, which Gemini cannot say, stays)", async () => {
    const rewrite = `echo '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"echo safe"}}}'`;
    project = await makeProject({ ".gemini/settings.json": geminiSettings({ BeforeTool: [{ matcher: "run_shell_command", hooks: [command(rewrite)] }] }) });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "danger", description: "d", timeout: 5000 })).resolves.toEqual({ command: "echo safe", timeout: 5000 });
  });

  it("an AfterTool formatter reads tool_input.file_path; additionalContext reaches the model as <hook_context>", async () => {
    const formatter = `input=$(cat); printf '%s\\n' "$(printf '%s' "$input" | jq -r '.tool_input.file_path')" >> formatted.txt; echo '{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"formatted <ok>"}}'`;
    project = await makeProject({ ".gemini/settings.json": geminiSettings({ AfterTool: [{ matcher: "write_file|replace", hooks: [command(formatter)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const output = await plugin.call(
      "edit",
      { filePath: project.file("a.ts"), oldString: "a", newString: "b" },
      { title: "a.ts", output: "Edit applied successfully.", metadata: {} },
    );
    expect(output.output).toBe("Edit applied successfully.\n\n<hook_context>formatted &lt;ok&gt;</hook_context>");
    await plugin.call("read", { filePath: project.file("a.ts") }, { title: "a.ts", output: "x", metadata: {} });
    expect(await readFile(project.file("formatted.txt"), "utf8")).toBe(`${project.file("a.ts")}\n`);
  });

  it("Claude's and Gemini's hooks of one project each run with their own contract, and the report says what is dropped and why", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command("jq -r .tool_name > claude.txt")] }] }),
      ".gemini/settings.json": geminiSettings({
        BeforeTool: [{ matcher: "run_shell_command", hooks: [command("jq -r .tool_name > gemini.txt", { timeout: 5000 })] }],
        BeforeModel: [{ hooks: [command("true")] }],
        AfterTool: [{ sequential: true, hooks: [command("true")] }],
      }),
    });
    const out: string[] = [];
    const result = await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    expect(result.exitCode).toBe(0);
    const report = out.join("");
    expect(report).toMatch(/translated\s+BeforeTool \[run_shell_command\] jq -r .tool_name > gemini.txt \(Gemini CLI\)/);
    expect(report).toMatch(/dropped\s+BeforeModel \[\*\] true \(Gemini CLI\)[\s\S]*why: OpenCode hands a plugin no model request/);
    expect(report).toMatch(/degraded\s+AfterTool \[\*\] true \(Gemini CLI\)[\s\S]*sequential/);
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "echo x", description: "d" });
    expect(await readFile(project.file("claude.txt"), "utf8")).toBe("Bash\n");
    expect(await readFile(project.file("gemini.txt"), "utf8")).toBe("run_shell_command\n");
  });

  it("an AfterAgent gate sends the agent back with its reason as the next message; SessionStart context is <hook_context> (test, offline)", async () => {
    project = await makeProject({
      ".gemini/settings.json": geminiSettings({
        AfterAgent: [
          { hooks: [command(`jq -e '.stop_hook_active' >/dev/null && exit 0; echo '{"decision":"deny","reason":"Run npm test and fix what fails."}'`)] },
        ],
        SessionStart: [
          {
            matcher: "startup",
            hooks: [command(`echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"You are on branch main."}}'`)],
          },
        ],
      }),
    });
    const run = async (event: string, extra: Record<string, unknown> = {}) => {
      const out: string[] = [];
      const result = await testHook({
        project: project.dir,
        event,
        json: true,
        print: (text) => out.push(text),
        printError: (text) => out.push(text),
        ...extra,
      });
      return { ...result, report: JSON.parse(out.join("")) as Record<string, unknown> };
    };
    expect((await run("Stop")).report.effects).toEqual([{ kind: "new turn", text: "Run npm test and fix what fails." }]);
    expect((await run("Stop", { stopHookActive: true })).report.effects).toEqual([]);
    expect((await run("SessionStart")).report.effects).toEqual([
      { kind: "context", text: "<hook_context>You are on branch main.</hook_context>", where: "before the prompt" },
    ]);
  });

  it("test fires a Gemini BeforeTool hook on the call and says what OpenCode would show", async () => {
    project = await makeProject({
      ".gemini/hooks/guard.sh": GUARD,
      ".gemini/settings.json": geminiSettings({ BeforeTool: [{ matcher: "run_shell", hooks: [command("bash .gemini/hooks/guard.sh")] }] }),
    });
    const out: string[] = [];
    const { exitCode } = await testHook({
      project: project.dir,
      event: "PreToolUse",
      tool: "Bash",
      input: '{"command":"rm -rf build"}',
      print: (text) => out.push(text),
      printError: (text) => out.push(text),
    });
    expect(exitCode).toBe(1);
    expect(out.join("")).toContain("Tool execution blocked: rm -rf is not allowed");
  });

  it("a hook's own env reaches its command, over OpenCode's environment, values never parsed by the shell", async () => {
    project = await makeProject({
      ".gemini/settings.json": geminiSettings({
        BeforeTool: [{ hooks: [command('printf "%s|%s" "$TEAM" "$HOME_NOTE" > env.txt', { env: { TEAM: "a b'c $(touch pwned)", HOME_NOTE: "x" } })] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "ls", description: "list" });
    expect(await readFile(project.file("env.txt"), "utf8")).toBe("a b'c $(touch pwned)|x");
    const { existsSync } = await import("node:fs");
    expect(existsSync(project.file("pwned"))).toBe(false);
  });
});
