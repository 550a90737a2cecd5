// The one shape of a handler runner (like defineEvent for events): one module per Claude handler
// type turns a handler and the hook input into the HookResult the decision code reads, so `command`
// is "spawn, then decode", `http` "POST, then decode", `prompt` "ask the model, then decode {ok}".
// convert reads the same table: where a type differs from Claude here is said once, in its module.
import type { EventName, HandlerType } from "../../../schema/events.js";
import type { HandlerOf } from "../../../schema/handlers.js";
import type { CompiledHandler } from "../../compile.js";
import type { McpConnections } from "../../mcp/connections.js";
import type { ModelHost } from "../../opencode/ask-model.js";
import type { ConfiguredModels, ModelRef } from "../../opencode/hook-model.js";
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";
import type { HttpPolicy } from "../http-policy.js";
import type { HookTrace } from "../trace.js";

/** What a handler runs with: where, its environment, and what the plugin lends it (run-handlers.ts hands it on). */
export interface RunContext {
  cwd: string;
  projectDir: string;
  env: Record<string, string>;
  /** Background work (async hooks) is reported here instead of being awaited. */
  onBackgroundResult?(handler: CompiledHandler, result: HookResult, outcome: ProcessOutcome | undefined): void;
  trace?: HookTrace;
  /** Shows the user a line while a handler runs (its statusMessage). */
  toast?(message: string, variant: "info" | "warning" | "error"): void;
  /** The plugin and the session the firing belongs to: prompt and agent hooks ask OpenCode's model. */
  host?: {
    runtime: RunHost;
    sessionID: string;
    /** The model of the session's last prompt: what a prompt hook's `sonnet` / `opus` stands for. */
    sessionModel?: ModelRef;
  };
}

/** What handlers beyond a process need of the plugin (runtime.ts's Runtime is one): OpenCode's model and MCP servers, Claude's http policy. */
export interface RunHost extends ModelHost {
  readonly directory: string;
  /** OpenCode's `model` and `small_model`, for the model a prompt hook asks (opencode/hook-model.ts). */
  readonly models: ConfiguredModels;
  /** Claude's http hook policy (run/http-policy.ts). */
  readonly httpPolicy: HttpPolicy;
  /** The MCP servers of OpenCode's config, for mcp_tool hooks. */
  readonly mcp: McpConnections;
}

export interface RunRequest<T extends HandlerType> {
  handler: HandlerOf<T>;
  compiled: CompiledHandler;
  event: EventName;
  /** The hook input as JSON, with the newline Claude ends it with. */
  stdin: string;
  context: RunContext;
}

export interface RunOutcome {
  result: HookResult;
  /** What the process (or request) did, for `hooks2opencode test`. */
  outcome?: ProcessOutcome;
}

export interface Runner<T extends HandlerType = HandlerType> {
  readonly type: T;
  /** Where a run of this handler differs from Claude's (convert reports it degraded). */
  differences?(handler: HandlerOf<T>): string[];
  /** What is worth knowing about a handler that runs as in Claude (convert's notes), e.g. its cost. */
  remarks?(handler: HandlerOf<T>): string[];
  run(request: RunRequest<T>): Promise<RunOutcome>;
  /** The same run without an await (command: spawnSync), for the permission race (build-hooks.ts); a type without it never runs so. */
  runSync?(request: RunRequest<T>): RunOutcome;
}

export function defineRunner<T extends HandlerType>(runner: Runner<T>): Runner<T> {
  return runner;
}
