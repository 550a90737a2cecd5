// The one table of what hooks2opencode knows about each tool: the OpenCode 1.18.33 id and the
// Claude Code name, their arguments both ways, what an `if` rule's specifier reads, how Claude's
// PostToolUse tool_response is built, and the harmless arguments a substitute result runs with.
// Names are listed, never derived from case changes. A Claude key missing from `args` passes
// through under the same name (OpenCode's schema decoding drops keys it does not know).
// Sources: anomalyco/opencode packages/opencode/src/tool/registry.ts and tool/*.ts, v1.18.33;
// https://code.claude.com/docs/en/hooks#pretooluse-input, https://code.claude.com/docs/en/permissions#tool-specific-permission-rules,
// @anthropic-ai/claude-code 2.1.332 sdk-tools.d.ts.
import { claudeAgentName, opencodeAgentName } from "../../schema/agents.js";
import { CLAUDE_TOOLS } from "../../schema/claude-tools.js";
import {
  agentResponse,
  bashResponse,
  editResponse,
  globResponse,
  grepResponse,
  readResponse,
  type ResponseBuilder,
  todoWriteResponse,
  webFetchResponse,
  webSearchResponse,
  writeResponse,
} from "./tool-response.js";

/**
 * What the specifier of an `if` rule (`Tool(specifier)`) is matched against: a shell command (word
 * boundaries, compound commands), a path (gitignore rules), a URL's `domain:`, or a name (wildcards).
 */
export type RuleField = { kind: "command" | "path" | "url" | "name"; key: string };

/** A string no file or pattern matches: searches made harmless find nothing. */
const NOTHING = "hooks2opencode-substitute-matches-nothing";

export interface ToolMapping {
  /** OpenCode tool id. */
  opencode: string;
  /** Claude Code tool name hooks match on. */
  claude: string;
  /** [Claude key, OpenCode key] pairs whose names differ or that both sides share. */
  args: ReadonlyArray<readonly [claude: string, opencode: string]>;
  /** Value-level rewrites where the shapes differ, applied after the key mapping. */
  toClaudeValues?: (input: Record<string, unknown>) => void;
  toOpencodeValues?: (args: Record<string, unknown>) => void;
  /** What an `if` rule's specifier reads; without it, a specifier does not narrow (Claude fails open). */
  rule?: RuleField;
  /** Claude's PostToolUse `tool_response`; without it, the tool's text. */
  response?: ResponseBuilder;
  /**
   * Side-effect-free arguments for the same tool, inside the project folder (so OpenCode asks no
   * external_directory permission): a substitute result runs these instead. Read-only tools only.
   */
  harmless?: (directory: string) => Record<string, unknown>;
}

export const TOOL_TABLE: readonly ToolMapping[] = [
  {
    opencode: "bash",
    claude: "Bash",
    args: [
      ["command", "command"],
      ["timeout", "timeout"],
    ],
    rule: { kind: "command", key: "command" },
    response: bashResponse,
    harmless: () => ({ command: "true" }),
  },
  {
    opencode: "read",
    claude: "Read",
    args: [
      ["file_path", "filePath"],
      ["offset", "offset"],
      ["limit", "limit"],
    ],
    rule: { kind: "path", key: "file_path" },
    response: readResponse,
    harmless: (directory) => ({ filePath: directory, limit: 1 }), // read lists a directory
  },
  {
    opencode: "write",
    claude: "Write",
    args: [
      ["file_path", "filePath"],
      ["content", "content"],
    ],
    rule: { kind: "path", key: "file_path" },
    response: writeResponse,
  },
  {
    opencode: "edit",
    claude: "Edit",
    args: [
      ["file_path", "filePath"],
      ["old_string", "oldString"],
      ["new_string", "newString"],
      ["replace_all", "replaceAll"],
    ],
    rule: { kind: "path", key: "file_path" },
    response: editResponse,
  },
  {
    opencode: "glob",
    claude: "Glob",
    args: [
      ["pattern", "pattern"],
      ["path", "path"],
    ],
    rule: { kind: "path", key: "path" },
    response: globResponse,
    harmless: (directory) => ({ pattern: NOTHING, path: directory }),
  },
  {
    opencode: "grep",
    claude: "Grep",
    args: [
      ["pattern", "pattern"],
      ["path", "path"],
      ["glob", "include"],
    ],
    rule: { kind: "path", key: "path" },
    response: grepResponse,
    harmless: (directory) => ({ pattern: NOTHING, path: directory, include: NOTHING }),
  },
  { opencode: "webfetch", claude: "WebFetch", args: [["url", "url"]], rule: { kind: "url", key: "url" }, response: webFetchResponse },
  { opencode: "websearch", claude: "WebSearch", args: [["query", "query"]], response: webSearchResponse },
  {
    opencode: "task",
    claude: "Agent",
    args: [
      ["description", "description"],
      ["prompt", "prompt"],
      ["subagent_type", "subagent_type"],
      ["run_in_background", "background"],
    ],
    // Built-in agents under Claude's names (schema/agents.ts): hooks see Explore, OpenCode runs explore.
    toClaudeValues: (input) => renameValue(input, "subagent_type", claudeAgentName),
    toOpencodeValues: (args) => renameValue(args, "subagent_type", opencodeAgentName),
    rule: { kind: "name", key: "subagent_type" },
    response: agentResponse,
  },
  { opencode: "todowrite", claude: "TodoWrite", args: [["todos", "todos"]], response: todoWriteResponse },
  { opencode: "skill", claude: "Skill", args: [["skill", "name"]], rule: { kind: "name", key: "skill" } },
  {
    opencode: "question",
    claude: "AskUserQuestion",
    args: [["questions", "questions"]],
    toClaudeValues: (input) => renameInQuestions(input, "multiple", "multiSelect"),
    toOpencodeValues: (args) => renameInQuestions(args, "multiSelect", "multiple"),
  },
  { opencode: "lsp", claude: "LSP", args: [["file_path", "filePath"]], rule: { kind: "path", key: "file_path" } },
  { opencode: "plan_exit", claude: "ExitPlanMode", args: [] },
  { opencode: "list_mcp_resources", claude: "ListMcpResourcesTool", args: [["server", "server"]] },
  {
    opencode: "read_mcp_resource",
    claude: "ReadMcpResourceTool",
    args: [
      ["server", "server"],
      ["uri", "uri"],
    ],
  },
];

/**
 * `apply_patch` (offered to GPT-family models instead of edit/write) is not one Claude tool: each
 * file it touches is presented to hooks as an `Edit` (update) or `Write` (add); see apply-patch.ts.
 */
export const APPLY_PATCH = "apply_patch";
/** The Claude tools one apply_patch call is shown as, one call per file. */
export const APPLY_PATCH_SHOWN_AS: readonly string[] = ["Write", "Edit"];

/** OpenCode's repair target for malformed tool calls; Claude would never have run hooks for it. */
export const INVALID_TOOL = "invalid";

/**
 * Claude tools with no OpenCode 1.18.33 counterpart: a matcher naming only these never fires. Derived:
 * Claude's tool list is one table (schema/claude-tools.ts, below plugin/), this one maps a part of it.
 * Marked pure: the runtime never reads it, and drops Claude's list with it.
 */
export const CLAUDE_ONLY_TOOLS: readonly string[] = /* @__PURE__ */ CLAUDE_TOOLS.filter((name) => !TOOL_TABLE.some((tool) => tool.claude === name));

const BY_OPENCODE = new Map(TOOL_TABLE.map((tool) => [tool.opencode, tool]));
const BY_CLAUDE = new Map(TOOL_TABLE.map((tool) => [tool.claude, tool]));

export function byOpencodeId(id: string): ToolMapping | undefined {
  return BY_OPENCODE.get(id);
}

export function byClaudeName(name: string): ToolMapping | undefined {
  return BY_CLAUDE.get(name);
}

/** OpenCode args -> Claude `tool_input` (a new object; OpenCode-only keys kept under their own name). */
export function toClaudeInput(tool: ToolMapping | undefined, args: Record<string, unknown>): Record<string, unknown> {
  const input = renameKeys(args, tool ? claudeNames(tool) : NO_RENAMES);
  tool?.toClaudeValues?.(input);
  return input;
}

/** Claude `tool_input` (e.g. a hook's `updatedInput`) -> OpenCode args. */
export function toOpencodeArgs(tool: ToolMapping | undefined, input: Record<string, unknown>): Record<string, unknown> {
  const args = renameKeys(input, tool ? opencodeNames(tool) : NO_RENAMES);
  tool?.toOpencodeValues?.(args);
  return args;
}

const NO_RENAMES: ReadonlyMap<string, string> = new Map();
const CLAUDE_NAMES = new Map(TOOL_TABLE.map((tool) => [tool, new Map(tool.args.map(([claude, opencode]) => [opencode, claude]))]));
const OPENCODE_NAMES = new Map(TOOL_TABLE.map((tool) => [tool, new Map(tool.args)]));

function claudeNames(tool: ToolMapping): ReadonlyMap<string, string> {
  return CLAUDE_NAMES.get(tool) ?? new Map(tool.args.map(([claude, opencode]) => [opencode, claude]));
}

function opencodeNames(tool: ToolMapping): ReadonlyMap<string, string> {
  return OPENCODE_NAMES.get(tool) ?? new Map(tool.args);
}

function renameKeys(source: Record<string, unknown>, names: ReadonlyMap<string, string>): Record<string, unknown> {
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    // A copy, so a hook's view never aliases what OpenCode runs; primitives need none.
    const copy = typeof value === "object" && value !== null ? structuredClone(value) : value;
    // defineProperty, not assignment: a key the model sent as "__proto__" stays a key (and sets no prototype).
    Object.defineProperty(renamed, names.get(key) ?? key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return renamed;
}

/**
 * Makes `target` hold exactly `next`, in place: OpenCode runs the tool with the object it handed to
 * the before-hook, and ignores a reassigned `output.args` (docs/opencode-observed.md §2).
 */
export function replaceInPlace(target: Record<string, unknown>, next: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!Object.hasOwn(next, key)) delete target[key];
  for (const [key, value] of Object.entries(next)) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function renameValue(container: Record<string, unknown>, key: string, rename: (name: string) => string): void {
  const value = container[key];
  if (typeof value === "string") container[key] = rename(value);
}

function renameInQuestions(container: Record<string, unknown>, from: string, to: string): void {
  const questions = container.questions;
  if (!Array.isArray(questions)) return;
  for (const question of questions) {
    if (question && typeof question === "object" && from in question) {
      const record = question as Record<string, unknown>;
      record[to] = record[from];
      delete record[from];
    }
  }
}
