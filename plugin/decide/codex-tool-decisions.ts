// Codex CLI's merges of its tool hooks' results (codex-output.ts read each one), into the decisions
// the PreToolUse and PostToolUse modules apply for Claude's hooks too. PreToolUse: any block blocks,
// the model sees Codex's text with the FIRST reason in settings order; otherwise the last updatedInput
// rewrites the call (no permission is answered: Codex's `allow` exists only to carry the rewrite).
// PostToolUse: a block, or continue:false, REPLACES the tool's output with the reasons of all hooks,
// joined with a blank line (Codex does not append them, and goes on to the model);
// updatedMCPToolOutput replaces an MCP tool's result.
// Source: openai/codex codex-rs/hooks/src/events/pre_tool_use.rs, post_tool_use.rs; https://developers.openai.com/codex/hooks.
import type { HookJson } from "../protocol/hook-json.js";
import type { HandlerRun } from "../run/run-handlers.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import { collectCommon } from "./common.js";
import type { PostToolUseDecision } from "./post-tool-use-decision.js";
import type { PreToolUseDecision } from "./pre-tool-use-decision.js";

/** What the model sees of a denied call (https://developers.openai.com/codex/hooks; openai/codex#32573, PR #20527). */
export function codexDeniedText(call: Pick<ClaudeCall, "toolName" | "toolInput">, reason: string): string {
  if (call.toolName === "Bash" || call.toolName === "apply_patch")
    return `Command blocked by PreToolUse hook: ${reason}. Command: ${String(call.toolInput.command ?? "")}`;
  return `Tool call blocked by PreToolUse hook: ${reason}. Tool: ${call.toolName}`;
}

function jsonOf(run: HandlerRun): HookJson | undefined {
  return run.result.status === "success" ? run.result.json : undefined;
}

export function decideCodexPreToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PreToolUseDecision {
  const merged: PreToolUseDecision = { ...collectCommon("PreToolUse", call.toolName, runs), denyMessages: [], reasons: [], additionalContext: [] };
  let reason: string | undefined;
  let updatedInput: Record<string, unknown> | undefined;
  for (const run of runs) {
    if (run.result.status === "blocking") reason ??= run.result.stderr;
    const json = jsonOf(run);
    const specific = json?.hookSpecificOutput;
    if (typeof specific?.additionalContext === "string") merged.additionalContext.push(specific.additionalContext);
    if (specific?.permissionDecision === "deny") reason ??= String(specific.permissionDecisionReason).trim();
    else if (json?.decision === "block" && specific?.permissionDecision === undefined) reason ??= String(json.reason).trim();
    if (specific?.permissionDecision === "allow" && specific.updatedInput !== undefined) updatedInput = specific.updatedInput as Record<string, unknown>;
  }
  if (reason !== undefined) {
    merged.decision = "deny";
    merged.denyMessages.push(codexDeniedText(call, reason));
  } else if (updatedInput !== undefined) {
    merged.updatedInput = updatedInput;
  }
  return merged;
}

export function decideCodexPostToolUse(call: ClaudeCall, runs: readonly HandlerRun[]): PostToolUseDecision {
  // continue:false replaces the output here; it does not stop the session (the model is called again).
  const { stop: _notAStop, ...common } = collectCommon("PostToolUse", call.toolName, runs);
  const merged: PostToolUseDecision = { ...common, feedback: [] };
  // Every hook's feedback, joined with a blank line (post_tool_use.rs join_text_chunks).
  const replacement: string[] = [];
  for (const run of runs) {
    if (run.result.status === "blocking") replacement.push(run.result.stderr);
    const json = jsonOf(run);
    if (!json) continue;
    if (json.decision === "block") replacement.push(String(json.reason).trim());
    else if (json.continue === false) replacement.push(json.stopReason ?? "");
    const specific = json.hookSpecificOutput;
    if (typeof specific?.additionalContext === "string") merged.feedback.push(specific.additionalContext);
    if (specific?.updatedMCPToolOutput != null) {
      if (call.mcpServer !== undefined) merged.updatedToolOutput = { value: specific.updatedMCPToolOutput };
      else
        merged.notices.push(
          `PostToolUse:${call.toolName} hook error: [${run.handler.label}]: PostToolUse hook returned updatedMCPToolOutput for a tool that is not an MCP tool`,
        );
    }
  }
  if (replacement.length > 0) merged.updatedToolOutput = { value: replacement.join("\n\n") };
  return merged;
}
