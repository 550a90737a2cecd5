// The pure reading of OpenCode session messages: how a turn ended, the last answer, the prompt,
// and the Claude-shaped transcript hooks read.
import { describe, expect, it } from "vitest";
import type { MessageWithParts } from "../../plugin/opencode/client.js";
import { claudeTranscript } from "../../plugin/opencode/claude-transcript.js";
import { isContinuation, lastAssistantText, textOf, turnEnd } from "../../plugin/opencode/session-messages.js";

const user = (id: string, text: string, extra: Record<string, unknown> = {}): MessageWithParts =>
  ({
    info: { id, role: "user", sessionID: "ses_1", time: { created: 1_000 }, agent: "build", model: { providerID: "p", modelID: "m" } },
    parts: [{ id: `${id}_p`, type: "text", text, ...extra }],
  }) as unknown as MessageWithParts;
const assistant = (id: string, parentID: string, parts: unknown[], info: Record<string, unknown> = {}): MessageWithParts =>
  ({
    info: { id, role: "assistant", parentID, sessionID: "ses_1", modelID: "m", time: { created: 2_000, completed: 3_000 }, finish: "stop", ...info },
    parts,
  }) as unknown as MessageWithParts;
const bash = (callID: string, state: Record<string, unknown>) => ({ type: "tool", tool: "bash", callID, state: { input: { command: "ls" }, ...state } });

describe("turnEnd", () => {
  it("a turn has ended when the last answer replies to the last prompt and asks for no tool", () => {
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", [{ type: "text", text: "hello" }])])).toEqual({
      assistantID: "a1",
      finished: true,
      usedTools: false,
    });
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", [], { finish: "tool-calls" })]).finished).toBe(false);
    // A new prompt nobody answered yet (a Stop continuation that is pending).
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", []), user("u2", "more")]).finished).toBe(false);
  });

  it("tells Esc from an API error, notices tools, and ignores a compaction summary", () => {
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", [], { error: { name: "MessageAbortedError", data: {} }, finish: undefined })])).toMatchObject({
      finished: true,
      error: "aborted",
    });
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", [], { error: { name: "APIError", data: { message: "x" } } })])).toMatchObject({ error: "failed" });
    expect(
      turnEnd([user("u1", "hi"), assistant("a1", "u1", [bash("c1", { status: "completed", output: "" })], { finish: "tool-calls" }), assistant("a2", "u1", [])])
        .usedTools,
    ).toBe(true);
    expect(turnEnd([user("u1", "hi"), assistant("a1", "u1", [], { summary: true })]).finished).toBe(false);
  });

  it("reads the last answer and the typed prompt, and knows its own continuations", () => {
    expect(
      lastAssistantText([
        user("u1", "hi"),
        assistant("a1", "u1", [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ]),
      ]),
    ).toBe("one\ntwo");
    const parts = [
      { type: "text", text: "typed" },
      { type: "text", text: "hook context", synthetic: true },
      { type: "text", text: "blocked", ignored: true },
    ];
    expect(textOf(parts as never)).toBe("typed");
    expect(isContinuation([{ type: "text", text: "x", metadata: { hooks2opencode: "stop-continuation" } }] as never)).toBe(true);
    expect(isContinuation([{ type: "text", text: "x", metadata: { hooks2opencode: "session-context" } }] as never)).toBe(false);
  });
});

describe("claudeTranscript", () => {
  it("writes Claude's JSONL: the prompt, text and tool_use blocks under Claude names, and each tool_result", () => {
    const messages = [
      user("u1", "list the files"),
      assistant("a1", "u1", [{ type: "text", text: "Listing." }, bash("call_1", { status: "completed", output: "a.txt\n" })], { finish: "tool-calls" }),
      assistant("a2", "u1", [{ type: "text", text: "One file." }]),
    ];
    const lines = claudeTranscript(messages, { sessionID: "ses_1", cwd: "/p", mcpServers: [], version: "hooks2opencode 0.1.0" })
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(lines[0]).toMatchObject({ parentUuid: null, sessionId: "ses_1", cwd: "/p", message: { role: "user", content: "list the files" } });
    expect(lines[1].message).toMatchObject({
      role: "assistant",
      stop_reason: "tool_use",
      content: [
        { type: "text", text: "Listing." },
        { type: "tool_use", id: "call_1", name: "Bash", input: { command: "ls" } },
      ],
    });
    expect(lines[2].message.content).toEqual([{ type: "tool_result", tool_use_id: "call_1", content: "a.txt\n", is_error: false }]);
    expect(lines[3]).toMatchObject({ parentUuid: lines[2].uuid, message: { stop_reason: "end_turn", content: [{ type: "text", text: "One file." }] } });
  });
});
