import { describe, expect, it } from "vitest";
import { patchFileCalls } from "../../plugin/tools/apply-patch.js";
import { mcpToolName } from "../../plugin/tools/mcp-names.js";
import { claudeCalls } from "../../plugin/tools/resolve-call.js";
import { toolResponse } from "../../plugin/tools/tool-response.js";
import { byOpencodeId, CLAUDE_ONLY_TOOLS, replaceInPlace, TOOL_TABLE, toClaudeInput, toOpencodeArgs } from "../../plugin/tools/table.js";
import { CLAUDE_TOOLS } from "../../schema/claude-tools.js";

describe("the tool table", () => {
  it("maps every OpenCode 1.18.33 built-in to its Claude name (snapshot of the table)", () => {
    expect(Object.fromEntries(TOOL_TABLE.map((tool) => [tool.opencode, tool.claude]))).toMatchInlineSnapshot(`
      {
        "bash": "Bash",
        "edit": "Edit",
        "glob": "Glob",
        "grep": "Grep",
        "list_mcp_resources": "ListMcpResourcesTool",
        "lsp": "LSP",
        "plan_exit": "ExitPlanMode",
        "question": "AskUserQuestion",
        "read": "Read",
        "read_mcp_resource": "ReadMcpResourceTool",
        "skill": "Skill",
        "task": "Agent",
        "todowrite": "TodoWrite",
        "webfetch": "WebFetch",
        "websearch": "WebSearch",
        "write": "Write",
      }
    `);
  });

  it.each([
    [
      "edit",
      { filePath: "/p/a.ts", oldString: "a", newString: "b", replaceAll: true },
      { file_path: "/p/a.ts", old_string: "a", new_string: "b", replace_all: true },
    ],
    ["write", { filePath: "/p/a.ts", content: "x" }, { file_path: "/p/a.ts", content: "x" }],
    ["read", { filePath: "/p/a.ts", offset: 3, limit: 10 }, { file_path: "/p/a.ts", offset: 3, limit: 10 }],
    ["grep", { pattern: "x", include: "*.ts", path: "/p" }, { pattern: "x", glob: "*.ts", path: "/p" }],
    ["bash", { command: "ls", workdir: "/p" }, { command: "ls", workdir: "/p" }],
    ["skill", { name: "deploy" }, { skill: "deploy" }],
    ["task", { description: "d", prompt: "p", subagent_type: "general" }, { description: "d", prompt: "p", subagent_type: "general-purpose" }],
    ["task", { subagent_type: "reviewer" }, { subagent_type: "reviewer" }],
    [
      "question",
      { questions: [{ question: "q", header: "h", options: [], multiple: true }] },
      { questions: [{ question: "q", header: "h", options: [], multiSelect: true }] },
    ],
  ])("%s args <-> Claude tool_input, both ways", (id, opencode, claude) => {
    const tool = byOpencodeId(id);
    expect(toClaudeInput(tool, opencode)).toEqual(claude);
    expect(toOpencodeArgs(tool, claude)).toEqual(opencode);
  });

  it("names only Claude's tools (schema/claude-tools.ts, the one list); the Claude-only tools are the others", () => {
    const mapped = TOOL_TABLE.map((tool) => tool.claude);
    expect(mapped.filter((name) => !CLAUDE_TOOLS.includes(name))).toEqual([]);
    expect([...mapped, ...CLAUDE_ONLY_TOOLS].sort()).toEqual([...CLAUDE_TOOLS].sort());
  });

  it("every row is complete: a path argument has a path rule, harmless args use the tool's own keys", () => {
    for (const tool of TOOL_TABLE) {
      const pathKey = tool.args.map(([claude]) => claude).find((key) => key === "file_path" || key === "path");
      if (pathKey) expect(tool.rule, tool.claude).toEqual({ kind: "path", key: pathKey });
      if (tool.rule)
        expect(
          tool.args.map(([claude]) => claude),
          tool.claude,
        ).toContain(tool.rule.key);
      const harmless = tool.harmless?.("/project");
      if (harmless)
        for (const key of Object.keys(harmless))
          expect(
            tool.args.map(([, opencode]) => opencode),
            tool.claude,
          ).toContain(key);
    }
    // The tools Claude documents a structured tool_response for (@anthropic-ai/claude-code 2.1.332 sdk-tools.d.ts) build one;
    // ExitPlanMode aside: OpenCode's plan_exit takes no arguments and returns no plan to build it from.
    const structured = ["Bash", "Write", "Edit", "Read", "Glob", "Grep", "Agent", "WebFetch", "WebSearch", "TodoWrite"];
    expect(
      TOOL_TABLE.filter((tool) => tool.response)
        .map((tool) => tool.claude)
        .sort(),
    ).toEqual([...structured].sort());
  });

  it("replaceInPlace keeps the object, deletes removed keys", () => {
    const args: Record<string, unknown> = { command: "rm -rf x", timeout: 5 };
    const same = args;
    replaceInPlace(args, { command: "echo safe" });
    expect(same).toBe(args);
    expect(args).toEqual({ command: "echo safe" });
  });
});

describe("resolving an OpenCode call to Claude calls", () => {
  it("makes file paths absolute, as Claude hands them", () => {
    expect(claudeCalls("write", { filePath: "src/a.ts", content: "" }, "/p", [])[0]?.toolInput.file_path).toBe("/p/src/a.ts");
  });
  it("names MCP tools mcp__server__tool from the configured servers", () => {
    expect(mcpToolName("my_server_echo_tool", ["my server", "my"])).toEqual({ server: "my server", tool: "echo_tool", claude: "mcp__my_server__echo_tool" });
    expect(claudeCalls("memory_create", { a: 1 }, "/p", ["memory"])).toEqual([{ toolName: "mcp__memory__create", toolInput: { a: 1 }, mcpServer: "memory" }]);
    expect(claudeCalls("custom_tool", {}, "/p", [])[0]?.toolName).toBe("custom_tool");
  });
  it("skips OpenCode's `invalid` repair tool", () => {
    expect(claudeCalls("invalid", { tool: "x", error: "y" }, "/p", [])).toEqual([]);
  });
  it("reads apply_patch headers as OpenCode does: no space needed after the colon; a moved file's Edit names where it lands", () => {
    const patch = [
      "*** Begin Patch",
      "*** Add File:.env",
      "+KEY=1",
      "*** Update File:\tnotes.txt",
      "*** Move to: .env.local",
      "@@",
      "-a",
      "+b",
      "*** End Patch",
    ].join("\n");
    expect(patchFileCalls(patch, "/p")).toEqual([
      { claudeTool: "Write", toolInput: { file_path: "/p/.env", content: "KEY=1\n" } },
      { claudeTool: "Edit", toolInput: { file_path: "/p/.env.local", old_string: "a\n", new_string: "b\n", replace_all: false } },
    ]);
  });
  it("splits apply_patch into one Write or Edit per file", () => {
    const patch = [
      "*** Begin Patch",
      "*** Add File: src/new.ts",
      "+export const a = 1;",
      "*** Update File: src/old.ts",
      "@@ function f()",
      " keep",
      "-old line",
      "+new line",
      "*** Delete File: src/gone.ts",
      "*** End Patch",
    ].join("\n");
    expect(patchFileCalls(patch, "/p")).toEqual([
      { claudeTool: "Write", toolInput: { file_path: "/p/src/new.ts", content: "export const a = 1;\n" } },
      { claudeTool: "Edit", toolInput: { file_path: "/p/src/old.ts", old_string: "keep\nold line\n", new_string: "keep\nnew line\n", replace_all: false } },
    ]);
    expect(claudeCalls("apply_patch", { patchText: patch }, "/p", []).map((call) => [call.toolName, call.fromPatch])).toEqual([
      ["Write", true],
      ["Edit", true],
    ]);
  });
});

describe("tool_response", () => {
  it("Edit carries Claude's structuredPatch, parsed from OpenCode's diff", () => {
    const diff = "Index: /p/notes.txt\n===\n--- /p/notes.txt\n+++ /p/notes.txt\n@@ -1,2 +1,2 @@\n-hello wrold\n+hello world\n second line\n";
    const call = claudeCalls("edit", { filePath: "/p/notes.txt", oldString: "wrold", newString: "world" }, "/p", [])[0]!;
    expect(toolResponse(call, { output: "Edit applied successfully.", metadata: { diff } })).toEqual({
      filePath: "/p/notes.txt",
      oldString: "wrold",
      newString: "world",
      originalFile: null,
      structuredPatch: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: ["-hello wrold", "+hello world", " second line"] }],
      userModified: false,
      replaceAll: false,
    });
  });

  it("Read carries the file text, not OpenCode's numbered view", () => {
    const call = claudeCalls("read", { filePath: "/p/a.txt" }, "/p", [])[0]!;
    const output = { output: "<content>\n1: hi\n</content>", metadata: { display: { text: "hi\nthere", lineStart: 1, totalLines: 2 } } };
    expect(toolResponse(call, output)).toEqual({
      type: "text",
      file: { filePath: "/p/a.txt", content: "hi\nthere", numLines: 2, startLine: 1, totalLines: 2 },
    });
  });
});
