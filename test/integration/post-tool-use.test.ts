// The generated plugin replaying PostToolUse (and PreToolUse context that lands after the result).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
afterEach(() => project?.remove());

const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });
const bashOutput = (stdout: string) => ({ title: "cmd", output: stdout, metadata: { output: stdout, exit: 0, truncated: false } });

describe("PostToolUse through tool.execute.after", () => {
  it("the classic formatter: jq -r '.tool_input.file_path' | xargs npx prettier --write", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "Edit|Write", hooks: [command("jq -r '.tool_input.file_path' | xargs npx --no-install prettier --write", { timeout: 60 })] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const file = project.file("src/ugly.ts");
    const content = "const  a={b:1,c:[1,2,3]}\n";
    await mkdir(project.file("src"), { recursive: true });
    await writeFile(file, content); // what OpenCode's write tool did before the after-hook
    await plugin.call("write", { filePath: file, content }, { title: "src/ugly.ts", output: "Wrote file successfully.", metadata: { exists: false } });
    expect(await readFile(file, "utf8")).toBe("const a = { b: 1, c: [1, 2, 3] };\n");
  });

  it("sends tool_response in Claude's shape and the tool's duration", async () => {
    project = await makeProject({ ".claude/settings.json": settings({ PostToolUse: [{ hooks: [command('cat > "$CLAUDE_PROJECT_DIR/input.json"')] }] }) });
    const plugin = await loadPlugin(project.dir);
    await plugin.call("bash", { command: "echo hi" }, bashOutput("hi\n"));
    const input = JSON.parse(await readFile(project.file("input.json"), "utf8"));
    expect(input).toMatchObject({
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "echo hi" },
      tool_response: { stdout: "hi\n", stderr: "", interrupted: false },
      tool_use_id: expect.stringMatching(/^call_/),
    });
    expect(input.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("additionalContext and exit-2 stderr are appended to what the model sees", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "file was formatted" } });
    project = await makeProject({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "Bash", hooks: [command(`echo '${context}'`), command("echo 'lint: 2 problems' >&2; exit 2")] }],
      }),
    });
    const plugin = await loadPlugin(project.dir);
    const output = await plugin.call("bash", { command: "make" }, bashOutput("built\n"));
    expect(output.output).toBe(
      "built\n\n\n<system-reminder>\nPostToolUse:Bash hook additional context: file was formatted\n</system-reminder>" +
        "\n\n<system-reminder>\nPostToolUse:Bash hook error: [echo 'lint: 2 problems' >&2; exit 2]: lint: 2 problems\n</system-reminder>",
    );
  });

  it("hook text over 10,000 characters reaches the model as a preview and a file, as in Claude", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PostToolUse: [{ hooks: [command("head -c 30000 /dev/zero | tr '\\0' x >&2; exit 2")] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    const output = await plugin.call("bash", { command: "ls" }, bashOutput("a\n"));
    const text = String(output.output);
    expect(text.length).toBeLessThan(3000);
    const file = /the full text is in (\S+)\]/.exec(text)?.[1];
    expect((await readFile(file!, "utf8")).length).toBeGreaterThan(30000);
  });

  it("PreToolUse additionalContext lands next to the result", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "remember the style guide" } });
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ hooks: [command(`echo '${context}'`)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const output = await plugin.call("bash", { command: "ls" }, bashOutput("a\n"));
    expect(output.output).toContain("PreToolUse:Bash hook additional context: remember the style guide");
  });

  it("updatedToolOutput replaces what the model sees", async () => {
    const replace = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted]" } });
    project = await makeProject({ ".claude/settings.json": settings({ PostToolUse: [{ matcher: "Read", hooks: [command(`echo '${replace}'`)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const output = await plugin.call("read", { filePath: project.file("secret") }, { title: "secret", output: "password=hunter2", metadata: {} });
    expect(output.output).toBe("[redacted]");
  });

  it("MCP tools: named mcp__server__tool, feedback goes to output.content", async () => {
    const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "stored" } });
    project = await makeProject({
      ".claude/settings.json": settings({
        PostToolUse: [{ matcher: "mcp__memory__.*", hooks: [command(`jq -r .tool_name > "$CLAUDE_PROJECT_DIR/name"; echo '${context}'`)] }],
      }),
    });
    const plugin = await loadPlugin(project.dir, { mcp: { memory: { type: "local", command: ["x"] } } });
    const output = await plugin.call("memory_create_entities", { entities: [] }, { content: [{ type: "text", text: "ok" }] });
    expect(await readFile(project.file("name"), "utf8")).toBe("mcp__memory__create_entities\n");
    expect(output.content).toEqual([
      { type: "text", text: "ok" },
      { type: "text", text: "<system-reminder>\nPostToolUse:mcp__memory__create_entities hook additional context: stored\n</system-reminder>" },
    ]);
  });

  it("a matcher that does not match never runs: Edit|Write on read", async () => {
    project = await makeProject({
      ".claude/settings.json": settings({ PostToolUse: [{ matcher: "Edit|Write", hooks: [command('touch "$CLAUDE_PROJECT_DIR/ran"')] }] }),
    });
    const plugin = await loadPlugin(project.dir);
    await plugin.call("read", { filePath: project.file("x") }, { title: "x", output: "", metadata: {} });
    await expect(readFile(project.file("ran"))).rejects.toThrow();
  });
});

describe("substitute results (hooks2opencode extension)", () => {
  it("a PreToolUse hook that already has the result: the tool is made harmless and the model gets the result", async () => {
    const cached = `[ -n "$HOOKS2OPENCODE" ] && echo '{"hooks2opencode": {"substituteOutput": "cached: 42 matches"}}'`;
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [command(cached)] }] }) });
    const plugin = await loadPlugin(project.dir);
    const args = { command: "expensive-search --all" };
    await plugin.before("bash", args, "call_cached");
    expect(args).toEqual({ command: "true" });
    const output = await plugin.after("bash", args, bashOutput(""), "call_cached");
    expect(output.output).toBe("cached: 42 matches");
  });

  it("a tool with side effects is not run; the result is delivered as the block text", async () => {
    const cached = `echo '{"hooks2opencode": {"substituteOutput": "already written"}}'`;
    project = await makeProject({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Write", hooks: [command(cached)] }] }) });
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("write", { filePath: project.file("a"), content: "x" })).rejects.toThrow("already written");
  });
});
