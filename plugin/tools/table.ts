// The one table that maps OpenCode 1.18.33 tools to Claude Code tools, and their arguments, both
// ways. Names are listed, never derived from case changes. A Claude key missing from `args` passes
// through under the same name (OpenCode's schema decoding drops keys it does not know).
// Sources: opencode-plugin-api.md §3, claude-code-hooks.md §6.2.

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
}

export const TOOL_TABLE: readonly ToolMapping[] = [
  { opencode: "bash", claude: "Bash", args: [["command", "command"], ["timeout", "timeout"]] },
  { opencode: "read", claude: "Read", args: [["file_path", "filePath"], ["offset", "offset"], ["limit", "limit"]] },
  { opencode: "write", claude: "Write", args: [["file_path", "filePath"], ["content", "content"]] },
  {
    opencode: "edit",
    claude: "Edit",
    args: [["file_path", "filePath"], ["old_string", "oldString"], ["new_string", "newString"], ["replace_all", "replaceAll"]],
  },
  { opencode: "glob", claude: "Glob", args: [["pattern", "pattern"], ["path", "path"]] },
  { opencode: "grep", claude: "Grep", args: [["pattern", "pattern"], ["path", "path"], ["glob", "include"]] },
  { opencode: "webfetch", claude: "WebFetch", args: [["url", "url"]] },
  { opencode: "websearch", claude: "WebSearch", args: [["query", "query"]] },
  {
    opencode: "task",
    claude: "Agent",
    args: [["description", "description"], ["prompt", "prompt"], ["subagent_type", "subagent_type"], ["run_in_background", "background"]],
  },
  { opencode: "todowrite", claude: "TodoWrite", args: [["todos", "todos"]] },
  { opencode: "skill", claude: "Skill", args: [["skill", "name"]] },
  {
    opencode: "question",
    claude: "AskUserQuestion",
    args: [["questions", "questions"]],
    toClaudeValues: (input) => renameInQuestions(input, "multiple", "multiSelect"),
    toOpencodeValues: (args) => renameInQuestions(args, "multiSelect", "multiple"),
  },
  { opencode: "lsp", claude: "LSP", args: [["file_path", "filePath"]] },
  { opencode: "plan_exit", claude: "ExitPlanMode", args: [] },
  { opencode: "list_mcp_resources", claude: "ListMcpResourcesTool", args: [["server", "server"]] },
  { opencode: "read_mcp_resource", claude: "ReadMcpResourceTool", args: [["server", "server"], ["uri", "uri"]] },
];

/**
 * `apply_patch` (offered to GPT-family models instead of edit/write) is not one Claude tool: each
 * file it touches is presented to hooks as an `Edit` (update) or `Write` (add); see apply-patch.ts.
 */
export const APPLY_PATCH = "apply_patch";

/** OpenCode's repair target for malformed tool calls; Claude would never have run hooks for it. */
export const INVALID_TOOL = "invalid";

/** Claude tools with no OpenCode 1.18.33 counterpart: a matcher naming only these never fires. */
export const CLAUDE_ONLY_TOOLS: readonly string[] = [
  "MultiEdit", "NotebookEdit", "NotebookRead", "LS", "PowerShell", "Monitor", "EnterPlanMode", "EnterWorktree",
  "ExitWorktree", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate", "TaskStop", "TaskOutput", "BashOutput",
  "KillShell", "CronCreate", "CronDelete", "CronList", "ToolSearch", "SendMessage", "ListAgents", "SlashCommand",
];

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
 * the before-hook, and ignores a reassigned `output.args` (opencode-plugin-api.md §2.3).
 */
export function replaceInPlace(target: Record<string, unknown>, next: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!Object.hasOwn(next, key)) delete target[key];
  for (const [key, value] of Object.entries(next)) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
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
