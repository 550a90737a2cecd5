// Lifecycle events through the generated plugin, loaded in-process with real sh/jq hooks; the
// client records what the plugin asked OpenCode to do.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });
const calls = (plugin: Awaited<ReturnType<typeof loadPlugin>>, name: string) =>
  plugin.client.calls.filter(([called]) => called === name).map(([, options]) => options);

describe("prompts", () => {
  it("UserPromptSubmit context is a synthetic part after the prompt; sessionTitle renames the session", async () => {
    const title = JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "use pnpm", sessionTitle: "Fix the build" } });
    project = await makeProject({ ".claude/settings.json": settings({ UserPromptSubmit: [{ hooks: [command(`echo '${title}'`)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const parts = await plugin.prompt("build it");
    expect(parts.map((part) => [part.text, part.synthetic ?? false])).toEqual([
      ["build it", false],
      ["<system-reminder>\nUserPromptSubmit hook additional context: use pnpm\n</system-reminder>", true],
    ]);
    expect(calls(plugin, "session.update")).toEqual([{ path: { id: "ses_test" }, body: { title: "Fix the build" } }]);
  });

  it("continue: false blocks the prompt like exit 2: its text is ignored by every model, the turn is aborted", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ UserPromptSubmit: [{ hooks: [command(`echo '{"continue": false, "stopReason": "frozen"}'`)] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    const parts = await plugin.prompt("deploy now");
    expect(parts).toEqual([expect.objectContaining({ text: "deploy now", ignored: true })]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(plugin, "session.abort")).toContainEqual({ path: { id: "ses_test" } });
    expect(plugin.client.logs().join("\n")).toContain("UserPromptSubmit operation blocked by hook:\nfrozen");
  });

  it("a session met first in a prompt is resumed: SessionStart runs with source resume, once, before UserPromptSubmit", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        SessionStart: [{ matcher: "resume", hooks: [command('jq -r \'"source=" + .source\' | tee -a "$CLAUDE_PROJECT_DIR/order"')] }],
        UserPromptSubmit: [{ hooks: [command('echo prompt >> "$CLAUDE_PROJECT_DIR/order"')] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const parts = await plugin.prompt("where were we");
    await plugin.prompt("and now");
    expect((await readFile(project.file("order"), "utf8")).trim().split("\n")).toEqual(["source=resume", "prompt", "prompt"]);
    expect(parts[0]).toMatchObject({ synthetic: true, text: "<system-reminder>\nSessionStart:resume hook success: source=resume\n</system-reminder>" });
  });
});

describe("subagents", () => {
  it("a SubagentStop block that sends the subagent back is let go when OpenCode closes: its hooks do not run again on the old answer", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        SubagentStop: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/subagent-stop.jsonl"; echo "not done" >&2; exit 2')] }],
      }),
    });
    // The child's history stays its first answer: a turn let go at shutdown adds none.
    const text = (id: string, messageID: string, value: string) => ({ id, sessionID: "ses_child", messageID, type: "text", text: value });
    const childTurn = [
      {
        info: { id: "msg_u1", sessionID: "ses_child", role: "user", time: { created: 1 }, agent: "explore", model: { providerID: "p", modelID: "m" } },
        parts: [text("prt_u1", "msg_u1", "look around")],
      },
      {
        info: { id: "msg_a1", sessionID: "ses_child", role: "assistant", parentID: "msg_u1", time: { created: 2, completed: 3 }, finish: "stop" },
        parts: [text("prt_a1", "msg_a1", "found it")],
      },
    ];
    const plugin = await loadPlugin(project.dir, { permission: "allow" }, { messages: (id) => (id === "ses_child" ? childTurn : []) });
    await plugin.emit("session.created", { sessionID: "ses_main", info: { id: "ses_main", title: "New session" } });
    await plugin.emit("session.created", { sessionID: "ses_child", info: { id: "ses_child", parentID: "ses_main", title: "look (@explore subagent)" } });
    const task = plugin.call(
      "task",
      { description: "look", prompt: "look around", subagent_type: "explore" },
      {
        title: "look",
        output: "task_id: ses_child\n\n<task_result>\nfound it\n</task_result>",
        metadata: { sessionId: "ses_child" },
      },
    );
    for (let waited = 0; calls(plugin, "session.promptAsync").length === 0 && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(plugin, "session.promptAsync")).toEqual([expect.objectContaining({ path: { id: "ses_child" } })]);
    await plugin.hooks.dispose!();
    await task;
    const runs = (await readFile(project.file("subagent-stop.jsonl"), "utf8")).trim().split("\n");
    expect(runs).toHaveLength(1);
    expect(calls(plugin, "session.promptAsync")).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("CLAUDE_ENV_FILE exports reach OpenCode's shell.env for that session and its subagents only", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        SessionStart: [{ hooks: [command('printf "export MY_TOOL_MODE=ci\\nexport PATH=\\"/opt/tool:$PATH\\"\\n" >> "$CLAUDE_ENV_FILE"')] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.emit("session.created", { sessionID: "ses_main", info: { id: "ses_main", title: "New session" } });
    await plugin.prompt("go", "ses_main");
    await plugin.emit("session.created", { sessionID: "ses_child", info: { id: "ses_child", parentID: "ses_main", title: "look (@explore subagent)" } });
    const env = async (sessionID: string) => {
      const output = { env: {} as Record<string, string> };
      await plugin.hooks["shell.env"]!({ cwd: project.dir, sessionID, callID: "c" }, output);
      return output.env;
    };
    expect(await env("ses_main")).toMatchObject({ MY_TOOL_MODE: "ci", PATH: `/opt/tool:${process.env.PATH}` });
    expect(await env("ses_child")).toMatchObject({ MY_TOOL_MODE: "ci" });
    expect(await env("ses_other")).toEqual({});
  });

  it("SessionEnd runs at shutdown within Claude's 1.5 s shared budget; the private files are gone after", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ SessionEnd: [{ hooks: [command('cat > "$CLAUDE_PROJECT_DIR/end.json"'), command("sleep 5")] }] }),
    });
    const plugin = await loadPlugin(project.dir, { permission: "allow" }, { messages: () => [] });
    await plugin.emit("session.created", { sessionID: "ses_main", info: { id: "ses_main", title: "New session" } });
    await plugin.prompt("hello", "ses_main");
    const started = Date.now();
    await plugin.hooks.dispose!();
    expect(Date.now() - started).toBeLessThan(4000);
    const end = JSON.parse(await readFile(project.file("end.json"), "utf8"));
    expect(end).toMatchObject({ hook_event_name: "SessionEnd", reason: "prompt_input_exit", session_id: "ses_main" });
    expect(existsSync(end.transcript_path)).toBe(false);
  });

  it("idle_prompt: the Notification fires once the main session has waited for the user, not when it got busy again", async () => {
    process.env.HOOKS2OPENCODE_IDLE_NOTIFICATION_MS = "100";
    try {
      project = await makeProject({
        ".claude/settings.json": settings({ Notification: [{ matcher: "idle_prompt", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/notified"')] }] }),
      });
      const plugin = await loadPlugin(project.dir);
      await plugin.emit("session.idle", { sessionID: "ses_a" });
      await plugin.emit("session.idle", { sessionID: "ses_b" });
      await plugin.emit("session.status", { sessionID: "ses_b", status: { type: "busy" } });
      await new Promise((resolve) => setTimeout(resolve, 600));
      const notices = (await readFile(project.file("notified"), "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(notices).toEqual([
        expect.objectContaining({ session_id: "ses_a", notification_type: "idle_prompt", message: "Claude is waiting for your input" }),
      ]);
    } finally {
      delete process.env.HOOKS2OPENCODE_IDLE_NOTIFICATION_MS;
    }
  });
});

describe("permission prompts", () => {
  const asked = (callID: string, command: string) => ({
    id: `per_${callID}`,
    sessionID: "ses_test",
    permission: "bash",
    patterns: [command],
    metadata: { command },
    always: [`${command.split(" ")[0]} *`],
    tool: { messageID: "msg_1", callID },
  });

  it("PermissionRequest answers with the first decision; a call PreToolUse allowed never reaches it", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "ask a human" } } });
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${allow}'`, { if: "Bash(git status *)" })] }],
        PermissionRequest: [{ matcher: "Bash", hooks: [command(`cat >> "$CLAUDE_PROJECT_DIR/asked.jsonl"; echo '${deny}'`)] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "git status --short" }, "call_allowed");
    await plugin.before("bash", { command: "rm notes.txt" }, "call_other");
    await plugin.emit("permission.asked", asked("call_allowed", "git status --short"));
    await plugin.emit("permission.asked", asked("call_other", "rm notes.txt"));
    const inputs = (await readFile(project.file("asked.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(inputs).toEqual([
      expect.objectContaining({
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "rm notes.txt" },
        permission_suggestions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "rm *" }], behavior: "allow", destination: "localSettings" }],
      }),
    ]);
    expect(inputs[0]).not.toHaveProperty("tool_use_id");
    expect(calls(plugin, "permission.reply")).toEqual([
      { path: { id: "ses_test", permissionID: "per_call_allowed" }, body: { response: "once" } },
      // The test client has no raw HTTP client for a reject with feedback: the v1 route answers.
      { path: { id: "ses_test", permissionID: "per_call_other" }, body: { response: "reject" } },
    ]);
  });
});
