// What the report says of Copilot CLI's hooks (dialect-report.ts): why an event or hook is not
// replayed, which OpenCode tools a tool hook fires on, and what differs. Copilot also reads Claude's
// `.claude/settings.json` hooks; those are replayed once, as Claude hooks, never as Copilot's. Pure.
import type { AgentHook } from "../../schema/dialects/agent-hooks.js";
import { copilotEventOf } from "../../schema/dialects/copilot/events.js";
import { COPILOT } from "../dialects/copilot/copilot-dialect.js";
import { COPILOT_TOOLS } from "../dialects/copilot/copilot-tools.js";
import { channelsOf } from "./classify.js";
import type { DialectReport } from "./dialect-report.js";

const TOOL_EVENTS = new Set(["preToolUse", "postToolUse", "postToolUseFailure"]);

export const COPILOT_REPORT: DialectReport = {
  notReplayed: {
    userPromptTransformed:
      "OpenCode has no step where the model-facing form of a prompt can be rewritten after its own transforms; Copilot's userPromptTransformed hooks do not run",
  },
  droppedBecause(hook, read) {
    if (read.disabledIn) return `disableAllHooks in ${read.disabledIn}: Copilot runs no hook of this repository`;
    if (hook.type === "http") return "Copilot's http hooks are not replayed (only command hooks are)";
    if (hook.type === "prompt") return "Copilot's prompt hooks auto-submit text in new interactive sessions only; not replayed";
    if (hook.command === undefined) return "only a `powershell` command: Copilot runs it on Windows only, and this is not Windows";
    return undefined;
  },
  degradedBecause(hook) {
    const notes: string[] = [];
    if (copilotEventOf(hook.event) === "notification") notes.push("its additionalContext is not delivered (Copilot injects it as a user message)");
    return notes;
  },
  firesOn: (hook, engine) => (TOOL_EVENTS.has(copilotEventOf(hook.event)) ? toolsOf(hook) : channelsOf(engine).join(", ")),
  remarks(hook) {
    const event = copilotEventOf(hook.event);
    const notes: string[] = [];
    if (TOOL_EVENTS.has(event)) {
      const compiled = COPILOT.compileMatcher(hook.event, hook.matcher);
      if (compiled.ok && compiled.matcher.kind === "all")
        notes.push("OpenCode's list, skill, question and MCP tools have no Copilot tool here: this hook does not fire on them");
    }
    if (event === "postToolUse") notes.push("additionalContext reaches the model after Copilot's guidance line, inside OpenCode's <system-reminder>");
    if (event === "postToolUseFailure")
      notes.push(
        "fires on a tool error (a bash command that exits non-zero is a success, as in Copilot: postToolUse runs); OpenCode has already shown the error to the model, so the text is added to it from the next model request on",
      );
    if (event === "permissionRequest")
      notes.push(
        "answers OpenCode's permission prompt (bash, edit, write, apply_patch, webfetch, ...); reads ask no permission there, as in Copilot; the diff of an edit is hooks2opencode's own (removed lines, then added ones)",
      );
    if (event === "subagentStop")
      notes.push(
        "fires when a subagent (OpenCode's task tool) answers; a block sends it back, at most 8 times in a row; modifiedResponse replaces the task's result",
      );
    if (event === "sessionStart") notes.push("does not fire after a compaction (Copilot starts no session there)");
    if (event === "subagentStart")
      notes.push(
        "matches OpenCode's agent name (explore, a custom agent's); does not fire for OpenCode's general agent (Copilot's general-purpose emits no subagentStart)",
      );
    if (event === "notification")
      notes.push("fires for OpenCode's permission prompts only (permission_prompt); OpenCode has no background shells or agents to notify about");
    if (event === "errorOccurred")
      notes.push("fires for a turn that ends in a failed model call only (errorContext model_call); tool and system errors fire nothing");
    return notes;
  },
};

/** The OpenCode tools a Copilot tool hook fires on: those whose Copilot tool its matcher names. */
function toolsOf(hook: AgentHook): string {
  const compiled = COPILOT.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return "nothing";
  const pascal = hook.event !== copilotEventOf(hook.event);
  // A shell command that exits non-zero is no failure for Copilot; a tool error of bash fires nothing either.
  const failure = copilotEventOf(hook.event) === "postToolUseFailure";
  const tools = Object.entries(COPILOT_TOOLS)
    .filter(([opencode]) => !(failure && opencode === "bash"))
    .filter(([, tool]) => compiled.matcher.test(pascal ? `${tool.claude}\u0000${tool.runtime}` : tool.runtime))
    .map(([opencode]) => opencode);
  return tools.join(", ") || "nothing (no Copilot tool matches)";
}
