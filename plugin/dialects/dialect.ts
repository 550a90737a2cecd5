// One runtime, and per agent a dialect: what differs when a hook written for another agent (Codex
// CLI, Gemini CLI, Cursor, Copilot CLI) is replayed on the OpenCode channels Claude's event modules
// already use. A dialect names its tools (and their argument shapes both ways), reads its matchers,
// builds its stdin, reads its hooks' output, and sets its environment and timeouts; which of its
// events ride on which engine event, and how their results merge into the decision that event's
// module applies, is its table in decide/agent-decisions.ts (a floor above: merges use decide/).
// The engine (events/define-event.ts, run/, the event modules' apply) is the same for every agent,
// and a hook with no dialect is Claude's. docs/architecture.md, "Dialects".
//
// Every method that depends on the event gets the AGENT's own event name (`agentEvent`: Gemini's
// `BeforeTool`, Cursor's `beforeShellExecution`), never the engine's: one engine event can carry
// several of an agent's events (Cursor's preToolUse and beforeShellExecution both ride PreToolUse),
// each with its own stdin, matcher value and output rules.
import type { DialectName } from "../../schema/dialects/agents.js";
import type { EventName } from "../../schema/events.js";
import type { HandlerOf } from "../../schema/handlers.js";
import type { CompileResult } from "../../schema/matcher.js";
import type { HookResult, ProcessOutcome } from "../protocol/decode-result.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import type { ToolOutput } from "../tools/tool-response.js";

/** What the runtime knows of a firing when it builds an input (Claude's common fields come from the same). */
export interface DialectFacts {
  sessionID: string;
  transcriptPath: string;
  cwd: string;
  model: string;
  permissionMode: string;
  subagent?: { id: string; type: string };
}

/** Where a tool call happens, for the agent's calls of it. */
export interface ToolCallPlace {
  /** The engine event firing (PreToolUse, PostToolUse, PostToolUseFailure). */
  event: EventName;
  /** Whether Claude's event happens for this call (PostToolUse: not after a Bash command that exited non-zero); the agent's own rule may differ. */
  claudeFires: boolean;
  /** A Bash command that exited non-zero (OpenCode calls it a success; Claude a failure; Cursor and Copilot a success), not a tool error. */
  nonZeroExit?: boolean;
  directory: string;
  mcpServers: readonly string[];
}

export interface Dialect {
  readonly name: DialectName;
  /** The matcher as the agent reads it on `agentEvent` (its tool-name aliases included); an error where the agent drops the hook. */
  compileMatcher(agentEvent: string, matcher: string | undefined): CompileResult;
  /**
   * What the matcher is tested against, when it is not what Claude's module tests (the tool name of
   * `call` on tool events; `source`, `trigger`, `agent_type`, ... elsewhere): Cursor's
   * beforeShellExecution matches the command, its beforeSubmitPrompt the literal `UserPromptSubmit`.
   */
  matchValue?(agentEvent: string, claudeValue: string | undefined, call: ClaudeCall | undefined): string | undefined;
  /** The handler as it is spawned: the agent's shell around its command, with the hook's own fields (AgentHook.options: Copilot's `cwd` and `env`). */
  spawned(handler: HandlerOf<"command">, options?: Readonly<Record<string, unknown>>): HandlerOf<"command">;
  /** The agent's timeout for a hook of `agentEvent`, in seconds, from what it wrote (in the agent's unit). */
  timeoutSeconds(agentEvent: string, written: number | undefined): number;
  /** The agent's calls one OpenCode tool call stands for on `agentEvent` (its names, its argument shapes); none: its hooks do not fire. */
  toolCalls(agentEvent: string, tool: string, args: Record<string, unknown>, where: ToolCallPlace): ClaudeCall[];
  /** The after-tool result in the agent's shape (Codex `tool_response`, Cursor `tool_output`, ...). */
  toolResponse(agentEvent: string, call: ClaudeCall, output: ToolOutput): unknown;
  /**
   * The whole stdin: the agent's common fields and its event fields. `own` holds what Claude's module
   * built for the firing (Claude's field names: `prompt`, `source`, `stop_hook_active`, `tool_name`,
   * `tool_input`, `tool_use_id`, `tool_response`, ...): the dialect keeps, renames and adds.
   */
  input(agentEvent: string, facts: DialectFacts, own: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The text written to the hook's stdin, when not Claude's (the JSON and a newline): Gemini writes no newline. */
  frame?(json: string): string;
  /** The hook's environment, from the one Claude's hooks get. */
  env(claude: Readonly<Record<string, string>>): Record<string, string>;
  /** One finished hook process, read by the agent's rules. */
  decode(agentEvent: string, outcome: ProcessOutcome): HookResult;
  /** An `mcp_tool` hook's arguments from its input template and the hook's stdin, or why it fails (absent: no mcp_tool hooks). */
  mcpArguments?(template: Readonly<Record<string, unknown>>, input: unknown): { args: Record<string, unknown> } | { error: string };
  /** What a finished `async` hook gives the model: each a message of its own at the session's next request, as written (absent: no async hooks). */
  background?(agentEvent: string, result: HookResult): string[];
}
