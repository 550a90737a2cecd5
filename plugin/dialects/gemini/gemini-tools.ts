// Gemini CLI's tools as its hooks see them, against OpenCode's (the dialect's tool table, like
// tools/table.ts for Claude): `tool_name` is the model-facing function name and `tool_input` the
// arguments Gemini's model sends, in Gemini's names (run_shell_command {command, description,
// dir_path}, read_file {file_path, start_line, end_line}, replace {file_path, old_string,
// new_string, allow_multiple}, ...). OpenCode's apply_patch is one call per file, as Gemini's model
// would have made them (write_file, replace); a read of a folder is list_directory; MCP tools are
// `mcp_<server>_<tool>`. Both ways: a hook's `hookSpecificOutput.tool_input` REPLACES the call's
// arguments (Gemini builds the call from it alone, scheduler/hook-utils.ts), so each row maps a
// whole Gemini input back onto OpenCode's arguments, keeping only those Gemini cannot express.
// Source: google-gemini/gemini-cli packages/core/src/tools/definitions/model-family-sets/default-legacy.ts,
// tools/tool-names.ts, tools/mcp-tool.ts (generateValidName). Pure.
import path from "node:path";
import { patchFileCalls } from "../../tools/apply-patch.js";
import { MAX_ARGS_DEPTH, nestsBeyond } from "../../tools/args-depth.js";
import { mcpToolName } from "../../tools/mcp-names.js";
import type { ClaudeCall } from "../../tools/resolve-call.js";
import type { ToolMapping } from "../../tools/table.js";
import type { ToolOutput } from "../../tools/tool-response.js";

type Args = Record<string, unknown>;

/** One OpenCode tool as Gemini's model would have called it. */
interface GeminiTool {
  gemini: string;
  /** OpenCode's arguments as Gemini's `tool_input` (only the keys that have a value). */
  toGemini(args: Args, directory: string): Args;
  /** A whole Gemini `tool_input` as OpenCode's arguments; `original` gives what Gemini cannot say (bash's timeout). */
  toOpencode(input: Args, original: Args): Args;
  /** What Gemini's schema requires: a rewrite without one fails (Gemini's "failed validation"). */
  required: readonly string[];
}

const defined = (entries: Array<[string, unknown]>): Args => Object.fromEntries(entries.filter(([, value]) => value !== undefined));
const absolute = (directory: string, file: unknown) => (typeof file === "string" ? path.resolve(directory, file) : file);
/** A line count from OpenCode's 1-based `offset` and `limit` to Gemini's inclusive 1-based `end_line`. */
const endLine = (offset: unknown, limit: unknown) =>
  typeof limit === "number" ? (typeof offset === "number" ? Math.max(offset, 1) : 1) + limit - 1 : undefined;

/** The table, one row per OpenCode tool Gemini has a tool for. OpenCode's edit has no `instruction`: it is absent, and not required of a rewrite. */
const GEMINI_TOOLS: Readonly<Record<string, GeminiTool>> = {
  bash: {
    gemini: "run_shell_command",
    toGemini: (args) =>
      defined([
        ["command", args.command],
        ["description", args.description],
        ["dir_path", args.workdir],
      ]),
    toOpencode: (input, original) =>
      defined([
        ["command", input.command],
        ["description", input.description],
        ["workdir", input.dir_path],
        ["timeout", original.timeout],
      ]),
    required: ["command"],
  },
  read: {
    gemini: "read_file",
    toGemini: (args, directory) =>
      defined([
        ["file_path", absolute(directory, args.filePath)],
        ["start_line", args.offset],
        ["end_line", endLine(args.offset, args.limit)],
      ]),
    toOpencode: (input) =>
      defined([
        ["filePath", input.file_path],
        ["offset", input.start_line],
        ["limit", typeof input.end_line === "number" ? input.end_line - (typeof input.start_line === "number" ? input.start_line : 1) + 1 : undefined],
      ]),
    required: ["file_path"],
  },
  write: {
    gemini: "write_file",
    toGemini: (args, directory) =>
      defined([
        ["file_path", absolute(directory, args.filePath)],
        ["content", args.content],
      ]),
    toOpencode: (input) =>
      defined([
        ["filePath", input.file_path],
        ["content", input.content],
      ]),
    required: ["file_path", "content"],
  },
  edit: {
    gemini: "replace",
    toGemini: (args, directory) =>
      defined([
        ["file_path", absolute(directory, args.filePath)],
        ["old_string", args.oldString],
        ["new_string", args.newString],
        ["allow_multiple", args.replaceAll],
      ]),
    toOpencode: (input) =>
      defined([
        ["filePath", input.file_path],
        ["oldString", input.old_string],
        ["newString", input.new_string],
        ["replaceAll", input.allow_multiple],
      ]),
    required: ["file_path", "old_string", "new_string"],
  },
  glob: {
    gemini: "glob",
    toGemini: (args) =>
      defined([
        ["pattern", args.pattern],
        ["dir_path", args.path],
      ]),
    toOpencode: (input) =>
      defined([
        ["pattern", input.pattern],
        ["path", input.dir_path],
      ]),
    required: ["pattern"],
  },
  grep: {
    gemini: "grep_search",
    toGemini: (args) =>
      defined([
        ["pattern", args.pattern],
        ["dir_path", args.path],
        ["include_pattern", args.include],
      ]),
    toOpencode: (input) =>
      defined([
        ["pattern", input.pattern],
        ["path", input.dir_path],
        ["include", input.include_pattern],
      ]),
    required: ["pattern"],
  },
  // Gemini's web_fetch takes a prompt with the URL(s) in it; OpenCode's fetches one URL.
  webfetch: {
    gemini: "web_fetch",
    toGemini: (args) => defined([["prompt", args.url]]),
    toOpencode: (input, original) =>
      defined([
        ["url", firstUrl(input.prompt)],
        ["format", original.format],
        ["timeout", original.timeout],
      ]),
    required: ["prompt"],
  },
  websearch: {
    gemini: "google_web_search",
    toGemini: (args) => defined([["query", args.query]]),
    toOpencode: (input, original) => ({ ...original, ...defined([["query", input.query]]) }),
    required: ["query"],
  },
  todowrite: {
    gemini: "write_todos",
    toGemini: (args) => defined([["todos", Array.isArray(args.todos) ? args.todos.map(geminiTodo) : args.todos]]),
    toOpencode: (input, original) =>
      defined([
        [
          "todos",
          Array.isArray(input.todos) ? input.todos.map((todo, index) => opencodeTodo(todo, (original.todos as unknown[] | undefined)?.[index])) : input.todos,
        ],
      ]),
    required: ["todos"],
  },
  task: {
    gemini: "invoke_agent",
    toGemini: (args) =>
      defined([
        ["agent_name", args.subagent_type],
        ["prompt", args.prompt],
      ]),
    toOpencode: (input, original) =>
      defined([
        ["description", original.description],
        ["prompt", input.prompt],
        ["subagent_type", input.agent_name],
        ["background", original.background],
      ]),
    required: ["agent_name", "prompt"],
  },
  skill: {
    gemini: "activate_skill",
    toGemini: (args) => defined([["name", args.name]]),
    toOpencode: (input) => defined([["name", input.name]]),
    required: ["name"],
  },
};

/** OpenCode tools a Gemini hook fires on, by their Gemini name (the report reads it). */
export const GEMINI_TOOL_OF: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(GEMINI_TOOLS).map(([opencode, tool]) => [opencode, tool.gemini])),
  apply_patch: "write_file, replace",
};

/** What Gemini's model would have sent for a folder: OpenCode's read of a directory lists it. */
const LIST_DIRECTORY: GeminiTool = {
  gemini: "list_directory",
  toGemini: (args, directory) => defined([["dir_path", absolute(directory, args.filePath)]]),
  toOpencode: (input) => defined([["filePath", input.dir_path]]),
  required: ["dir_path"],
};

/** Where a call is made, as the dialect sees it (the one fact that needs the file system comes in as a flag). */
export interface GeminiWhere {
  directory: string;
  mcpServers: readonly string[];
  /** OpenCode's read was handed a folder. */
  readsFolder?: boolean;
}

/** The Gemini call(s) one OpenCode call stands for, in the shape resolve-call.ts gives Claude's; none when Gemini has no such tool. */
export function geminiCalls(tool: string, args: Args, where: GeminiWhere): ClaudeCall[] {
  const unreadable = nestsBeyond(args, MAX_ARGS_DEPTH)
    ? `its arguments are nested more than ${MAX_ARGS_DEPTH} levels deep, so no hook can be handed them`
    : undefined;
  const mcp = mcpToolName(tool, where.mcpServers);
  if (mcp) {
    const name = geminiMcpName(mcp.server, mcp.tool);
    return [{ toolName: name, toolInput: unreadable ? {} : structuredClone(args), mcpServer: mcp.server, ...(unreadable ? { unreadable } : {}) }];
  }
  if (tool === "apply_patch") {
    // One call per file, as Gemini's model would have edited them; a rewrite of one of them cannot be applied.
    return patchFileCalls(String(args.patchText ?? ""), where.directory).map((call) =>
      call.claudeTool === "Write"
        ? { toolName: "write_file", toolInput: { file_path: call.toolInput.file_path, content: call.toolInput.content }, fromPatch: true }
        : {
            toolName: "replace",
            toolInput: { file_path: call.toolInput.file_path, old_string: call.toolInput.old_string, new_string: call.toolInput.new_string },
            fromPatch: true,
          },
    );
  }
  const row = tool === "read" && where.readsFolder ? LIST_DIRECTORY : GEMINI_TOOLS[tool];
  if (!row) return [];
  if (unreadable) return [{ toolName: row.gemini, toolInput: {}, unreadable }];
  return [{ toolName: row.gemini, toolInput: row.toGemini(args, where.directory), mapping: rewriteMapping(tool, row, args) }];
}

/** The keys a rewrite of `toolName` must carry (Gemini validates the rebuilt call against its schema). */
export function geminiRequired(toolName: string): readonly string[] {
  if (toolName === LIST_DIRECTORY.gemini) return LIST_DIRECTORY.required;
  return Object.values(GEMINI_TOOLS).find((row) => row.gemini === toolName)?.required ?? [];
}

/** `mcp_<server>_<tool>`, with Gemini's character rule and its 63-character cut (mcp-tool.ts generateValidName). */
export function geminiMcpName(server: string, tool: string): string {
  let name = `mcp_${server}_${tool}`.replace(/[^a-zA-Z0-9_\-.:]/g, "_");
  if (name.length > 63) name = `${name.slice(0, 30)}...${name.slice(-30)}`;
  return name;
}

/**
 * How a rewrite goes back onto OpenCode's arguments: the mapping's toOpencodeValues replaces the
 * renamed copy pre-tool-use.ts hands it with the row's whole translation (`args: []` renames nothing).
 */
function rewriteMapping(tool: string, row: GeminiTool, original: Args): ToolMapping {
  return {
    opencode: tool,
    claude: row.gemini,
    args: [],
    toOpencodeValues(args) {
      const next = row.toOpencode({ ...args }, original);
      for (const key of Object.keys(args)) delete args[key];
      Object.assign(args, next);
    },
  };
}

function firstUrl(prompt: unknown): unknown {
  if (typeof prompt !== "string") return prompt;
  return /\bhttps?:\/\/[^\s<>"')\]]+/.exec(prompt)?.[0] ?? prompt;
}

function geminiTodo(todo: unknown): unknown {
  if (typeof todo !== "object" || todo === null) return todo;
  const { content, status } = todo as Args;
  return defined([
    ["description", content],
    ["status", status],
  ]);
}

function opencodeTodo(todo: unknown, before: unknown): unknown {
  if (typeof todo !== "object" || todo === null) return todo;
  const { description, status } = todo as Args;
  const kept = typeof before === "object" && before !== null ? (before as Args) : {};
  return defined([
    ["content", description],
    ["status", status],
    ["priority", kept.priority ?? "medium"],
    ["id", kept.id],
  ]);
}

/**
 * AfterTool's `tool_response` (`{llmContent, returnDisplay, error?}`, coreToolHookTriggers.ts):
 * what the model gets is OpenCode's output (an MCP tool's content parts as Gemini's `{text}` parts);
 * write_file and replace show their diff, the rest their text. `error` only on a failed call.
 */
export function geminiToolResponse(call: ClaudeCall, output: ToolOutput, error?: string): Record<string, unknown> {
  const text = typeof output.output === "string" ? output.output : "";
  const llmContent = call.mcpServer !== undefined && Array.isArray(output.content) ? output.content.map(geminiPart) : text;
  const diff = output.metadata?.diff;
  const returnDisplay =
    (call.toolName === "write_file" || call.toolName === "replace") && typeof diff === "string"
      ? { fileDiff: diff, fileName: path.basename(String(call.toolInput.file_path ?? "")) }
      : text;
  return { llmContent, returnDisplay, ...(error !== undefined ? { error: { message: error, type: "execution_failed" } } : {}) };
}

function geminiPart(part: unknown): unknown {
  if (typeof part === "object" && part !== null && (part as Args).type === "text") return { text: (part as Args).text };
  return part;
}
