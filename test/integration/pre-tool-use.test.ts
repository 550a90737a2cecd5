// The generated plugin, loaded in-process, replaying PreToolUse with real hook commands (sh, jq).
import { readFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

/** Running, not a zombie waiting for a reaper that a container may not have. */
const isAlive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });

describe("PreToolUse through tool.execute.before", () => {
  it("sends Claude's stdin JSON: Claude tool name, snake_case tool_input, absolute file_path", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Edit", hooks: [command('cat > "$CLAUDE_PROJECT_DIR/input.json"')] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("edit", { filePath: "src/a.ts", oldString: "a", newString: "b" }, "call_abc");
    expect(JSON.parse(await readFile(project.file("input.json"), "utf8"))).toEqual({
      session_id: "ses_test",
      transcript_path: "",
      cwd: project.dir,
      permission_mode: "bypassPermissions",
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: { file_path: project.file("src/a.ts"), old_string: "a", new_string: "b" },
      tool_use_id: "call_abc",
    });
  });

  it("inside a subagent (an OpenCode child session) the input carries agent_id and agent_type", async () => {
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command('cat > "$CLAUDE_PROJECT_DIR/input.json"')] }] }) });
    const plugin = await loadPlugin(project.dir);
    const info = { id: "ses_child", parentID: "ses_test", title: "find the tests (@explore subagent)" };
    await plugin.hooks.event!({ event: { type: "session.created", properties: { sessionID: "ses_child", info } } as never });
    await plugin.hooks["tool.execute.before"]!({ tool: "glob", sessionID: "ses_child", callID: "call_child" }, { args: { pattern: "**/*.test.ts" } });
    expect(JSON.parse(await readFile(project.file("input.json"), "utf8"))).toMatchObject({
      session_id: "ses_child",
      agent_id: "ses_child",
      agent_type: "Explore", // Claude's name for OpenCode's explore
      tool_name: "Glob",
    });
    await plugin.before("glob", { pattern: "*" }); // the main session has neither
    expect(JSON.parse(await readFile(project.file("input.json"), "utf8"))).not.toHaveProperty("agent_id");
  });

  it("exit 2 blocks the tool and shows stderr to the model", async () => {
    project = await makeProject({
      ".claude/hooks/no-rm.sh": `#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' && { echo "rm -rf is not allowed" >&2; exit 2; }\nexit 0\n`,
      ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command("$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh")] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "rm -rf build" })).rejects.toThrow(
      "PreToolUse:Bash hook error: [$CLAUDE_PROJECT_DIR/.claude/hooks/no-rm.sh]: rm -rf is not allowed",
    );
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
  });

  it('JSON deny blocks with its reason; "if" keeps the hook from even starting on other files', async () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no secrets" } });
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Write|Edit", hooks: [command(`touch "$CLAUDE_PROJECT_DIR/spawned"; echo '${deny}'`, { if: "Write(.env*)" })] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("write", { filePath: project.file("notes.txt"), content: "x" })).resolves.toBeDefined();
    expect(existsSync(project.file("spawned"))).toBe(false);
    await expect(plugin.before("write", { filePath: project.file(".env.local"), content: "K=V" })).rejects.toThrow("PreToolUse:Write hook error: no secrets");
    expect(existsSync(project.file("spawned"))).toBe(true);
  });

  it("updatedInput is mapped back to OpenCode's names and applied in place; removed keys are deleted", async () => {
    const rewrite = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: {command: ("echo safe: " + .tool_input.command)}}}'`;
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(rewrite)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const args = { command: "make deploy", timeout: 5000 };
    const result = await plugin.before("bash", args);
    expect(result).toBe(args);
    expect(args).toEqual({ command: "echo safe: make deploy" });
  });

  it("updatedInput on Edit comes back as filePath/newString/replaceAll", async () => {
    const rewrite = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: (.tool_input + {new_string: "z", replace_all: true})}}'`;
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Edit", hooks: [command(rewrite)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const edit = { filePath: project.file("a.ts"), oldString: "x", newString: "y" };
    await plugin.before("edit", edit);
    expect(edit).toEqual({ filePath: project.file("a.ts"), oldString: "x", newString: "z", replaceAll: true });
  });

  it("a rewrite that cannot be applied fails closed; an unchanged echo of the input always passes", async () => {
    const rewrite = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: (.tool_input + {marker: 1})}}'`;
    const echo = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: .tool_input}}'`;
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [
          { matcher: "Bash|Write", hooks: [command(rewrite)] },
          { matcher: "Edit", hooks: [command(echo)] },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    // args frozen (as some OpenCode builds did under OPENCODE_EXPERIMENTAL, anomalyco/opencode#25873)
    await expect(plugin.before("bash", Object.freeze({ command: "ls" }) as Record<string, unknown>)).rejects.toThrow(
      /PreToolUse:Bash hook rewrote the tool input, but OpenCode's arguments could not be changed .*; the call was not run\./,
    );
    const patch = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n-x\n+y\n*** End Patch";
    await expect(plugin.before("apply_patch", { patchText: patch })).rejects.toThrow(/cannot rewrite one file of an apply_patch call \(.*a\.txt\)/);
    await expect(plugin.before("edit", { filePath: project.file("b.txt"), oldString: "x", newString: "y" })).resolves.toBeDefined();
  });

  it("warns when a rewrite did not reach the tool", async () => {
    const rewrite = `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "echo safe"}}}'`;
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(rewrite)] }] }) });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "rm -rf x" }, "call_rw");
    await plugin.after("bash", { command: "rm -rf x" }, { title: "", output: "", metadata: {} }, "call_rw"); // what a reassigning plugin leads to
    expect(plugin.client.logs().join("\n")).toContain('updatedInput for bash (call_rw) did not reach the tool: OpenCode ran {"command":"rm -rf x"}');
  });

  it("HOOKS2OPENCODE_DISABLE=1 turns every hook off for the session", async () => {
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command("exit 2")] }] }) });
    process.env.HOOKS2OPENCODE_DISABLE = "1";
    try {
      const plugin = await loadPlugin(project.dir);
      expect(plugin.hooks["tool.execute.before"]).toBeUndefined();
    } finally {
      delete process.env.HOOKS2OPENCODE_DISABLE;
    }
  });

  it("a non-blocking failure (exit 1, missing script) lets the tool run and is logged", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command("echo oops >&2; exit 1"), command("/no/such/hook.sh")] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    expect(plugin.client.logs().join("\n")).toContain("Failed with non-blocking status code: oops");
    expect(plugin.client.logs().join("\n")).toMatch(/hook\.sh.*not found/);
  });

  it("a hook past its timeout is killed with its children and makes no decision", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ hooks: [command(`sleep 30 & echo $! > "$CLAUDE_PROJECT_DIR/child.pid"; wait; echo '{"decision": "block"}'`, { timeout: 1 })] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const started = Date.now();
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    expect(Date.now() - started).toBeLessThan(5000);
    const pid = Number(await readFile(project.file("child.pid"), "utf8"));
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false); // the grandchild is gone too
    expect(plugin.client.logs().join("\n")).toContain("cancelled after 1s");
  });

  it("matching hooks run in parallel and identical ones run once", async () => {
    const slow = (name: string) => command(`sleep 1; echo ${name} >> "$CLAUDE_PROJECT_DIR/ran"`);
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [
          { matcher: "Bash", hooks: [slow("a"), slow("b"), slow("c")] },
          { matcher: "*", hooks: [slow("a")] }, // identical to the first: de-duplicated
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const started = Date.now();
    await plugin.before("bash", { command: "ls" });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(2500);
    expect((await readFile(project.file("ran"), "utf8")).trim().split("\n").sort()).toEqual(["a", "b", "c"]);
  });

  it("exec form substitutes ${CLAUDE_PROJECT_DIR} without a shell", async () => {
    project = await makeProject({
      ".claude/hooks/record.sh": '#!/bin/sh\necho "$1" > "$2"\n',
      ".claude/settings.json": settings({
        PreToolUse: [
          { hooks: [{ type: "command", command: "${CLAUDE_PROJECT_DIR}/.claude/hooks/record.sh", args: ["a b; $(not run)", "${CLAUDE_PROJECT_DIR}/out"] }] },
        ],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("read", { filePath: project.file("x") });
    expect(await readFile(project.file("out"), "utf8")).toBe("a b; $(not run)\n");
  });

  it("allow answers OpenCode's permission prompt for that call only", async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(`echo '${allow}'`)] }] }) });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "git push" }, "call_allowed");
    const asked = (callID: string, id: string) =>
      plugin.hooks.event!({
        event: { type: "permission.asked", properties: { id, sessionID: "ses_test", permission: "bash", tool: { messageID: "m", callID } } } as never,
      });
    await asked("call_other", "per_2");
    await asked("call_allowed", "per_1");
    expect(plugin.client.calls.filter(([name]) => name === "permission.reply").map(([, options]) => options)).toEqual([
      { path: { id: "ses_test", permissionID: "per_1" }, body: { response: "once" } },
    ]);
  });

  it("apply_patch shows Edit|Write hooks one call per file, with file_path", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Edit|Write", hooks: [command(`jq -r '.tool_name + " " + .tool_input.file_path' >> "$CLAUDE_PROJECT_DIR/seen"`)] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.before("apply_patch", { patchText: "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n-x\n+y\n*** End Patch" });
    expect((await readFile(project.file("seen"), "utf8")).trim().split("\n").sort()).toEqual([
      `Edit ${project.file("b.txt")}`,
      `Write ${project.file("a.txt")}`,
    ]);
  });

  it("continue: false blocks the tool with stopReason and aborts the session", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command(`echo '{"continue": false, "stopReason": "budget exhausted"}'`)] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "ls" })).rejects.toThrow("budget exhausted");
    expect(plugin.client.calls.some(([name]) => name === "session.abort")).toBe(true);
  });
});
