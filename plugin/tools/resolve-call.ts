// Which Claude tool call(s) one OpenCode tool call stands for: usually one, by the tool table;
// one per file for apply_patch; `mcp__server__tool` for MCP tools; none for OpenCode's `invalid`.
import path from "node:path";
import { patchFileCalls } from "./apply-patch.js";
import { MAX_ARGS_DEPTH, nestsBeyond } from "./args-depth.js";
import { mcpToolName } from "./mcp-names.js";
import { APPLY_PATCH, byClaudeName, byOpencodeId, INVALID_TOOL, type ToolMapping, toClaudeInput } from "./table.js";

export interface ClaudeCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** Set when updatedInput can be mapped back onto the OpenCode args. */
  mapping?: ToolMapping;
  /** One file of an apply_patch call: its input cannot be rewritten. */
  fromPatch?: boolean;
  mcpServer?: string;
  /** Why no hook can be handed this call's input (toolInput is then empty); a hook that matches fails. */
  unreadable?: string;
}

export function claudeCalls(toolId: string, args: Record<string, unknown>, cwd: string, mcpServers: readonly string[]): ClaudeCall[] {
  if (toolId === INVALID_TOOL) return [];
  if (toolId === APPLY_PATCH) {
    return patchFileCalls(String(args.patchText ?? ""), cwd).map((call) => {
      const mapping = byClaudeName(call.claudeTool);
      return { toolName: call.claudeTool, toolInput: call.toolInput, fromPatch: true, ...(mapping ? { mapping } : {}) };
    });
  }
  if (nestsBeyond(args, MAX_ARGS_DEPTH)) return [unreadableCall(toolId, mcpServers)];
  const mapping = byOpencodeId(toolId);
  if (mapping) {
    const toolInput = toClaudeInput(mapping, args);
    // Claude hands file tools absolute paths.
    if (typeof toolInput.file_path === "string") toolInput.file_path = path.resolve(cwd, toolInput.file_path);
    return [{ toolName: mapping.claude, toolInput, mapping }];
  }
  const mcp = mcpToolName(toolId, mcpServers);
  if (mcp) return [{ toolName: mcp.claude, toolInput: toClaudeInput(undefined, args), mcpServer: mcp.server }];
  return [{ toolName: toolId, toolInput: toClaudeInput(undefined, args) }];
}

/** Claude's name for an OpenCode call, as claudeCalls names it, without its input; undefined where a call has a name per file (apply_patch). */
export function claudeToolName(toolId: string, mcpServers: readonly string[]): string | undefined {
  if (toolId === APPLY_PATCH || toolId === INVALID_TOOL) return undefined;
  return byOpencodeId(toolId)?.claude ?? mcpToolName(toolId, mcpServers)?.claude ?? toolId;
}

/** A call named as usual whose input cannot be given to a hook: matchers still see its name. */
function unreadableCall(toolId: string, mcpServers: readonly string[]): ClaudeCall {
  const mcp = mcpToolName(toolId, mcpServers);
  return {
    toolName: byOpencodeId(toolId)?.claude ?? mcp?.claude ?? toolId,
    toolInput: {},
    ...(mcp ? { mcpServer: mcp.server } : {}),
    unreadable: `its arguments are nested more than ${MAX_ARGS_DEPTH} levels deep, so no hook can be handed them`,
  };
}
