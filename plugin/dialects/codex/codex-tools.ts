// Codex CLI's tools as its hooks see them, against OpenCode's (the dialect's tool table, like
// tools/table.ts for Claude): bash is `Bash {command}`; apply_patch is `apply_patch {command: the
// patch}`, and OpenCode's edit and write become the patch Codex's model would have sent (Codex has no
// edit or write tool); MCP tools are `mcp__<server>__<tool>` with their arguments. OpenCode's other
// tools (read, glob, grep, webfetch, task, todowrite, ...) have no Codex identity: Codex reads and
// searches through Bash, so its hooks never fire for them. Both ways: a hook's `updatedInput` maps
// back onto OpenCode's arguments where the tool's can carry it. Pure.
// Source: https://developers.openai.com/codex/hooks; openai/codex codex-rs/hooks/src/schema.rs (PreToolUseToolInput).
import path from "node:path";
import { MAX_ARGS_DEPTH, nestsBeyond } from "../../tools/args-depth.js";
import { mcpToolName } from "../../tools/mcp-names.js";
import type { ClaudeCall } from "../../tools/resolve-call.js";
import type { ToolMapping } from "../../tools/table.js";
import type { ToolOutput } from "../../tools/tool-response.js";

/** Names a matcher also answers to (common.rs matcher_inputs): `Edit` and `Write` match apply_patch. */
export const CODEX_MATCHER_ALIASES: Readonly<Record<string, readonly string[]>> = { apply_patch: ["Edit", "Write"] };

/** OpenCode tools Codex has a tool for; the others fire no Codex hook (the report names them). */
export const CODEX_TOOL_OF: Readonly<Record<string, string>> = { bash: "Bash", apply_patch: "apply_patch", edit: "apply_patch", write: "apply_patch" };

export interface CodexWhere {
  directory: string;
  mcpServers: readonly string[];
}

/**
 * The Codex call one OpenCode call stands for, in the shape resolve-call.ts gives Claude's; none when
 * Codex has no such tool. On PermissionRequest a Bash call also carries `description` (Codex's is the
 * model's justification for the approval; OpenCode's bash description stands for it).
 */
export function codexCalls(tool: string, args: Record<string, unknown>, where: CodexWhere, event = "PreToolUse"): ClaudeCall[] {
  const unreadable = nestsBeyond(args, MAX_ARGS_DEPTH)
    ? `its arguments are nested more than ${MAX_ARGS_DEPTH} levels deep, so no hook can be handed them`
    : undefined;
  const mcp = mcpToolName(tool, where.mcpServers);
  if (mcp) return [{ toolName: mcp.claude, toolInput: unreadable ? {} : structuredClone(args), mcpServer: mcp.server, ...(unreadable ? { unreadable } : {}) }];
  const command = codexCommand(tool, args, where.directory);
  if (command === undefined) return [];
  const described = event === "PermissionRequest" && tool === "bash" && typeof args.description === "string" && args.description !== "";
  return [
    { toolName: CODEX_TOOL_OF[tool]!, toolInput: described ? { command, description: args.description } : { command }, mapping: rewriteMapping(tool, args) },
  ];
}

/** `tool_input.command`: the shell command, or the patch (OpenCode's own, or the one its edit or write stands for). */
function codexCommand(tool: string, args: Record<string, unknown>, directory: string): string | undefined {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const file = path.relative(directory, path.resolve(directory, text(args.filePath))) || text(args.filePath);
  switch (tool) {
    case "bash":
      return text(args.command);
    case "apply_patch":
      return text(args.patchText);
    case "write":
      return patch([`*** Add File: ${file}`, ...lines(text(args.content)).map((line) => `+${line}`)]);
    case "edit":
      return patch([
        `*** Update File: ${file}`,
        "@@",
        ...lines(text(args.oldString)).map((line) => `-${line}`),
        ...lines(text(args.newString)).map((line) => `+${line}`),
      ]);
    default:
      return undefined;
  }
}

function patch(body: string[]): string {
  return ["*** Begin Patch", ...body, "*** End Patch"].join("\n");
}

function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

/**
 * How `updatedInput` (`{command}`) goes back onto OpenCode's arguments: bash's command and
 * apply_patch's patch are replaced and the other arguments kept; an edit or write whose patch a hook
 * rewrote cannot be (hooks2opencode does not turn a patch back into an edit), and fails closed.
 */
function rewriteMapping(tool: string, original: Record<string, unknown>): ToolMapping {
  const key = tool === "bash" ? "command" : "patchText";
  return {
    opencode: tool,
    claude: CODEX_TOOL_OF[tool]!,
    args: [["command", key]],
    toOpencodeValues(args) {
      if (tool === "edit" || tool === "write")
        throw new Error(`a Codex hook rewrote the patch OpenCode's ${tool} stands for; hooks2opencode cannot turn a patch back into a ${tool}`);
      for (const [name, value] of Object.entries(original)) if (!Object.hasOwn(args, name)) args[name] = value;
    },
  };
}

/** Codex's PostToolUse `tool_response`: Bash's output text; a patch's summary; an MCP tool's result. */
export function codexToolResponse(call: ClaudeCall, output: ToolOutput): unknown {
  const text = typeof output.output === "string" ? output.output : "";
  if (call.mcpServer !== undefined) return output.content ?? text;
  if (call.toolName === "Bash") {
    const metadata = output.metadata ?? {};
    return typeof metadata.output === "string" ? metadata.output : text;
  }
  const files = patchedFiles(String(call.toolInput.command ?? ""));
  return `Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n${files.map((line) => `${line}\n`).join("")}`;
}

/** `A path` / `M path` / `D path` per file of a patch, as apply_patch reports them. */
function patchedFiles(patchText: string): string[] {
  const marks: Record<string, string> = { Add: "A", Update: "M", Delete: "D" };
  return [...patchText.matchAll(/^\*\*\* (Add|Update|Delete) File:(.*)$/gm)].map((match) => `${marks[match[1]!]} ${match[2]!.trim()}`);
}
