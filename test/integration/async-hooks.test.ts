// async and asyncRewake hooks through the generated plugin, loaded in-process with real sh hooks:
// the call never waits for them; what they say reaches the model later, as in Claude
// (https://code.claude.com/docs/en/hooks#async-hooks).
import { describe, expect, it } from "vitest";
import { tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("async-");
const context = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "lint: 2 warnings" },
  decision: "block",
  reason: "ignored",
});
const until = async (condition: () => boolean, ms = 5000) => {
  for (const started = Date.now(); !condition() && Date.now() - started < ms;) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("async hooks", () => {
  it("never hold the call up; their additionalContext reaches the next prompt; their decision has no effect", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sleep 0.3; echo '${context}'`, async: true }] }],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    const started = Date.now();
    const output = await plugin.call("bash", { command: "ls" }, { title: "", output: "files", metadata: {} });
    expect(Date.now() - started).toBeLessThan(250);
    expect(output.output).toBe("files"); // decision: "block" of an async hook does nothing
    await until(() => plugin.client.logs().some((line) => line.includes("finished: success")));
    const parts = await plugin.prompt("next");
    expect(parts.map((part) => part.text)).toEqual(["<system-reminder>\nPostToolUse hook additional context: lint: 2 warnings\n</system-reminder>", "next"]);
  });

  it("context that finishes in a turn goes after the latest messages, in a message of its own, and stays there: earlier messages never change", async () => {
    const checked = `jq -c '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: ("checked: " + .tool_input.command)}}'`;
    const p = await project({
      ".claude/settings.json": settings({ PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: checked, async: true }] }] }),
    });
    const plugin = await loadPlugin(p.dir);
    const finished = (count: number) => until(() => plugin.client.logs().filter((line) => line.includes("finished: success")).length >= count);
    // What OpenCode hands the hook before each model request: a fresh copy of the saved history.
    const request = async (history: object[]) => {
      const messages = structuredClone(history) as Array<{ info: { id: string; role: string }; parts: Array<{ type: string; text?: string }> }>;
      await plugin.hooks["experimental.chat.messages.transform"]!({}, { messages } as never);
      return messages;
    };
    const message = (id: string, role: string, parts: object[]) => ({ info: { id, sessionID: "ses_test", role }, parts });
    const bash = (callID: string, command: string) => ({
      type: "tool",
      tool: "bash",
      callID,
      state: { status: "completed", input: { command }, output: "ok" },
    });
    const reminder = (command: string) => `<system-reminder>\nPostToolUse hook additional context: checked: ${command}\n</system-reminder>`;
    const prompt = message("msg_1", "user", [{ type: "text", text: "fix the lint" }]);
    const lint = message("msg_2", "assistant", [bash("call_1", "npm run lint")]);
    const tests = message("msg_3", "assistant", [bash("call_2", "npm test")]);

    await plugin.call("bash", { command: "npm run lint" }, { title: "", output: "ok", metadata: {} });
    await finished(1);
    const first = await request([prompt, lint]);
    expect(first.map((m) => m.info.id).slice(0, 2)).toEqual(["msg_1", "msg_2"]);
    expect(first[0]).toEqual(prompt); // not into the prompt the model read before the call
    expect(first).toHaveLength(3);
    expect(first[2]!.info.role).toBe("user");
    expect(first[2]!.parts.map((part) => part.text)).toEqual([reminder("npm run lint")]);

    await plugin.call("bash", { command: "npm test" }, { title: "", output: "ok", metadata: {} });
    await finished(2);
    const second = await request([prompt, lint, tests]);
    expect(JSON.stringify(second.slice(0, 3))).toBe(JSON.stringify(first)); // byte for byte: a provider's prompt cache still hits
    expect(second[3]!.info.id).toBe("msg_3");
    expect(second[4]!.parts.map((part) => part.text)).toEqual([reminder("npm test")]);
    expect(second).toHaveLength(5);
    const third = await request([prompt, lint, tests]);
    expect(JSON.stringify(third)).toBe(JSON.stringify(second));
  });

  it("asyncRewake: an exit 2 wakes an idle session with a new turn holding its stderr; a busy one gets it with its next prompt, or at its idle", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sleep 0.2; echo 'tests broke' >&2; exit 2", asyncRewake: true }] }],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    await plugin.call("bash", { command: "ls" }, { title: "", output: "", metadata: {} });
    await until(() => plugin.client.calls.some(([name]) => name === "session.promptAsync"));
    const turns = plugin.client.calls
      .filter(([name]) => name === "session.promptAsync")
      .map(([, options]) => options as { body: { parts: Array<{ text: string }> } });
    expect(turns).toHaveLength(1);
    expect(turns[0]!.body.parts[0]!.text).toBe(
      "<system-reminder>\nPostToolUse async hook [sleep 0.2; echo 'tests broke' >&2; exit 2] reported:\ntests broke\n</system-reminder>",
    );

    const busy = await loadPlugin(p.dir);
    await busy.emit("session.status", { sessionID: "ses_test", status: { type: "busy" } });
    await busy.call("bash", { command: "ls" }, { title: "", output: "", metadata: {} });
    await until(() => busy.client.logs().some((line) => line.includes("finished: blocking")));
    expect(busy.client.calls.filter(([name]) => name === "session.promptAsync")).toEqual([]);
    expect((await busy.prompt("go on")).map((part) => part.text)[0]).toContain("tests broke");

    // The turn that was running ends without another request: its idle wakes the session.
    const ended = await loadPlugin(p.dir);
    await ended.emit("session.status", { sessionID: "ses_test", status: { type: "busy" } });
    await ended.call("bash", { command: "ls" }, { title: "", output: "", metadata: {} });
    await until(() => ended.client.logs().some((line) => line.includes("finished: blocking")));
    expect(ended.client.calls.filter(([name]) => name === "session.promptAsync")).toEqual([]);
    await ended.emit("session.idle", { sessionID: "ses_test" });
    expect(ended.client.calls.filter(([name]) => name === "session.promptAsync")).toHaveLength(1);
  });
});
