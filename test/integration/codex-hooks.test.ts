// Codex CLI hooks (.codex/hooks.json, [hooks] in .codex/config.toml) converted beside Claude's and
// replayed in-process with Codex's contract, by real sh/jq hooks written the way Codex users write them.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../cli/commands/check.js";
import { convert } from "../../cli/commands/convert.js";
import { testHook } from "../../cli/commands/test-hook.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

// Codex runs `$SHELL -lc <command>`: a login shell reads the user's profile, seconds on a machine with a
// heavy ~/.bashrc. The hooks here run under sh; the test of the shell itself uses its own SHELL.
const shell = process.env.SHELL;
beforeAll(() => {
  process.env.SHELL = "/bin/sh";
});
afterAll(() => {
  if (shell === undefined) delete process.env.SHELL;
  else process.env.SHELL = shell;
});

const codexHooks = (hooks: Record<string, Array<{ matcher?: string; hooks: object[] }>>) => ({ hooks });
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });

/** A guard as Codex's docs write one: read the command with jq, deny with a reason. */
const GUARD = `#!/bin/sh
cmd=$(jq -r '.tool_input.command')
case "$cmd" in
  *"rm -rf"*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}' ;;
esac
exit 0
`;

describe("Codex hooks replayed with Codex's contract", () => {
  it("a PreToolUse guard reading tool_input.command denies with Codex's model-visible text; other commands run", async () => {
    project = await makeProject({
      ".codex/hooks/guard.sh": GUARD,
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/guard.sh")] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "rm -rf build", description: "clean" })).rejects.toThrow(
      "Command blocked by PreToolUse hook: rm -rf is not allowed. Command: rm -rf build",
    );
    await expect(plugin.before("bash", { command: "ls", description: "list" })).resolves.toEqual({ command: "ls", description: "list" });
  });

  it("sends Codex's stdin: its common fields in its order, Bash {command} only, no CLAUDE_PROJECT_DIR", async () => {
    project = await makeProject({
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ hooks: [command('cat > input.json; printf %s "${CLAUDE_PROJECT_DIR-unset}" > env.txt')] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "echo hi", description: "greet", timeout: 5000 }, "call_1");
    const input = await readFile(project.file("input.json"), "utf8");
    expect(Object.keys(JSON.parse(input))).toEqual([
      "session_id",
      "turn_id",
      "transcript_path",
      "cwd",
      "hook_event_name",
      "model",
      "permission_mode",
      "tool_name",
      "tool_input",
      "tool_use_id",
    ]);
    expect(JSON.parse(input)).toMatchObject({
      transcript_path: null,
      turn_id: "ses_test",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "echo hi" },
      tool_use_id: "call_1",
      cwd: project.dir,
    });
    expect(await readFile(project.file("env.txt"), "utf8")).toBe("unset");
  });

  it("an unknown output field fails the hook and the call proceeds; exit 2 with empty stderr does not block; exit 2 with stderr does", async () => {
    const unknown = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"},"extra":1}'`;
    project = await makeProject({
      ".codex/hooks.json": codexHooks({
        PreToolUse: [
          { matcher: "Bash", hooks: [command(`jq -e '.tool_input.command == "unknown"' >/dev/null && ${unknown}; exit 0`)] },
          { matcher: "Bash", hooks: [command(`jq -e '.tool_input.command == "silent"' >/dev/null && exit 2; exit 0`)] },
          { matcher: "Bash", hooks: [command(`jq -e '.tool_input.command == "loud"' >/dev/null && { echo "not loud" >&2; exit 2; }; exit 0`)] },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "unknown" })).resolves.toEqual({ command: "unknown" });
    expect(plugin.client.logs().join("\n")).toContain("hook returned invalid pre-tool-use JSON output");
    await expect(plugin.before("bash", { command: "silent" })).resolves.toEqual({ command: "silent" });
    expect(plugin.client.logs().join("\n")).toContain("PreToolUse hook exited with code 2 but did not write a blocking reason to stderr");
    await expect(plugin.before("bash", { command: "loud" })).rejects.toThrow("Command blocked by PreToolUse hook: not loud. Command: loud");
  });

  it("allow with updatedInput rewrites only the command; allow alone is refused and changes nothing", async () => {
    const rewrite = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo safe"}}}'`;
    project = await makeProject({
      ".codex/config.toml": `[[hooks.PreToolUse]]\nmatcher = "Bash"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = """jq -e '.tool_input.command == "danger"' >/dev/null && ${rewrite}; exit 0"""\n`,
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "danger", description: "d" })).resolves.toEqual({ command: "echo safe", description: "d" });
  });

  it("apply_patch answers to Edit and Write matchers with the patch as tool_input.command; read fires nothing", async () => {
    project = await makeProject({ ".codex/hooks.json": codexHooks({ PreToolUse: [{ matcher: "Edit|Write", hooks: [command("cat >> inputs.jsonl")] }] }) });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("write", { filePath: project.file("hello.txt"), content: "hi\n" });
    await plugin.before("read", { filePath: project.file("hello.txt") });
    const inputs = (await readFile(project.file("inputs.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({ tool_name: "apply_patch", tool_input: { command: "*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch" } });
  });

  it("PostToolUse reads tool_input.command and tool_response as text, also after a non-zero exit; a block replaces the output", async () => {
    const block = `printf '%s' '{"decision":"block","reason":"output withheld"}'`;
    project = await makeProject({
      ".codex/hooks.json": codexHooks({
        PostToolUse: [
          {
            matcher: "Bash",
            hooks: [
              command(
                `input=$(cat); printf "%s" "$input" | jq -r '.tool_input.command + " => " + .tool_response' >> seen.txt; printf "%s" "$input" | jq -e '.tool_input.command == "secret"' >/dev/null && ${block}; exit 0`,
              ),
            ],
          },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const failed = await plugin.call("bash", { command: "false" }, { title: "false", output: "", metadata: { output: "", exit: 1 } });
    expect(failed.output).toBe("");
    const hidden = await plugin.call("bash", { command: "secret" }, { title: "secret", output: "s3cr3t\n", metadata: { output: "s3cr3t\n", exit: 0 } });
    expect(hidden.output).toBe("output withheld");
    expect(await readFile(project.file("seen.txt"), "utf8")).toBe("false => \nsecret => s3cr3t\n\n");
  });

  describe("context beside the tool result", () => {
    const until = async (condition: () => boolean, ms = 5000) => {
      for (const started = Date.now(); !condition() && Date.now() - started < ms;) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    type Message = { info: { id: string; sessionID: string; role: string }; parts: Array<{ type: string; text?: string }> };
    /** What OpenCode hands the plugin before the next model request: the saved history, the tool step last. */
    const request = async (plugin: Awaited<ReturnType<typeof loadPlugin>>) => {
      const messages: Message[] = [
        { info: { id: "msg_1", sessionID: "ses_test", role: "user" }, parts: [{ type: "text", text: "lint it" }] },
        { info: { id: "msg_2", sessionID: "ses_test", role: "assistant" }, parts: [{ type: "tool" }] },
      ];
      await plugin.hooks["experimental.chat.messages.transform"]!({}, { messages } as never);
      return messages;
    };
    const note = (event: string, text: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });

    it("PreToolUse and PostToolUse additionalContext reach the next request as a message of their own, as written; the tool result is untouched", async () => {
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${note("PreToolUse", "Pre: the repo uses pnpm")}'`)] }],
          PostToolUse: [{ matcher: "Bash", hooks: [command(`echo '${note("PostToolUse", "Post: lint found 2 warnings")}'`)] }],
        }),
      });
      const plugin = await loadPlugin(project.dir);
      const output = await plugin.call("bash", { command: "npm run lint" }, { title: "", output: "ok\n", metadata: { output: "ok\n", exit: 0 } });
      expect(output.output).toBe("ok\n");
      const messages = await request(plugin);
      expect(messages.map((message) => message.info.role)).toEqual(["user", "assistant", "user", "user"]);
      expect(messages.slice(2).map((message) => message.parts.map((part) => part.text))).toEqual([
        ["Pre: the repo uses pnpm"],
        ["Post: lint found 2 warnings"],
      ]);
    });

    it("an async hook holds nothing up and decides nothing; its additionalContext reaches the next request, as written", async () => {
      const late = JSON.stringify({
        decision: "block",
        reason: "ignored",
        hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "async: 3 tests slow" },
      });
      project = await makeProject({
        ".codex/hooks.json": codexHooks({ PostToolUse: [{ matcher: "Bash", hooks: [command(`sleep 0.3; echo '${late}'`, { async: true })] }] }),
      });
      const plugin = await loadPlugin(project.dir);
      const started = Date.now();
      const output = await plugin.call("bash", { command: "npm test" }, { title: "", output: "ok\n", metadata: { output: "ok\n", exit: 0 } });
      expect(Date.now() - started).toBeLessThan(250);
      expect(output.output).toBe("ok\n"); // the async block replaces nothing
      await until(() => plugin.client.logs().some((line) => line.includes("finished: success")));
      const messages = await request(plugin);
      expect(messages.at(-1)!.parts.map((part) => part.text)).toEqual(["async: 3 tests slow"]);
    });
  });

  it("an mcp_tool hook calls OpenCode's MCP server with Codex's placeholders (a whole one keeps its JSON type; a missing one fails the hook) and its text is read as Codex's output", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      if (request.method !== "POST") return response.writeHead(200).end();
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number; method: string; params?: { arguments?: Record<string, unknown> } };
      if (message.id === undefined) return response.writeHead(202).end();
      const reply = (result: object) =>
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
      if (message.method === "initialize")
        return reply({ protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "policy", version: "1" } });
      calls.push(message.params?.arguments ?? {});
      const deny = {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: `policy: ${String(message.params?.arguments?.command)}`,
        },
      };
      // Claude reads `decision: "approve"` as an allow; Codex refuses it and fails the hook.
      const answer = String(message.params?.arguments?.command).startsWith("rm") ? deny : { decision: "approve" };
      return reply({ content: [{ type: "text", text: JSON.stringify(answer) }] });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const mcp = (input: object) => ({ type: "mcp_tool", server: "policy", tool: "inspect", input });
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          PreToolUse: [
            { matcher: "Bash", hooks: [mcp({ command: "${tool_input.command}", whole: "${tool_input}", note: "cmd=${tool_input}", kept: 3 })] },
            { matcher: "Bash", hooks: [mcp({ missing: "${tool_input.nope}" })] },
          ],
        }),
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const out: string[] = [];
      await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
      expect(out.join("")).toMatch(/translated\s+PreToolUse \[Bash\] policy\/inspect \(Codex CLI\)/);
      const plugin = await loadPlugin(project.dir, { permission: "allow", mcp: { policy: { type: "remote", url } } });
      await expect(plugin.before("bash", { command: "rm -rf /" })).rejects.toThrow("Command blocked by PreToolUse hook: policy: rm -rf /. Command: rm -rf /");
      expect(calls).toEqual([{ command: "rm -rf /", whole: { command: "rm -rf /" }, note: 'cmd={"command":"rm -rf /"}', kept: 3 }]);
      expect(plugin.client.logs().join("\n")).toContain("hook input placeholder `${tool_input.nope}` was not found");
      await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
      expect(plugin.client.logs().join("\n")).toContain("PreToolUse hook returned unsupported decision:approve");
      await plugin.hooks.dispose?.();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("runs the command as Codex does: $SHELL -lc <command>, in the project folder", async () => {
    project = await makeProject({
      "fake-shell": `#!/bin/sh\nprintf '%s|' "$@" > "$(dirname "$0")/shell.txt"\nexec /bin/sh "$@"\n`,
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ hooks: [command("pwd > cwd.txt")] }] }),
    });
    await import("node:fs/promises").then((fs) => fs.chmod(project.file("fake-shell"), 0o755));
    process.env.SHELL = project.file("fake-shell");
    try {
      const plugin = await loadPlugin(project.dir);
      await plugin.before("bash", { command: "ls" });
    } finally {
      process.env.SHELL = "/bin/sh";
    }
    expect(await readFile(project.file("shell.txt"), "utf8")).toBe("-lc|pwd > cwd.txt|");
    expect((await readFile(project.file("cwd.txt"), "utf8")).trim()).toBe(project.dir);
  });

  it("Claude's and Codex's hooks of one project each run with their own contract, and the report names the agent", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [command('jq -r .tool_name > claude.txt; printf %s "$CLAUDE_PROJECT_DIR" > claude-env.txt')] }],
      }),
      ".codex/hooks.json": codexHooks({
        PreToolUse: [{ matcher: "Bash", hooks: [command("jq -c .tool_input > codex.txt")] }],
        PermissionRequest: [{ hooks: [command("true")] }],
      }),
    });
    const out: string[] = [];
    const result = await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    expect(result.exitCode).toBe(0);
    const report = out.join("");
    expect(report).toMatch(/translated\s+PreToolUse \[Bash\] jq -c .tool_input > codex.txt \(Codex CLI\)/);
    expect(report).toMatch(/translated\s+PermissionRequest \[\*\] true \(Codex CLI\)[\s\S]*fires on: bash, apply_patch, edit, write, MCP tools/);
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "echo x", description: "d" });
    expect(await readFile(project.file("claude.txt"), "utf8")).toBe("Bash\n");
    expect(await readFile(project.file("claude-env.txt"), "utf8")).toBe(project.dir);
    expect(await readFile(project.file("codex.txt"), "utf8")).toBe('{"command":"echo x"}\n');
  });

  it("a Codex hook that does not match the call leaves a Claude hook's allow as it is", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${allow}'`)] }] }),
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ matcher: "apply_patch", hooks: [command("touch codex-ran")] }] }),
    });
    const plugin = await loadPlugin(project.dir, { permission: { bash: "ask" } });
    await plugin.before("bash", { command: "ls" }, "call_allowed");
    await plugin.emit("permission.asked", {
      id: "per_1",
      sessionID: "ses_test",
      permission: "bash",
      patterns: ["ls"],
      always: ["ls *"],
      metadata: {},
      tool: { messageID: "msg_1", callID: "call_allowed" },
    });
    expect(plugin.client.calls.filter(([name]) => name === "permission.reply")).toHaveLength(1);
    expect(existsSync(project.file("codex-ran"))).toBe(false);
  });

  describe("PermissionRequest", () => {
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
    /** A policy hook as Codex's docs write one: read tool_input.command with jq, answer with hookSpecificOutput.decision. */
    const POLICY = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> asked.jsonl
case "$(printf '%s' "$input" | jq -r '.tool_input.command')" in
  *"rm -rf"*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"rm -rf needs a human"}}}' ;;
  *"git push"*) echo "pushing is for people" >&2; exit 2 ;;
  *) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' ;;
esac
`;

    it("answers OpenCode's prompt with Codex's decision; the hook reads Codex's stdin: Bash {command, description}, no tool_use_id", async () => {
      project = await makeProject({
        ".codex/hooks/policy.sh": POLICY,
        ".codex/hooks.json": codexHooks({ PermissionRequest: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/policy.sh")] }] }),
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
        // The test client has no raw HTTP client for a reject with feedback: the v1 route answers (the e2e test reads the message).
        { path: { id: "ses_test", permissionID: "per_call_rm" }, body: { response: "reject" } },
        { path: { id: "ses_test", permissionID: "per_call_push" }, body: { response: "reject" } },
      ]);
      const inputs = (await readFile(project.file("asked.jsonl"), "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(inputs).toHaveLength(3); // read has no Codex tool: its prompt fires no Codex hook
      expect(Object.keys(inputs[0]!)).toEqual([
        "session_id",
        "turn_id",
        "transcript_path",
        "cwd",
        "hook_event_name",
        "model",
        "permission_mode",
        "tool_name",
        "tool_input",
      ]);
      expect(inputs[0]).toMatchObject({ hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "ls", description: "list files" } });
      expect(plugin.client.logs().join("\n")).toContain("PermissionRequest hook denied bash (*): rm -rf needs a human");
      expect(plugin.client.logs().join("\n")).toContain("PermissionRequest hook denied bash (*): pushing is for people");
    });

    it("an edit's prompt reaches apply_patch hooks (matcher Edit) with the patch; Codex's refused fields leave the prompt to the user", async () => {
      const refused = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedPermissions":[]}}}'`;
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          PermissionRequest: [
            { matcher: "Edit", hooks: [command("jq -c '[.tool_name, .tool_input]' >> edits.jsonl")] },
            { matcher: "Bash", hooks: [command(refused)] },
          ],
        }),
      });
      const plugin = await loadPlugin(project.dir, { permission: { edit: "ask", bash: "ask" } });
      await plugin.before("write", { filePath: project.file("hello.txt"), content: "hi\n" }, "call_write");
      await plugin.before("bash", { command: "ls" }, "call_ls");
      await plugin.emit("permission.asked", asked("call_write", "edit"));
      await plugin.emit("permission.asked", asked("call_ls"));
      expect(JSON.parse(await readFile(project.file("edits.jsonl"), "utf8"))).toEqual([
        "apply_patch",
        { command: "*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch" },
      ]);
      expect(replies(plugin)).toEqual([]);
      expect(plugin.client.logs().join("\n")).toContain("PermissionRequest hook returned unsupported updatedPermissions");
    });

    it("Claude's allow and Codex's deny on one prompt: one answer, the deny", async () => {
      const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } });
      project = await makeProject({
        ".claude/settings.json": settings({ PermissionRequest: [{ matcher: "Bash", hooks: [command(`echo '${allow}'`)] }] }),
        ".codex/hooks.json": codexHooks({ PermissionRequest: [{ matcher: "Bash", hooks: [command("echo 'not on my watch' >&2; exit 2")] }] }),
      });
      const plugin = await loadPlugin(project.dir, { permission: { bash: "ask" } });
      await plugin.before("bash", { command: "ls" }, "call_ls");
      await plugin.emit("permission.asked", asked("call_ls"));
      expect(replies(plugin)).toEqual([{ path: { id: "ses_test", permissionID: "per_call_ls" }, body: { response: "reject" } }]);
    });

    it("under opencode run the Codex hook answers inside the event handler, before OpenCode can reject the prompt itself", async () => {
      project = await makeProject({
        ".codex/hooks/policy.sh": POLICY,
        ".codex/hooks.json": codexHooks({ PermissionRequest: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/policy.sh")] }] }),
      });
      const argv = process.argv;
      process.argv = [...argv.slice(0, 2), "run", "do it"];
      let plugin: Awaited<ReturnType<typeof loadPlugin>>;
      try {
        plugin = await loadPlugin(project.dir, { permission: { bash: "ask" } });
      } finally {
        process.argv = argv;
      }
      await plugin.before("bash", { command: "ls" }, "call_ls");
      // Not awaited: the answer must already be on its way when the handler returns.
      void plugin.hooks.event!({ event: { id: "evt_ask", type: "permission.asked", properties: asked("call_ls") } as never });
      expect(replies(plugin)).toEqual([{ path: { id: "ses_test", permissionID: "per_call_ls" }, body: { response: "once" } }]);
    });
  });

  it("Claude's disableAllHooks does not switch Codex hooks off (Codex does not read Claude's settings)", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command("touch claude-ran")] }] }, { disableAllHooks: true }),
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ hooks: [command("touch codex-ran")] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "ls" });
    expect(existsSync(project.file("codex-ran"))).toBe(true);
    expect(existsSync(project.file("claude-ran"))).toBe(false);
  });

  it("check sees a Codex hooks file change: the plugin is stale until convert runs again", async () => {
    project = await makeProject({ ".codex/hooks.json": codexHooks({ PreToolUse: [{ matcher: "Bash", hooks: [command("true")] }] }) });
    const quiet = { project: project.dir, print: () => {}, printError: () => {} };
    expect((await convert(quiet)).exitCode).toBe(0);
    expect((await check(quiet)).exitCode).toBe(0);
    await writeFile(project.file(".codex/hooks.json"), JSON.stringify(codexHooks({ PreToolUse: [{ matcher: "Bash", hooks: [command("false")] }] })));
    expect((await check(quiet)).exitCode).toBe(1);
  });

  it("test fires a Codex hook offline on the OpenCode call, and says what OpenCode would show", async () => {
    project = await makeProject({
      ".codex/hooks/guard.sh": GUARD,
      ".codex/hooks.json": codexHooks({ PreToolUse: [{ matcher: "Bash", hooks: [command("sh .codex/hooks/guard.sh")] }] }),
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
    const text = out.join("");
    expect(text).toContain("ran     [sh .codex/hooks/guard.sh] at .codex/hooks.json:");
    expect(text).toContain('OpenCode shows "Command blocked by PreToolUse hook: rm -rf is not allowed. Command: rm -rf build"');
    expect(text).not.toContain("  as Bash"); // Claude's firing has no hook here: not shown
  });

  it("bad Codex files are reported at file:line:col; [features] hooks = false drops every Codex hook", async () => {
    project = await makeProject({
      ".codex/hooks.json": `{\n  "hooks": {\n    "PreToolUs": [],\n    "PreToolUse": [{ "matcher": "(?=x)", "hooks": [{ "type": "command", "command": "true" }] }]\n  }\n}\n`,
      ".codex/config.toml": `[features]\nhooks = false\n`,
    });
    const out: string[] = [];
    await convert({ project: project.dir, print: (text) => out.push(text), printError: (text) => out.push(text) });
    const text = out.join("");
    expect(text).toContain(
      '.codex/hooks.json:3:5: warning: "PreToolUs" is not a Codex hook event; Codex ignores it (did you mean "PreToolUse"?) [codex-unknown-event]',
    );
    expect(text).toContain('.codex/hooks.json:4:20: warning: matcher "(?=x)" is not a valid regex');
  });

  describe("Codex's lifecycle events", () => {
    const fire = async (event: string, extra: Record<string, unknown> = {}) => {
      const out: string[] = [];
      const { exitCode } = await testHook({ project: project.dir, event, print: (text) => out.push(text), printError: (text) => out.push(text), ...extra });
      return { exitCode, text: out.join("") };
    };
    const stdinOf = async (file: string) => JSON.parse(await readFile(project.file(file), "utf8")) as Record<string, unknown>;

    it("Stop: exit 2 with stderr sends the agent back with Codex's <hook_prompt> message; Codex's stdin, nothing of Claude's", async () => {
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          Stop: [{ hooks: [command("jq -c . > stop.json; echo 'tests fail & fix <them>' >&2; exit 2")] }],
        }),
      });
      const { exitCode, text } = await fire("Stop");
      expect(exitCode).toBe(1);
      expect(text).toContain('<hook_prompt hook_run_id=\\"stop:0:.codex/hooks.json\\">tests fail &amp; fix &lt;them&gt;</hook_prompt>');
      const stdin = await stdinOf("stop.json");
      expect(Object.keys(stdin)).toEqual([
        "session_id",
        "turn_id",
        "transcript_path",
        "cwd",
        "hook_event_name",
        "model",
        "permission_mode",
        "stop_hook_active",
        "last_assistant_message",
      ]);
      expect(stdin).toMatchObject({ hook_event_name: "Stop", stop_hook_active: false });
    });

    it("Stop: Claude's and Codex's hooks on one turn end send one continuation with both texts", async () => {
      project = await makeProject({
        ".claude/settings.json": settings({ Stop: [{ hooks: [{ type: "command", command: "echo 'claude says: lint' >&2; exit 2" }] }] }),
        ".codex/hooks.json": codexHooks({ Stop: [{ hooks: [command(`printf '%s' '{"decision":"block","reason":"codex says: test"}'`)] }] }),
      });
      const { text } = await fire("Stop");
      const continuations = text.split("\n").filter((line) => line.includes("a new turn starts"));
      expect(continuations).toHaveLength(1);
      expect(continuations[0]).toContain("claude says: lint");
      expect(continuations[0]).toContain('<hook_prompt hook_run_id=\\"stop:0:.codex/hooks.json\\">codex says: test</hook_prompt>');
    });

    it("Stop: a Codex hook whose output breaks Codex's schema fails and the turn ends", async () => {
      project = await makeProject({
        ".codex/hooks.json": codexHooks({ Stop: [{ hooks: [command(`printf '%s' '{"decision":"block","reason":"x","extra":1}'`)] }] }),
      });
      const { exitCode, text } = await fire("Stop");
      expect(exitCode).toBe(3); // a hook failed
      expect(text).toContain("hook returned invalid stop hook JSON output");
      expect(text).not.toContain("a new turn starts");
    });

    it("SessionStart: plain stdout and additionalContext reach the model as Codex's text, without Claude's wrapping; no turn_id", async () => {
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          SessionStart: [
            { matcher: "startup|resume", hooks: [command("jq -c . > start.json; echo 'Remember: run make check'")] },
            {
              matcher: "clear",
              hooks: [command("touch clear-ran")],
            },
          ],
        }),
      });
      const { exitCode, text } = await fire("SessionStart", { source: "startup" });
      expect(exitCode).toBe(0);
      expect(text).toContain('sent to the model: "Remember: run make check"');
      expect(text).not.toContain("system-reminder");
      const stdin = await stdinOf("start.json");
      expect(stdin).toMatchObject({ hook_event_name: "SessionStart", source: "startup" });
      expect(stdin).not.toHaveProperty("turn_id");
      expect(existsSync(project.file("clear-ran"))).toBe(false);
    });

    it("UserPromptSubmit: decision block keeps the prompt from the model; exit 2 without stderr does not block", async () => {
      project = await makeProject({
        ".codex/hooks.json": codexHooks({
          UserPromptSubmit: [{ hooks: [command(`jq -r .prompt > prompt.txt; printf '%s' '{"decision":"block","reason":"no secrets"}'`)] }],
        }),
      });
      const blocked = await fire("UserPromptSubmit", { prompt: "my key is 123" });
      expect(blocked.exitCode).toBe(1);
      expect(blocked.text).toContain("the prompt is kept from the model");
      expect(await readFile(project.file("prompt.txt"), "utf8")).toBe("my key is 123\n");
      await writeFile(project.file(".codex/hooks.json"), JSON.stringify(codexHooks({ UserPromptSubmit: [{ hooks: [command("exit 2")] }] })));
      const quiet = await fire("UserPromptSubmit", { prompt: "hello" });
      expect(quiet.exitCode).toBe(3); // a hook failed: Codex needs a reason on stderr to block
      expect(quiet.text).toContain("UserPromptSubmit hook exited with code 2 but did not write a blocking reason to stderr");
      expect(quiet.text).not.toContain("kept from the model");
    });
  });
});
