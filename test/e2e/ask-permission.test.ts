// A PreToolUse `ask` in real OpenCode: the call never runs unasked. In the TUI's path (opencode serve
// driven through its API) the call is not run in the turn the hook asked in, and the model reads why;
// the session gets a rule that asks for that call, so the same call in the next turn raises OpenCode's
// own permission prompt, and the answer given through the permission reply route decides. Under
// `opencode run`, which cannot ask anyone, it never runs.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { command, scenarios } from "./harness/scenario.js";
import type { PendingPermission, ServedSession } from "./harness/served-session.js";

const run = scenarios();

const ASK = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "Creating the marker needs your approval"}}'`;
const settings = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [command(`tee -a "$CLAUDE_PROJECT_DIR/pre.jsonl" | ${ASK}`)] }],
    PermissionRequest: [{ matcher: "Bash", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/permission-requests.jsonl"')] }],
  },
};
const touch = { tool: "bash", args: { command: "touch marker.txt" } };
// Turn 1: the call (asked, not run), then the model's answer; turn 2: the same call again, then the answer.
const script = [touch, { text: "I need your approval to create the marker." }, touch, { text: "done" }];

interface Seen {
  markerAfterTurn1?: boolean;
  rules?: unknown;
  asked?: PendingPermission;
  /** The state of the tool part of the call made again, once the second run is over. */
  again?: Record<string, unknown>;
}

/** Turn 1 ends with the call not run; the user's next prompt makes the model call it again, and OpenCode's prompt is answered `reply`. */
function answerSecondTurn(reply: "once" | "reject", seen: Seen) {
  return async (server: ServedSession, projectDir: string) => {
    await server.idleAfter(2);
    seen.markerAfterTurn1 = existsSync(path.join(projectDir, "marker.txt"));
    seen.rules = (await server.info()).permission;
    await server.prompt("yes, go ahead");
    seen.asked = await server.pendingPermission();
    await server.reply(seen.asked.id, reply);
    // A reject ends the run at that step (OpenCode stops the loop); a once runs the call and the model answers.
    await server.idleAfter(reply === "once" ? 4 : 3);
    const parts = (await server.messages()).flatMap((message) => message.parts);
    seen.again = parts.find((part) => part.type === "tool" && part.callID === callId(2, 0))?.state as Record<string, unknown>;
  };
}

describe("PreToolUse ask", () => {
  it.each([
    ["once", true],
    ["reject", false],
  ] as const)(
    "in the TUI's path: not run in the turn it was asked in; the same call next turn raises OpenCode's prompt, and %s decides",
    async (reply, runs) => {
      const seen: Seen = {};
      const s = await run({
        settings,
        script,
        serve: { client: "api", drive: answerSecondTurn(reply, seen), settled: () => seen.again !== undefined },
        // Two turns, a prompt and its answer: longer than one run on a busy machine.
        timeoutMs: 170_000,
      });
      expect(seen.markerAfterTurn1).toBe(false);
      const first = s.toolResult(callId(0, 0));
      expect(first).toContain("This call needs the user's approval (a PreToolUse hook asked for it)");
      expect(first).toContain("make exactly the same call again: OpenCode will then ask them to approve or reject it");
      expect(seen.rules).toEqual([{ permission: "bash", pattern: "touch marker.txt", action: "ask" }]);
      expect(seen.asked).toMatchObject({ permission: "bash", patterns: ["touch marker.txt"], tool: { callID: callId(2, 0) } });
      expect(existsSync(s.project.file("marker.txt"))).toBe(runs);
      expect(seen.again).toMatchObject(
        runs ? { status: "completed" } : { status: "error", error: "The user rejected permission to use this specific tool call." },
      );
      // The hook asked both times; PermissionRequest hooks run on OpenCode's prompt, as on Claude's.
      expect((await readFile(s.project.file("pre.jsonl"), "utf8")).trim().split("\n")).toHaveLength(2);
      const requests = (await readFile(s.project.file("permission-requests.jsonl"), "utf8")).trim().split("\n");
      expect(requests.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({
          hook_event_name: "PermissionRequest",
          tool_name: "Bash",
          tool_input: expect.objectContaining({ command: "touch marker.txt" }),
        }),
      ]);
    },
  );

  it("under opencode run, which cannot ask anyone, the call never runs and the model is told why", async () => {
    const s = await run({ settings, script: [touch, { text: "ok" }] });
    expect(existsSync(s.project.file("marker.txt"))).toBe(false);
    expect(s.toolResult(callId(0, 0))).toContain("`opencode run` cannot ask the user (it rejects every permission prompt): it was not run.");
  });
});
