// convert --permissions in the real OpenCode binary, through OpenCode's own permission config (which
// the plugin writes into the config OpenCode hands its `config` hook): a Claude ask rule raises
// OpenCode's permission prompt though the user's opencode.json allows everything, also inside a
// compound command and over an allow rule; an allow rule lets a command run without any prompt
// where the user's opencode.json asks for every bash command, and the user's ask still holds for
// the rest. Driven as the TUI drives `opencode serve` (prompts wait for an answer, given through
// the reply route).
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";
import type { PendingPermission, ServedSession } from "./harness/served-session.js";

const run = scenarios();

interface Seen {
  asked?: PendingPermission;
  ranBeforeAnswer?: boolean;
  done?: boolean;
}

/** OpenCode's log line for each permission it asked (Permission.ask logs `asking` with the patterns). */
function askedPatterns(log: string): string[] {
  return log.split("\n").filter((line) => line.includes("message=asking"));
}

describe("Claude's ask and allow rules through OpenCode's permission config", () => {
  it("an ask rule raises OpenCode's prompt for a compound command, over an allow rule and the user's allow-everything config", async () => {
    const seen: Seen = {};
    const s = await run({
      settings: { permissions: { allow: ["Bash(echo *)", "Bash(touch *)"], ask: ["Bash(touch asked.txt)"] } },
      convert: () => ({ permissions: true }),
      script: [{ tool: "bash", args: { command: "echo start && touch asked.txt" } }, { text: "done" }],
      timeoutMs: 90_000,
      serve: {
        client: "api",
        drive: async (server: ServedSession, projectDir: string) => {
          seen.asked = await server.pendingPermission();
          seen.ranBeforeAnswer = existsSync(`${projectDir}/asked.txt`);
          await server.reply(seen.asked.id, "once");
          await server.idleAfter(2);
          seen.done = true;
        },
        settled: () => seen.done === true,
      },
    });
    // The harness's opencode.json says `"permission": "allow"`: only Claude's ask rule can make OpenCode ask.
    expect(seen.asked).toMatchObject({ permission: "bash", patterns: ["echo start", "touch asked.txt"], tool: { callID: callId(0, 0) } });
    expect(seen.ranBeforeAnswer).toBe(false);
    expect(existsSync(s.project.file("asked.txt"))).toBe(true);
  });

  it("an allow rule runs its command without a prompt where the user's opencode.json asks for bash; other commands are still asked", async () => {
    const seen: Seen = {};
    const s = await run({
      settings: { permissions: { allow: ["Bash(touch allowed.txt)"] } },
      convert: () => ({ permissions: true }),
      opencode: () => ({ permission: { bash: "ask" } }),
      script: [{ tool: "bash", args: { command: "touch allowed.txt" } }, { tool: "bash", args: { command: "mkdir asked-dir" } }, { text: "done" }],
      timeoutMs: 90_000,
      serve: {
        client: "api",
        drive: async (server: ServedSession, projectDir: string) => {
          seen.asked = await server.pendingPermission();
          seen.ranBeforeAnswer = existsSync(`${projectDir}/allowed.txt`);
          await server.reply(seen.asked.id, "once");
          await server.idleAfter(3);
          seen.done = true;
        },
        settled: () => seen.done === true,
      },
    });
    // The first prompt OpenCode raised is for the command no rule allows; the allowed one had run already.
    expect(seen.asked).toMatchObject({ permission: "bash", patterns: ["mkdir asked-dir"], tool: { callID: callId(1, 0) } });
    expect(seen.ranBeforeAnswer).toBe(true);
    expect(existsSync(s.project.file("asked-dir"))).toBe(true);
    const asking = askedPatterns(s.run.stderr);
    expect(asking).toHaveLength(1);
    expect(asking[0]).toContain("mkdir asked-dir");
  });

  it("where OpenCode's glob misses the call (a wrapper Claude strips), the plugin asks as for a PreToolUse ask: not run this turn, OpenCode's prompt the next", async () => {
    const seen: Seen & { first?: boolean } = {};
    const call = { tool: "bash", args: { command: "timeout 5 touch wrapped.txt" } };
    const s = await run({
      settings: { permissions: { ask: ["Bash(touch *)"] } },
      convert: () => ({ permissions: true }),
      script: [call, { text: "I need your approval." }, call, { text: "done" }],
      timeoutMs: 150_000,
      serve: {
        client: "api",
        drive: async (server: ServedSession, projectDir: string) => {
          await server.idleAfter(2);
          seen.first = existsSync(`${projectDir}/wrapped.txt`);
          await server.prompt("yes, go ahead");
          seen.asked = await server.pendingPermission();
          await server.reply(seen.asked.id, "once");
          await server.idleAfter(4);
          seen.done = true;
        },
        settled: () => seen.done === true,
      },
    });
    expect(seen.first).toBe(false);
    expect(s.toolResult(callId(0, 0))).toContain("This call needs the user's approval (the permissions ask rule Bash(touch *) asked for it)");
    expect(seen.asked).toMatchObject({ permission: "bash", patterns: ["timeout 5 touch wrapped.txt"], tool: { callID: callId(2, 0) } });
    expect(existsSync(s.project.file("wrapped.txt"))).toBe(true);
  });

  it("under opencode run, which cannot ask anyone, a call an ask rule matches is not run and the model reads why", async () => {
    const s = await run({
      settings: { permissions: { ask: ["Bash(touch *)"] } },
      convert: () => ({ permissions: true }),
      script: [{ tool: "bash", args: { command: "touch asked.txt" } }, { text: "ok" }],
    });
    expect(existsSync(s.project.file("asked.txt"))).toBe(false);
    expect(s.toolResult(callId(0, 0))).toContain("`opencode run` cannot ask the user (it rejects every permission prompt): it was not run.");
  });
});
