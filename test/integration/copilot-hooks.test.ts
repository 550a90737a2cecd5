// Copilot CLI hooks (.github/hooks/*.json, `hooks` in .github/copilot/settings.json) converted
// beside Claude's and replayed in-process with Copilot's contract, by real sh/jq hooks written the
// way Copilot users write them (https://docs.github.com/en/copilot/reference/hooks-reference):
// camelCase hooks read `.toolArgs`, PascalCase ones `.tool_input` (with Copilot's argument names).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { convert } from "../../cli/commands/convert.js";
import { testHook } from "../../cli/commands/test-hook.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const hooksFile = (hooks: Record<string, object[]>) => ({ version: 1, hooks });

/** A guard as Copilot's docs write one: read the command from toolArgs, deny with a reason. */
const GUARD = `#!/bin/sh
cmd=$(jq -r '.toolArgs.command // empty')
case "$cmd" in
  *"rm -rf"*) echo '{"permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}' ;;
esac
`;

const lines = async (file: string) =>
  (await readFile(file, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("Copilot hooks replayed with Copilot's contract", () => {
  it("a preToolUse guard reading toolArgs.command denies with Copilot's text; other commands run", async () => {
    project = await makeProject({
      ".github/hooks/guard.sh": GUARD,
      ".github/hooks/security.json": hooksFile({ preToolUse: [{ type: "command", bash: "sh .github/hooks/guard.sh", matcher: "bash" }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "rm -rf build", description: "clean" })).rejects.toThrow("Denied by preToolUse hook: rm -rf is not allowed");
    await expect(plugin.before("bash", { command: "ls", description: "list" })).resolves.toEqual({ command: "ls", description: "list" });
  });

  it("sends the camelCase payload to a camelCase hook and the snake_case one, with Claude's tool name, to a PascalCase hook", async () => {
    project = await makeProject({
      ".github/hooks/log.json": hooksFile({
        preToolUse: [{ bash: "cat >> camel.jsonl" }],
        PreToolUse: [{ bash: 'cat >> pascal.jsonl; printf "%s %s %s" "$COPILOT_CLI" "$COPILOT_PROJECT_DIR" "${CLAUDECODE-unset}" > env.txt' }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("write", { filePath: project.file("a.txt"), content: "hi\n" });
    const [camel] = await lines(project.file("camel.jsonl"));
    expect(Object.keys(camel!)).toEqual(["sessionId", "timestamp", "cwd", "toolName", "toolArgs"]);
    expect(camel).toMatchObject({ sessionId: "ses_test", cwd: project.dir, toolName: "create", toolArgs: { path: project.file("a.txt"), file_text: "hi\n" } });
    expect(typeof camel!.timestamp).toBe("number");
    const [pascal] = await lines(project.file("pascal.jsonl"));
    expect(Object.keys(pascal!)).toEqual(["hook_event_name", "session_id", "timestamp", "cwd", "tool_name", "tool_input"]);
    expect(pascal).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { path: project.file("a.txt"), file_text: "hi\n" } });
    expect(pascal!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await readFile(project.file("env.txt"), "utf8")).toBe(`1 ${project.dir} unset`);
  });

  it("fails closed: exit 2 and a crash deny whatever stdout says; a timeout lets the call through", async () => {
    project = await makeProject({
      ".github/hooks/gate.json": hooksFile({
        preToolUse: [
          { bash: `jq -e '.toolArgs.command == "two"' >/dev/null && { echo '{"permissionDecision":"allow"}'; echo ignored >&2; exit 2; }; exit 0` },
          { bash: `jq -e '.toolArgs.command == "one"' >/dev/null && exit 1; exit 0` },
          { bash: `jq -e '.toolArgs.command == "slow"' >/dev/null && sleep 5; exit 0`, timeoutSec: 1 },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "two" })).rejects.toThrow("Denied by preToolUse hook: hook exited with code 2");
    await expect(plugin.before("bash", { command: "one" })).rejects.toThrow('Denied by preToolUse hook from ".github/hooks/gate.json" (hook errored)');
    await expect(plugin.before("bash", { command: "slow" })).resolves.toEqual({ command: "slow" });
  });

  it("modifiedArgs rewrites the call in Copilot's shape; OpenCode's other arguments are kept", async () => {
    project = await makeProject({
      ".github/hooks/rewrite.json": hooksFile({
        preToolUse: [{ matcher: "bash", bash: `jq -c '{permissionDecision: "allow", modifiedArgs: (.toolArgs + {command: "echo safe"})}'` }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "danger", description: "d", timeout: 5000 })).resolves.toEqual({
      command: "echo safe",
      description: "d",
      timeout: 5000,
    });
  });

  it("a postToolUse formatter reads toolArgs.path; additionalContext follows Copilot's guidance line; modifiedResult replaces", async () => {
    project = await makeProject({
      ".github/hooks/format.json": hooksFile({
        postToolUse: [
          { matcher: "edit|create", bash: "jq -r '.toolArgs.path' >> formatted.txt" },
          { matcher: "create", bash: `echo '{"additionalContext":"Run the linter next."}'` },
          { matcher: "view", bash: `jq -c '{modifiedResult: {resultType: "success", textResultForLlm: ("[redacted " + .toolName + "]")}}'` },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const written = await plugin.call(
      "write",
      { filePath: project.file("a.ts"), content: "x" },
      { title: "a.ts", output: "Wrote file successfully.", metadata: {} },
    );
    await plugin.call("edit", { filePath: project.file("a.ts"), oldString: "x", newString: "y" }, { title: "a.ts", output: "Edit applied.", metadata: {} });
    expect(await readFile(project.file("formatted.txt"), "utf8")).toBe(`${project.file("a.ts")}\n${project.file("a.ts")}\n`);
    expect(written.output).toBe('Wrote file successfully.\n\nTool "create" succeeded. Additional guidance from postToolUse hooks:\nRun the linter next.');
    const read = await plugin.call("read", { filePath: project.file("a.ts") }, { title: "a.ts", output: "1: y", metadata: {} });
    expect(read.output).toBe("[redacted view]");
  });

  it("PascalCase PreToolUse reads Claude-format matchers: `Bash` and `bash` both fire, with tool_input in Copilot's names", async () => {
    project = await makeProject({
      ".github/copilot/settings.json": {
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "jq -c '[.tool_name, .tool_input]' >> claude-name.jsonl" }] },
            { matcher: "bash", hooks: [{ type: "command", command: "jq -r .tool_name >> runtime-name.txt" }] },
          ],
        },
      },
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "ls", description: "list" });
    await plugin.before("glob", { pattern: "*.ts" });
    expect(await readFile(project.file("claude-name.jsonl"), "utf8")).toBe('["Bash",{"command":"ls","description":"list"}]\n');
    expect(await readFile(project.file("runtime-name.txt"), "utf8")).toBe("Bash\n");
  });

  it("Claude's settings and Copilot's hooks of one project each run once, with their own contract; the report names the agent", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "jq -r .tool_input.command >> claude.txt" }] }],
      }),
      ".github/hooks/copilot.json": hooksFile({
        preToolUse: [{ matcher: "bash", bash: "jq -r .toolArgs.command >> copilot.txt" }],
        userPromptTransformed: [{ bash: "true" }],
      }),
    });
    const out: string[] = [];
    const result = await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    expect(result.exitCode).toBe(0);
    const report = out.join("");
    expect(report).toMatch(/translated\s+\w+ \[bash\] jq -r .toolArgs.command >> copilot.txt \(Copilot CLI\)/);
    expect(report).toMatch(/dropped\s+userPromptTransformed \[\*\] true \(Copilot CLI\)[\s\S]*why: OpenCode has no step/);
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "echo x", description: "d" });
    expect(await readFile(project.file("claude.txt"), "utf8")).toBe("echo x\n");
    expect(await readFile(project.file("copilot.txt"), "utf8")).toBe("echo x\n");
  });

  it("disableAllHooks at the top of the repository's settings.json drops every Copilot hook, and says so", async () => {
    project = await makeProject({
      ".github/copilot/settings.json": { disableAllHooks: true },
      ".github/hooks/a.json": hooksFile({ preToolUse: [{ bash: "touch ran" }] }),
    });
    const out: string[] = [];
    await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    expect(out.join("")).toContain("disableAllHooks in .github/copilot/settings.json");
  });

  it("a hook's own cwd and env reach the command, as Copilot runs it", async () => {
    project = await makeProject({
      "scripts/.keep": "",
      ".github/hooks/where.json": hooksFile({
        preToolUse: [
          { bash: 'printf "%s|%s|%s" "$PWD" "$TEAM" "$COPILOT_HOOK_DIR" > "$COPILOT_PROJECT_DIR/where.txt"', cwd: "scripts", env: { TEAM: "a b'c" } },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "ls", description: "list" });
    expect(await readFile(project.file("where.txt"), "utf8")).toBe(`${project.file("scripts")}|a b'c|${project.file(".github/hooks")}`);
  });

  it("the report says what is not replayed as Copilot runs it, and why", async () => {
    project = await makeProject({
      ".github/hooks/misc.json": hooksFile({
        preToolUse: [{ bash: "true", cwd: "scripts" }, { powershell: "Write-Output hi" }, { type: "http", url: "https://hooks.example.com/copilot" }],
        notification: [{ bash: "true" }],
        permissionRequest: [{ bash: "true" }],
        subagentStop: [{ bash: "true" }],
        postToolUseFailure: [{ bash: "true", matcher: "bash|view" }],
      }),
    });
    const out: string[] = [];
    await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    const report = out.join("");
    expect(report).toMatch(/translated\s+preToolUse \[\*\] true \(Copilot CLI\)/);
    expect(report).toContain("why: only a `powershell` command: Copilot runs it on Windows only");
    expect(report).toContain("why: Copilot's http hooks are not replayed");
    expect(report).toContain("note: fires for OpenCode's permission prompts only (permission_prompt)");
    expect(report).toMatch(/translated\s+permissionRequest \[\*\] true \(Copilot CLI\)/);
    expect(report).toMatch(/translated\s+subagentStop \[\*\] true \(Copilot CLI\)/);
    // Copilot reads no matcher on postToolUseFailure, and a bash command is never a failure for it.
    expect(report).toMatch(/translated\s+postToolUseFailure \[bash\|view\] true \(Copilot CLI\)[^\n]*\n[^\n]*fires on: read, write, edit,/);
  });

  it("an agentStop gate sends the agent back with its reason as the next message; sessionStart and subagentStart add their context (test, offline)", async () => {
    project = await makeProject({
      ".github/hooks/turn.json": hooksFile({
        agentStop: [{ bash: `jq -e '.stop_hook_active' >/dev/null && exit 0; echo '{"decision":"block","reason":"Run npm test and fix what fails."}'` }],
        sessionStart: [{ bash: `echo '{"additionalContext":"You are on branch main."}'` }],
        subagentStart: [{ matcher: "explore", bash: `jq -c '{additionalContext: ("Read-only, " + .agentName + ".")}'` }],
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
    // Copilot sends the reason itself as the next user message (not Claude's "Stop hook feedback").
    expect((await run("Stop")).report.effects).toEqual([{ kind: "new turn", text: "Run npm test and fix what fails." }]);
    expect((await run("Stop", { stopHookActive: true })).report.effects).toEqual([]);
    // A separate message, as written: no <system-reminder> around it.
    expect((await run("SessionStart")).report.effects).toEqual([{ kind: "context", text: "You are on branch main.", where: "before the prompt" }]);
    // subagentStart: the agent by OpenCode's name; OpenCode's general (Copilot's general-purpose) fires nothing.
    expect((await run("SubagentStart", { agentType: "explore" })).report.effects).toEqual([
      expect.objectContaining({ kind: "context", text: "Read-only, explore." }),
    ]);
    expect((await run("SubagentStart", { agentType: "general" })).report.effects).toEqual([]);
  });

  it("test fires a Copilot preToolUse hook on the call and says what OpenCode would show", async () => {
    project = await makeProject({
      ".github/hooks/guard.sh": GUARD,
      ".github/hooks/security.json": hooksFile({ preToolUse: [{ bash: "sh .github/hooks/guard.sh", matcher: "bash" }] }),
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
    expect(out.join("")).toContain('OpenCode shows "Denied by preToolUse hook: rm -rf is not allowed"');
    expect(existsSync(project.file("build"))).toBe(false);
  });

  describe("permissionRequest", () => {
    const asked = (callID: string, permission = "bash") => ({
      id: `per_${callID}`,
      sessionID: "ses_test",
      permission,
      patterns: ["*"],
      always: ["*"],
      metadata: {},
      tool: { messageID: "msg_1", callID },
    });
    const replies = (plugin: Awaited<ReturnType<typeof loadPlugin>>) =>
      plugin.client.calls.filter(([name]) => name === "permission.reply").map(([, options]) => options);
    /** A policy as Copilot's docs write one: read toolInput.command with jq, answer with a top-level behavior. */
    const POLICY = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> asked.jsonl
case "$(printf '%s' "$input" | jq -r '.toolInput.command // empty')" in
  *"rm -rf"*) echo '{"behavior":"deny","message":"rm -rf needs a human","interrupt":true}' ;;
  *"git push"*) echo '{"behavior":"allow"}'; echo ignored >&2; exit 2 ;;
  *) echo '{"behavior":"allow"}' ;;
esac
`;

    it("answers OpenCode's prompt with Copilot's behavior; exit 2 denies; interrupt aborts the turn; the hook reads Copilot's permission payload", async () => {
      project = await makeProject({
        ".github/hooks/policy.sh": POLICY,
        ".github/hooks/policy.json": hooksFile({ permissionRequest: [{ matcher: "bash", bash: "sh .github/hooks/policy.sh" }] }),
      });
      const plugin = await loadPlugin(project.dir, { permission: { bash: "ask" } });
      await plugin.before("bash", { command: "ls", description: "list files" }, "call_ls");
      await plugin.before("bash", { command: "rm -rf build", description: "clean" }, "call_rm");
      await plugin.before("bash", { command: "git push", description: "push" }, "call_push");
      await plugin.before("read", { filePath: project.file("a.txt") }, "call_read");
      for (const callID of ["call_ls", "call_rm", "call_push"]) await plugin.emit("permission.asked", asked(callID));
      await plugin.emit("permission.asked", asked("call_read", "external_directory"));
      expect(replies(plugin)).toEqual([
        { path: { id: "ses_test", permissionID: "per_call_ls" }, body: { response: "once" } },
        { path: { id: "ses_test", permissionID: "per_call_rm" }, body: { response: "reject" } },
        { path: { id: "ses_test", permissionID: "per_call_push" }, body: { response: "reject" } },
      ]);
      expect(plugin.client.calls.filter(([name]) => name === "session.abort")).toHaveLength(1);
      const inputs = await lines(project.file("asked.jsonl"));
      expect(inputs).toHaveLength(3); // a read asks Copilot no permission
      expect(Object.keys(inputs[0]!)).toEqual(["sessionId", "timestamp", "cwd", "hookName", "toolName", "toolInput", "permissionSuggestions"]);
      expect(inputs[0]).toMatchObject({ hookName: "permissionRequest", toolName: "bash", toolInput: { command: "ls" } });
      // OpenCode's "always" patterns, as the allow rule a hook could add.
      expect(inputs[0]!.permissionSuggestions).toEqual([
        { type: "addRules", rules: [{ toolName: "bash", ruleContent: "*" }], behavior: "allow", destination: "localSettings" },
      ]);
      const logs = plugin.client.logs().join("\n");
      expect(logs).toContain("PermissionRequest hook denied bash (*): rm -rf needs a human");
      expect(logs).toContain("PermissionRequest hook denied bash (*): Denied by permissionRequest hook");
    });

    it("a write's prompt is Copilot's `edit {file_path, diff}`; a PascalCase hook gets Edit; the later hook's behavior wins", async () => {
      project = await makeProject({
        ".github/hooks/edits.json": hooksFile({
          permissionRequest: [
            { matcher: "edit", bash: 'jq -c \'[.toolName, .toolInput]\' >> edits.jsonl; echo \'{"behavior":"deny","message":"first"}\'' },
            { matcher: "create", bash: "touch create-fired" },
          ],
          PermissionRequest: [{ matcher: "Edit", bash: "jq -c '[.tool_name, .tool_input.file_path]' >> pascal.jsonl; echo '{\"behavior\":\"allow\"}'" }],
        }),
      });
      const plugin = await loadPlugin(project.dir, { permission: { edit: "ask" } });
      await plugin.before("write", { filePath: project.file("hello.txt"), content: "hi\n" }, "call_write");
      await plugin.emit("permission.asked", asked("call_write", "edit"));
      expect(JSON.parse(await readFile(project.file("edits.jsonl"), "utf8"))).toEqual([
        "edit",
        { file_path: project.file("hello.txt"), diff: `--- ${project.file("hello.txt")}\n+++ ${project.file("hello.txt")}\n+hi\n` },
      ]);
      expect(JSON.parse(await readFile(project.file("pascal.jsonl"), "utf8"))).toEqual(["Edit", project.file("hello.txt")]);
      expect(existsSync(project.file("create-fired"))).toBe(false);
      // Each spelling is its own firing: the camelCase one denies, and a deny of any firing answers the prompt.
      expect(replies(plugin)).toEqual([{ path: { id: "ses_test", permissionID: "per_call_write" }, body: { response: "reject" } }]);
    });

    it("later wins within one spelling: a deny then an allow allows", async () => {
      project = await makeProject({
        ".github/hooks/two.json": hooksFile({
          permissionRequest: [{ bash: `echo '{"behavior":"deny","message":"no"}'` }, { bash: `echo '{"behavior":"allow"}'` }],
        }),
      });
      const plugin = await loadPlugin(project.dir, { permission: { bash: "ask" } });
      await plugin.before("bash", { command: "ls" }, "call_ls");
      await plugin.emit("permission.asked", asked("call_ls"));
      expect(replies(plugin)).toEqual([{ path: { id: "ses_test", permissionID: "per_call_ls" }, body: { response: "once" } }]);
    });
  });

  describe("subagentStop", () => {
    const childTurn = (answer: string) => {
      const text = (id: string, messageID: string, value: string) => ({ id, sessionID: "ses_child", messageID, type: "text", text: value });
      return [
        {
          info: { id: "msg_u1", sessionID: "ses_child", role: "user", time: { created: 1 }, agent: "explore", model: { providerID: "p", modelID: "m" } },
          parts: [text("prt_u1", "msg_u1", "look around")],
        },
        {
          info: { id: "msg_a1", sessionID: "ses_child", role: "assistant", parentID: "msg_u1", time: { created: 2, completed: 3 }, finish: "stop" },
          parts: [text("prt_a1", "msg_a1", answer)],
        },
      ];
    };
    const task = async (plugin: Awaited<ReturnType<typeof loadPlugin>>) => {
      await plugin.emit("session.created", { sessionID: "ses_test", info: { id: "ses_test", title: "New session" } });
      await plugin.emit("session.created", { sessionID: "ses_child", info: { id: "ses_child", parentID: "ses_test", title: "look (@explore subagent)" } });
      return plugin.call(
        "task",
        { description: "look", prompt: "look around", subagent_type: "explore" },
        { title: "look", output: "task_id: ses_child\n\n<task_result>\nfound it\n</task_result>", metadata: { sessionId: "ses_child" } },
      );
    };

    it("modifiedResponse replaces the task's result the parent reads; the hook reads Copilot's subagentStop payload", async () => {
      project = await makeProject({
        ".github/hooks/sub.json": hooksFile({
          subagentStop: [{ bash: `tee sub.json | jq -c '{modifiedResponse: (.response + " (checked by " + .agentName + ")")}'` }],
        }),
      });
      const plugin = await loadPlugin(project.dir, { permission: "allow" }, { messages: (id) => (id === "ses_child" ? childTurn("found it") : []) });
      const output = await task(plugin);
      expect(output.output).toBe("task_id: ses_child\n\n<task_result>\nfound it (checked by explore)\n</task_result>");
      const [stdin] = await lines(project.file("sub.json"));
      expect(Object.keys(stdin!)).toEqual(["sessionId", "timestamp", "cwd", "transcriptPath", "agentId", "agentType", "agentName", "response", "stopReason"]);
      expect(stdin).toMatchObject({ agentId: "ses_child", agentType: "explore", response: "found it", stopReason: "end_turn" });
      expect(plugin.client.calls.filter(([name]) => name === "session.promptAsync")).toEqual([]);
    });

    it("decision block sends the subagent back with the reason as its next message (test, offline)", async () => {
      project = await makeProject({
        ".github/hooks/sub.json": hooksFile({ SubagentStop: [{ bash: `echo '{"decision":"block","reason":"Cite the files you read."}'` }] }),
      });
      const out: string[] = [];
      await testHook({
        project: project.dir,
        event: "SubagentStop",
        agentType: "explore",
        json: true,
        print: (text) => out.push(text),
        printError: (text) => out.push(text),
      });
      const report = JSON.parse(out.join("")) as { effects: unknown[] };
      expect(report.effects).toEqual([expect.objectContaining({ text: "Cite the files you read." })]);
    });
  });

  it("postToolUseFailure: a tool error in Copilot's names; additionalContext reaches the next model request; a failed bash command fires none (test, offline)", async () => {
    project = await makeProject({
      ".github/hooks/fail.json": hooksFile({
        postToolUseFailure: [{ bash: `tee -a fail.jsonl | jq -c '{additionalContext: ("create " + .toolArgs.path + " first")}'` }],
        PostToolUseFailure: [{ bash: "jq -c '[.tool_name, .tool_input.path, .error]' >> pascal.jsonl" }],
      }),
    });
    const fire = async (extra: Record<string, unknown>) => {
      const out: string[] = [];
      await testHook({ project: project.dir, event: "PostToolUseFailure", print: (text) => out.push(text), printError: (text) => out.push(text), ...extra });
      return out.join("");
    };
    const text = await fire({ tool: "Read", input: '{"file_path":"missing.txt"}', error: "File not found: missing.txt" });
    expect(text).toContain(`create ${project.file("missing.txt")} first`);
    const [stdin] = await lines(project.file("fail.jsonl"));
    expect(Object.keys(stdin!)).toEqual(["sessionId", "timestamp", "cwd", "toolName", "toolArgs", "error"]);
    expect(stdin).toMatchObject({ toolName: "view", toolArgs: { path: project.file("missing.txt") }, error: "File not found: missing.txt" });
    expect(JSON.parse(await readFile(project.file("pascal.jsonl"), "utf8"))).toEqual(["Read", project.file("missing.txt"), "File not found: missing.txt"]);
    await fire({ tool: "Bash", input: '{"command":"false"}', exit: "1" });
    expect(await lines(project.file("fail.jsonl"))).toHaveLength(1);
  });
});
