// Copilot CLI's tools as its hooks see them, against OpenCode's (the dialect's tool table, like
// tools/table.ts for Claude): each OpenCode tool's Copilot runtime name (camelCase payloads and native
// matchers), its Claude name (PascalCase payloads and Claude-format matchers), and Copilot's own
// argument shape, which both payloads carry (`view {path, view_range}`, `create {path, file_text}`,
// `edit {path, old_str, new_str}`: not Claude's `file_path`/`content`). Both ways: a hook's
// `modifiedArgs` (or nested `updatedInput`) maps back onto OpenCode's arguments. OpenCode tools
// Copilot has no tool for (list, skill, question, MCP tools) fire no Copilot hook. Pure.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Claude-format matchers", the
// runtime/Claude name table); argument shapes from the tool schemas inside Copilot CLI 1.0.102.
import path from "node:path";
import { MAX_ARGS_DEPTH, nestsBeyond } from "../../tools/args-depth.js";
import type { ClaudeCall } from "../../tools/resolve-call.js";
import type { ToolMapping } from "../../tools/table.js";
import type { ToolOutput } from "../../tools/tool-response.js";

type Args = Record<string, unknown>;

interface CopilotTool {
  /** Copilot's runtime name (`toolName` of camelCase payloads). */
  runtime: string;
  /** Its Claude name (`tool_name` of PascalCase payloads). */
  claude: string;
  /** OpenCode args -> Copilot's. */
  toCopilot(args: Args, directory: string): unknown;
  /** Copilot's args (a hook's rewrite) -> OpenCode's; throws where they cannot be carried. */
  toOpencode(copilot: Args, original: Args): Args;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const defined = (entries: Record<string, unknown>): Args => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
const absolute = (file: unknown, directory: string) => (typeof file === "string" ? path.resolve(directory, file) : file);

/** OpenCode's 1-based `offset` and `limit` as Copilot's inclusive `[start, end]` (`-1`: to the end). */
function viewRange(args: Args): number[] | undefined {
  if (typeof args.offset !== "number" && typeof args.limit !== "number") return undefined;
  const start = typeof args.offset === "number" ? Math.max(1, args.offset) : 1;
  return [start, typeof args.limit === "number" ? start + args.limit - 1 : -1];
}

function readRange(range: unknown): Args {
  if (!Array.isArray(range) || typeof range[0] !== "number") return {};
  const start = range[0] as number;
  const end: unknown = range[1];
  return { offset: start, ...(typeof end === "number" && end >= start ? { limit: end - start + 1 } : {}) };
}

/** `paths` is one directory or a list of them; OpenCode's tools take one. */
function onePath(paths: unknown): string | undefined {
  if (paths === undefined) return undefined;
  const list = Array.isArray(paths) ? paths : [paths];
  if (list.length > 1) throw new Error("a Copilot hook gave several `paths`; OpenCode's tool searches one directory");
  return text(list[0]);
}

/** OpenCode's todo list as the Markdown checklist Copilot's update_todo takes. */
function todoMarkdown(todos: unknown): string {
  if (!Array.isArray(todos)) return "";
  return todos.map((todo: Args) => `- [${todo.status === "completed" ? "x" : " "}] ${String(todo.content ?? "")}`).join("\n");
}

const cannot = (tool: string) => () => {
  throw new Error(`hooks2opencode cannot turn a Copilot rewrite of ${tool} back into OpenCode's arguments`);
};

/** OpenCode tool id -> Copilot's tool. */
export const COPILOT_TOOLS: Readonly<Record<string, CopilotTool>> = {
  bash: {
    runtime: "bash",
    claude: "Bash",
    toCopilot: (args) => defined({ command: text(args.command) ?? "", description: text(args.description) }),
    toOpencode: (copilot, original) => ({ ...original, ...defined({ command: copilot.command, description: copilot.description }) }),
  },
  read: {
    runtime: "view",
    claude: "Read",
    toCopilot: (args, directory) => defined({ path: absolute(args.filePath, directory), view_range: viewRange(args) }),
    toOpencode: (copilot) => defined({ filePath: copilot.path, ...readRange(copilot.view_range) }),
  },
  write: {
    runtime: "create",
    claude: "Write",
    toCopilot: (args, directory) => ({ path: absolute(args.filePath, directory), file_text: text(args.content) ?? "" }),
    toOpencode: (copilot) => defined({ filePath: copilot.path, content: copilot.file_text }),
  },
  edit: {
    runtime: "edit",
    claude: "Edit",
    toCopilot: (args, directory) => defined({ path: absolute(args.filePath, directory), old_str: text(args.oldString), new_str: text(args.newString) }),
    // Copilot's edit has no replaceAll: OpenCode's is kept as it was.
    toOpencode: (copilot, original) =>
      defined({ filePath: copilot.path, oldString: copilot.old_str, newString: copilot.new_str, replaceAll: original.replaceAll }),
  },
  apply_patch: {
    runtime: "apply_patch",
    claude: "Edit",
    // A freeform tool: its arguments are the patch text itself.
    toCopilot: (args) => text(args.patchText) ?? "",
    toOpencode: (copilot) => ({ patchText: copilot.patchText }),
  },
  glob: {
    runtime: "glob",
    claude: "Glob",
    toCopilot: (args) => defined({ pattern: text(args.pattern) ?? "", paths: text(args.path) }),
    toOpencode: (copilot) => defined({ pattern: copilot.pattern, path: onePath(copilot.paths) }),
  },
  grep: {
    runtime: "grep",
    claude: "Grep",
    toCopilot: (args) => defined({ pattern: text(args.pattern) ?? "", paths: text(args.path), glob: text(args.include) }),
    toOpencode: (copilot) => defined({ pattern: copilot.pattern, path: onePath(copilot.paths), include: copilot.glob }),
  },
  webfetch: {
    runtime: "web_fetch",
    claude: "WebFetch",
    toCopilot: (args) => ({ url: text(args.url) ?? "" }),
    toOpencode: (copilot, original) => ({ ...original, url: copilot.url }),
  },
  websearch: {
    runtime: "web_search",
    claude: "WebSearch",
    toCopilot: (args) => ({ query: text(args.query) ?? "" }),
    toOpencode: (copilot, original) => ({ ...original, query: copilot.query }),
  },
  task: {
    runtime: "task",
    claude: "Agent",
    toCopilot: (args) => defined({ description: text(args.description), prompt: text(args.prompt), agent_type: text(args.subagent_type) }),
    toOpencode: (copilot, original) => ({
      ...original,
      ...defined({ description: copilot.description, prompt: copilot.prompt, subagent_type: copilot.agent_type }),
    }),
  },
  todowrite: { runtime: "update_todo", claude: "TodoWrite", toCopilot: (args) => ({ todos: todoMarkdown(args.todos) }), toOpencode: cannot("todowrite") },
};

/** Copilot's runtime names by OpenCode id, for the report. */
export const COPILOT_RUNTIME_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(COPILOT_TOOLS).map(([id, tool]) => [id, tool.runtime]));

/** The Copilot call one OpenCode call stands for, named for the payload (`pascal`: Claude names); none when Copilot has no such tool. */
export function copilotCalls(tool: string, args: Args, directory: string, pascal: boolean): ClaudeCall[] {
  const copilot = COPILOT_TOOLS[tool];
  if (!copilot) return [];
  const toolName = pascal ? copilot.claude : copilot.runtime;
  if (nestsBeyond(args, MAX_ARGS_DEPTH))
    return [{ toolName, toolInput: {}, unreadable: `its arguments are nested more than ${MAX_ARGS_DEPTH} levels deep, so no hook can be handed them` }];
  // apply_patch's arguments are a string, which the call carries as it is (the payload sends it so).
  const toolInput = copilot.toCopilot(args, directory) as Args;
  return [{ toolName, toolInput, mapping: rewriteMapping(tool, copilot, args) }];
}

/**
 * The call a permissionRequest hook reads: permission-shaped, not the tool's arguments. A shell
 * command is `bash {command}`; a file change (create, edit, a patch) is `edit {file_path, diff}`.
 * Reads (view, grep, glob) ask no permission in Copilot, so they fire nothing; the other tools keep
 * their call. `pascal`: Claude's names (`Bash`, `Edit`).
 */
export function copilotPermissionCalls(tool: string, args: Args, directory: string, pascal: boolean): ClaudeCall[] {
  if (READ_KIND.has(tool)) return [];
  const shape = PERMISSION_SHAPE[tool];
  if (!shape) return copilotCalls(tool, args, directory, pascal);
  const [as, toolInput] = shape(args, directory);
  const copilot = COPILOT_TOOLS[as]!;
  return [{ toolName: pascal ? copilot.claude : copilot.runtime, toolInput, mapping: rewriteMapping(as, copilot, args) }];
}

/** OpenCode tools whose Copilot permission kind is `read`: Copilot fires no permissionRequest for them. */
const READ_KIND = new Set(["read", "glob", "grep"]);

/** A diff of the change, as the permission prompt shows it: removed lines `-`, added lines `+`. */
function diffOf(file: string, before: string, after: string): string {
  const lines = (text: string, sign: string) =>
    text === ""
      ? []
      : text
          .replace(/\n$/, "")
          .split("\n")
          .map((line) => sign + line);
  return [`--- ${file}`, `+++ ${file}`, ...lines(before, "-"), ...lines(after, "+")].join("\n") + "\n";
}

const PERMISSION_SHAPE: Readonly<Record<string, (args: Args, directory: string) => [string, Args]>> = {
  bash: (args) => ["bash", { command: text(args.command) ?? "" }],
  write: (args, directory) => {
    const file = String(absolute(args.filePath, directory) ?? "");
    return ["edit", { file_path: file, diff: diffOf(file, "", text(args.content) ?? "") }];
  },
  edit: (args, directory) => {
    const file = String(absolute(args.filePath, directory) ?? "");
    return ["edit", { file_path: file, diff: diffOf(file, text(args.oldString) ?? "", text(args.newString) ?? "") }];
  },
  // A patch names its files inside; its text is the diff.
  apply_patch: (args, directory) => ["edit", { file_path: patchFile(text(args.patchText) ?? "", directory), diff: text(args.patchText) ?? "" }],
};

/** The first file a patch touches (`*** Update File: <path>`), absolute. */
function patchFile(patch: string, directory: string): string {
  const named = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/m.exec(patch)?.[1];
  return named ? path.resolve(directory, named.trim()) : "";
}

/** Which OpenCode tool a Copilot call of this name came from, for matchers that test both names. */
export function runtimeNameOf(call: Pick<ClaudeCall, "mapping">): string | undefined {
  return call.mapping ? COPILOT_TOOLS[call.mapping.opencode]?.runtime : undefined;
}

/** A hook's rewrite (`modifiedArgs`, in Copilot's shape) back onto OpenCode's arguments, keeping what Copilot's shape does not carry. */
function rewriteMapping(tool: string, copilot: CopilotTool, original: Args): ToolMapping {
  return {
    opencode: tool,
    claude: copilot.claude,
    args: [],
    toOpencodeValues(args) {
      const next = copilot.toOpencode(args, original);
      for (const key of Object.keys(args)) delete args[key];
      Object.assign(args, next);
    },
  };
}

/** The result a postToolUse hook reads (`textResultForLlm`): the text Copilot's tool would have returned where it differs from OpenCode's. */
export function copilotResultText(call: ClaudeCall, output: ToolOutput): string {
  const plain = typeof output.output === "string" ? output.output : "";
  const metadata = output.metadata ?? {};
  const opencode = call.mapping?.opencode;
  if (opencode === "bash") {
    const shown = typeof metadata.output === "string" ? metadata.output : plain;
    const exit = typeof metadata.exit === "number" ? metadata.exit : 0;
    return `${shown.replace(/\n?$/, "\n")}<shellId: 0 completed with exit code ${exit}>`;
  }
  if (opencode === "write") return `Created file ${String(call.toolInput.path)} with ${String(call.toolInput.file_text ?? "").length} characters`;
  return plain;
}
