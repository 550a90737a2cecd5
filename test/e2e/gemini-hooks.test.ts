// Gemini CLI hooks (`hooks` in .gemini/settings.json) in the real OpenCode binary, with Gemini's
// contract: a BeforeTool guard written as Gemini's docs write one (exit 2, the reason on stderr)
// blocks a bash call with Gemini's text; an AfterTool formatter reads tool_input.file_path (Gemini's
// `write_file {file_path, content}`); an AfterAgent gate sends the agent back once with its reason,
// exactly, as the next user message; a SessionStart hook's context reaches the first turn as
// `<hook_context>…</hook_context>`, with no <system-reminder> around it.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { callId, type RecordedRequest } from "./harness/fake-llm.js";
import { type Scenario, scenarios } from "./harness/scenario.js";

const run = scenarios();
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
const userTexts = (request: RecordedRequest) => JSON.stringify(request.body.messages.filter((message) => message.role === "user"));
const command = (text: string) => ({ type: "command", command: text });

describe("Gemini CLI hooks in real OpenCode", () => {
  it("a BeforeTool guard blocks rm -rf with Gemini's text; an AfterTool formatter reads tool_input.file_path", async () => {
    const s = await run({
      settings: {},
      files: {
        "victim/keep.txt": "precious\n",
        ".gemini/hooks/guard.sh": `#!/usr/bin/env bash\ncase "$(jq -r '.tool_input.command')" in *"rm -rf"*) echo "rm -rf is not allowed" >&2; exit 2 ;; esac\nexit 0\n`,
        ".gemini/settings.json": {
          hooks: {
            BeforeTool: [{ matcher: "run_shell_command", hooks: [{ ...command("bash $GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh"), timeout: 10000 }] }],
            AfterTool: [{ matcher: "write_file|replace", hooks: [command(`jq -r '.tool_name + " " + .tool_input.file_path' >> formatted.log`)] }],
          },
        },
      },
      // Two tool calls with hooks: room for a loaded machine (the test's own timeout is below).
      timeoutMs: 280_000,
      script: [
        { tool: "bash", args: { command: "rm -rf victim", description: "clean" } },
        { tool: "write", args: { filePath: "hello.txt", content: "hi\n" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe("Tool execution blocked: rm -rf is not allowed");
    expect(await readFile(s.project.file("formatted.log"), "utf8")).toBe(`write_file ${s.project.file("hello.txt")}\n`);
  }, 300_000);

  it("an AfterAgent gate sends the agent back once with its reason as the next message; SessionStart context reaches the first turn", async () => {
    const gate = [
      "#!/usr/bin/env bash",
      "input=$(cat)",
      'printf "%s\\n" "$input" >> stop-input.jsonl',
      'printf "%s" "$input" | jq -e .stop_hook_active >/dev/null && exit 0',
      `echo '{"decision":"deny","reason":"Run the tests before you stop."}'`,
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".gemini/hooks/gate.sh": `${gate}\n`,
        ".gemini/settings.json": {
          hooks: {
            AfterAgent: [{ hooks: [command("bash .gemini/hooks/gate.sh")] }],
            SessionStart: [{ matcher: "startup", hooks: [command(`echo '{"hookSpecificOutput":{"additionalContext":"Gemini says: branch main"}}'`)] }],
          },
        },
      },
      timeoutMs: 280_000,
      script: [{ text: "first answer" }, { text: "tests pass" }],
    });
    const requests = agentRequests(s);
    expect(requests).toHaveLength(2);
    expect(userTexts(requests[0]!)).toContain("<hook_context>Gemini says: branch main</hook_context>");
    expect(userTexts(requests[0]!)).not.toContain("<system-reminder>\\n<hook_context>");
    const last = requests[1]!.body.messages.findLast((message) => message.role === "user");
    expect(JSON.stringify(last?.content)).toContain("Run the tests before you stop.");
    expect(JSON.stringify(last?.content)).not.toContain("hook feedback");
    const inputs = (await readFile(s.project.file("stop-input.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    expect(inputs[0]).toMatchObject({ hook_event_name: "AfterAgent", cwd: s.project.dir, prompt_response: "first answer", timestamp: expect.any(String) });
  }, 300_000);
});
