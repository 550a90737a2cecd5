// One runtime, and per agent a dialect: what differs when a hook written for another agent (Codex
// CLI, later Gemini CLI, Cursor, Copilot CLI) is replayed on the OpenCode channels Claude's event
// modules already use. A dialect names its tools (and their argument shapes both ways), reads its
// matchers, builds its stdin, reads its hooks' output, and sets its environment and timeouts; the
// engine (events/define-event.ts, run/, the event modules' apply) is the same for every agent, and a
// hook with no dialect is Claude's. docs/architecture.md, "Dialects".
import type { DialectName } from "../../schema/dialects/agents.js";
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

export interface Dialect {
  readonly name: DialectName;
  /** The matcher as the agent reads it on `event` (its tool-name aliases included); an error where the agent drops the hook. */
  compileMatcher(event: string, matcher: string | undefined): CompileResult;
  /** The handler as it is spawned: the agent's shell around its command. */
  spawned(handler: HandlerOf<"command">): HandlerOf<"command">;
  /** The agent's timeout for a hook of `event`, in seconds, from what it wrote. */
  timeoutSeconds(event: string, written: number | undefined): number;
  /** The agent's calls one OpenCode tool call stands for (its names, its argument shapes); none: its hooks do not fire. */
  toolCalls(tool: string, args: Record<string, unknown>, where: { directory: string; mcpServers: readonly string[] }): ClaudeCall[];
  /** PostToolUse `tool_response` in the agent's shape. */
  toolResponse(call: ClaudeCall, output: ToolOutput): unknown;
  /** The whole stdin: the agent's common fields and, of `own`, the event fields the agent sends. */
  input(event: string, facts: DialectFacts, own: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** The hook's environment, from the one Claude's hooks get. */
  env(claude: Readonly<Record<string, string>>): Record<string, string>;
  /** One finished hook process, read by the agent's rules. */
  decode(event: string, outcome: ProcessOutcome): HookResult;
}
