// Cursor's tools as its hooks see them, against OpenCode's (the dialect's tool table, like
// tools/table.ts for Claude). preToolUse, postToolUse and postToolUseFailure see every tool:
// bash is `Shell {command, cwd}`, read `Read {file_path}`, write and edit `Write {file_path,
// content}` (Cursor edits by writing the whole file: an edit's content is the file as it will be),
// grep `Grep {pattern, file_path, glob, output_mode}`, webfetch `Fetch {url}`, task `Task`,
// websearch `WebSearch`, an MCP tool `MCP:<tool>` with its arguments (the server is not named);
// apply_patch is one Write per file. glob, todowrite and OpenCode's other tools have no Cursor tool,
// so no Cursor hook fires for them. The other tool events see one kind of tool each, in their own
// shape (cursor-input.ts): beforeShellExecution and afterShellExecution bash, before/afterMCPExecution
// MCP tools, beforeReadFile read, afterFileEdit write, edit and apply_patch. Both ways: the keys of
// `updated_input` Cursor applies per tool go back onto OpenCode's arguments; the rest are ignored, as
// Cursor ignores them. Pure but for reading the file an edit changes.
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (each local tool's createToolInput,
// applyUpdatedInput and createSuccessOutput; the MCP executor); https://cursor.com/docs/hooks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { patchFileCalls } from "../../tools/apply-patch.js";
import { MAX_ARGS_DEPTH, nestsBeyond } from "../../tools/args-depth.js";
import { mcpToolName } from "../../tools/mcp-names.js";
import type { ClaudeCall } from "../../tools/resolve-call.js";
import type { ToolMapping } from "../../tools/table.js";
import { failedBashExit } from "../../tools/tool-failure.js";
import type { ToolOutput } from "../../tools/tool-response.js";
import type { ToolCallPlace } from "../dialect.js";

/** OpenCode tool -> Cursor's tool name (MCP tools: `MCP:<tool>`). */
export const CURSOR_TOOL_OF: Readonly<Record<string, string>> = {
  bash: "Shell",
  read: "Read",
  write: "Write",
  edit: "Write",
  apply_patch: "Write",
  grep: "Grep",
  webfetch: "Fetch",
  websearch: "WebSearch",
  task: "Task",
};

/** The Cursor tool keys `updated_input` may change, and the OpenCode argument each becomes (applyUpdatedInput). */
const REWRITABLE: Readonly<Record<string, ReadonlyArray<readonly [cursor: string, opencode: string]>>> = {
  Shell: [
    ["command", "command"],
    ["cwd", "workdir"],
    ["timeout", "timeout"],
  ],
  Read: [["file_path", "filePath"]],
  Write: [["file_path", "filePath"]],
  Grep: [
    ["pattern", "pattern"],
    ["file_path", "path"],
  ],
  Fetch: [["url", "url"]],
};

/** The keys of `updated_input` Cursor applies to a call of `toolName` (every key for an MCP tool; none where its tool has no rewrite). */
export function rewritableKeys(call: Pick<ClaudeCall, "toolName" | "mcpServer">): readonly string[] | "all" {
  if (call.mcpServer !== undefined) return "all";
  return (REWRITABLE[call.toolName] ?? []).map(([cursor]) => cursor);
}

/** The events that see one kind of tool, and which. */
const ONLY: Readonly<Record<string, (tool: string, mcp: boolean) => boolean>> = {
  beforeShellExecution: (tool) => tool === "bash",
  afterShellExecution: (tool) => tool === "bash",
  beforeMCPExecution: (_tool, mcp) => mcp,
  afterMCPExecution: (_tool, mcp) => mcp,
  beforeReadFile: (tool) => tool === "read",
  afterFileEdit: (tool) => tool === "write" || tool === "edit" || tool === "apply_patch",
  subagentStart: (tool) => tool === "task",
};

const MCP_EVENTS = new Set(["beforeMCPExecution", "afterMCPExecution"]);

/** The Cursor calls one OpenCode call stands for on `agentEvent`; none when Cursor's hooks of it do not fire for it. */
export function cursorCalls(agentEvent: string, tool: string, args: Record<string, unknown>, where: ToolCallPlace): ClaudeCall[] {
  const mcp = mcpToolName(tool, where.mcpServers);
  const only = ONLY[agentEvent];
  if (only && !only(tool, mcp !== undefined)) return [];
  // A shell command that exits non-zero is a success for Cursor (postToolUse and afterShellExecution follow it), never a failure; a shell tool error is one.
  if (where.event === "PostToolUseFailure" && where.nonZeroExit) return [];
  if (nestsBeyond(args, MAX_ARGS_DEPTH)) {
    const name = mcp ? `MCP:${mcp.tool}` : CURSOR_TOOL_OF[tool];
    if (!name) return [];
    return [{ toolName: name, toolInput: {}, unreadable: `its arguments are nested more than ${MAX_ARGS_DEPTH} levels deep, so no hook can be handed them` }];
  }
  // The MCP events hand the server's name beside the arguments (cursor-input.ts unpacks them).
  if (mcp && MCP_EVENTS.has(agentEvent))
    return [{ toolName: `MCP:${mcp.tool}`, toolInput: { mcp_server_name: mcp.server, arguments: structuredClone(args) }, mcpServer: mcp.server }];
  if (mcp) return [{ toolName: `MCP:${mcp.tool}`, toolInput: structuredClone(args), mcpServer: mcp.server }];
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const file = (value: unknown) => path.resolve(where.directory, text(value));
  if (agentEvent === "afterFileEdit") return fileEdits(tool, args, where.directory);
  const call = (toolName: string, toolInput: Record<string, unknown>): ClaudeCall => ({ toolName, toolInput, mapping: rewriteMapping(tool, toolName, args) });
  switch (tool) {
    case "bash": {
      const timeout = typeof args.timeout === "number" && args.timeout > 0 ? { timeout: args.timeout } : {};
      return [call("Shell", { command: text(args.command), cwd: args.workdir ? file(args.workdir) : where.directory, ...timeout })];
    }
    case "read":
      return [call("Read", { file_path: file(args.filePath) })];
    case "write":
      return [call("Write", { file_path: file(args.filePath), content: text(args.content) })];
    case "edit":
      return [call("Write", { file_path: file(args.filePath), content: editedText(file(args.filePath), args) })];
    case "apply_patch":
      // One Write per file, none of which can be rewritten (hooks2opencode does not turn a file back into a patch).
      return patchFileCalls(text(args.patchText), where.directory).map((each) => ({
        toolName: "Write",
        toolInput: { file_path: each.toolInput.file_path, content: patchedText(each) },
        fromPatch: true,
      }));
    case "grep":
      return [
        call("Grep", { pattern: text(args.pattern), file_path: args.path ? file(args.path) : where.directory, glob: args.include, output_mode: "content" }),
      ];
    case "webfetch":
      return [call("Fetch", { url: text(args.url) })];
    case "websearch":
      return [call("WebSearch", { query: text(args.query) })];
    case "task":
      return [call("Task", { description: args.description, prompt: args.prompt, subagent_type: args.subagent_type })];
    default:
      return [];
  }
}

/**
 * afterFileEdit's `{file_path, edits}` per file: Cursor diffs the file before and after its Write;
 * here an edit is its one replacement and a write (or a file a patch adds) all new text.
 */
function fileEdits(tool: string, args: Record<string, unknown>, directory: string): ClaudeCall[] {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const edit = (file_path: unknown, old_string: string, new_string: string): ClaudeCall => ({
    toolName: "Write",
    toolInput: { file_path, edits: [{ old_string, new_string }] },
  });
  if (tool === "write") return [edit(path.resolve(directory, text(args.filePath)), "", text(args.content))];
  if (tool === "edit") return [edit(path.resolve(directory, text(args.filePath)), text(args.oldString), text(args.newString))];
  return patchFileCalls(text(args.patchText), directory).map((each) => edit(each.toolInput.file_path, text(each.toolInput.old_string), patchedText(each)));
}

/** The text of a file as read, for beforeReadFile's `content` (Cursor hands the file's text, not OpenCode's numbered lines). */
export function fileText(file: string, fallback: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

/** The file an edit leaves: what Cursor's Write tool would be handed. Unreadable or not found: the replacement text alone. */
function editedText(file: string, args: Record<string, unknown>): string {
  const oldString = typeof args.oldString === "string" ? args.oldString : "";
  const newString = typeof args.newString === "string" ? args.newString : "";
  let before: string;
  try {
    before = readFileSync(file, "utf8");
  } catch {
    return newString;
  }
  if (oldString === "") return newString;
  if (!before.includes(oldString)) return newString;
  return args.replaceAll === true ? before.split(oldString).join(newString) : before.replace(oldString, () => newString);
}

/** An apply_patch file's new text, as far as the patch says it (a whole new file, or the changed lines). */
function patchedText(call: { toolInput: Record<string, unknown> }): string {
  const input = call.toolInput;
  return typeof input.content === "string" ? input.content : typeof input.new_string === "string" ? input.new_string : "";
}

/**
 * How `updated_input` goes back onto OpenCode's arguments: the decision keeps only the keys Cursor
 * applies (cursor-decisions.ts); they are renamed here, and every other argument OpenCode had stays.
 */
function rewriteMapping(tool: string, cursorTool: string, original: Record<string, unknown>): ToolMapping {
  const pairs = REWRITABLE[cursorTool] ?? [];
  return {
    opencode: tool,
    claude: cursorTool,
    args: pairs,
    toOpencodeValues(args) {
      const known = new Set(pairs.map(([, opencode]) => opencode));
      for (const key of Object.keys(args)) if (!known.has(key)) delete args[key];
      for (const [name, value] of Object.entries(original)) if (!Object.hasOwn(args, name)) args[name] = value;
    },
  };
}

/**
 * postToolUse's `tool_output`: the JSON text of what Cursor's tool reports on success (Shell: its
 * output and 0 or 1; Read: the length read; Write: success; an MCP tool: its content and isError).
 */
export function cursorToolOutput(call: ClaudeCall, output: ToolOutput): string {
  const text = typeof output.output === "string" ? output.output : "";
  const metadata = output.metadata ?? {};
  if (call.mcpServer !== undefined) return mcpResultJson(output);
  switch (call.toolName) {
    case "Shell": {
      const printed = typeof metadata.output === "string" ? metadata.output : text;
      return JSON.stringify({ output: printed, exitCode: failedBashExit("bash", output as Record<string, unknown>) === undefined ? 0 : 1 });
    }
    case "Read":
      return JSON.stringify({ file_path: call.toolInput.file_path, content_length: readLength(String(call.toolInput.file_path), text) });
    case "Write":
      return JSON.stringify({ file_path: call.toolInput.file_path, success: true });
    case "Grep":
      return JSON.stringify({ pattern: call.toolInput.pattern, success: true });
    case "Fetch":
      return JSON.stringify({ url: call.toolInput.url, status_code: 200, content_length: text.length });
    default:
      return JSON.stringify({ output: text });
  }
}

/** afterMCPExecution's `result_json` and an MCP tool's `tool_output`: `{content, isError}` of the MCP result, as Cursor serializes it. */
export function mcpResultJson(output: ToolOutput): string {
  const raw = output as { content?: unknown; isError?: unknown };
  const items = Array.isArray(raw.content) ? (raw.content as Array<Record<string, unknown>>) : [];
  const content = items.map((item) =>
    item.type === "text"
      ? { type: "text", text: item.text }
      : item.type === "image"
        ? { type: "image", data: item.data, mimeType: item.mimeType }
        : { type: "unknown" },
  );
  return JSON.stringify({ content, isError: raw.isError === true });
}

/** The length of what Read returned: the file's text (Cursor counts the characters it read). */
function readLength(file: string, fallback: string): number {
  return fileText(file, fallback).length;
}

/** The after-tool result each event hands its hooks, in Cursor's shape. */
export function cursorToolResponse(agentEvent: string, call: ClaudeCall, output: ToolOutput): unknown {
  switch (agentEvent) {
    case "afterMCPExecution":
      return mcpResultJson(output);
    case "beforeReadFile":
      return fileText(String(call.toolInput.file_path), typeof output.output === "string" ? output.output : "");
    case "afterFileEdit":
      return call.toolInput.edits;
    default:
      return cursorToolOutput(call, output);
  }
}
