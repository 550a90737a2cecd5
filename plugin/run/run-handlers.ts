// Selects the handlers a firing matches (matcher, then `if`), runs the distinct ones in parallel and
// returns their verdicts in settings order, so merging never depends on which finished first.
// Source: https://code.claude.com/docs/en/hooks#hook-handler-fields, https://code.claude.com/docs/en/hooks#timeouts.
import { type EventName, eventInfo } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import type { ToolCall } from "../match/if-rule.js";
import { decodeResult, type HookResult, type ProcessOutcome } from "../protocol/decode-result.js";
import { runHttp } from "./run-http.js";
import { type SpawnRequest, spawnCommand } from "./spawn-command.js";
import type { HookTrace } from "./trace.js";

export interface Selector {
  /** Value the matcher is tested against (tool_name for tool events). */
  matchValue?: string;
  /** Present on tool events, for `if` rules. */
  toolCall?: ToolCall;
  /** The call's input cannot be read: an `if` rule cannot rule the handler out (it will fail, loudly). */
  unreadable?: boolean;
}

export interface Firing {
  event: EventName;
  /** The hook input, as Claude would send it. */
  input: Record<string, unknown>;
}

export interface RunContext {
  cwd: string;
  projectDir: string;
  env: Record<string, string>;
  /** Background work (async hooks) is reported here instead of being awaited. */
  onBackgroundResult?(handler: CompiledHandler, result: HookResult): void;
  trace?: HookTrace;
}

export interface HandlerRun {
  handler: CompiledHandler;
  result: HookResult;
}

export function selectHandlers(
  handlers: readonly CompiledHandler[],
  firing: Selector,
  onError?: (handler: CompiledHandler, error: unknown) => void,
): CompiledHandler[] {
  const seen = new Set<string>();
  const selected: CompiledHandler[] = [];
  for (const handler of handlers) {
    // One handler whose matcher or `if` cannot be evaluated is that handler's problem only.
    let matches: boolean;
    try {
      matches =
        (firing.matchValue === undefined || handler.matcher.test(firing.matchValue)) &&
        (!handler.ifRule || firing.unreadable === true || (firing.toolCall !== undefined && handler.ifRule(firing.toolCall)));
    } catch (error) {
      onError?.(handler, error);
      continue;
    }
    if (!matches || seen.has(handler.key)) continue;
    seen.add(handler.key);
    selected.push(handler);
  }
  return selected;
}

/** Runs handlers chosen by selectHandlers (select first: building the input is not free). */
export async function runHandlers(selected: readonly CompiledHandler[], firing: Firing, context: RunContext): Promise<HandlerRun[]> {
  const stdin = `${JSON.stringify(firing.input)}\n`;
  const honoursOnFailure = !eventInfo(firing.event).ignoresOnFailure;
  const runs = selected.map(async (handler): Promise<HandlerRun | undefined> => {
    const started = context.trace ? performance.now() : 0;
    const pending = runOne(handler, stdin, context).then(
      (outcome) => {
        const result = decodeResult(firing.event, outcome, { onFailureBlock: honoursOnFailure && handler.hook.onFailure === "block" });
        context.trace?.ran(firing.event, handler, outcome, result, performance.now() - started);
        return result;
      },
      (error: unknown): HookResult => {
        const result: HookResult = { status: "error", message: `hook runner failed: ${String(error)}` };
        context.trace?.ran(firing.event, handler, undefined, result, performance.now() - started);
        return result;
      },
    );
    if (handler.hook.async === true || handler.hook.asyncRewake === true) {
      // Claude starts async hooks and moves on; their decisions have no effect.
      void pending.then((result) => context.onBackgroundResult?.(handler, result));
      return undefined;
    }
    return { handler, result: await pending };
  });
  return (await Promise.all(runs)).filter((run): run is HandlerRun => run !== undefined);
}

function runOne(handler: CompiledHandler, stdin: string, context: RunContext): Promise<ProcessOutcome> {
  const hook = handler.hook;
  if (hook.type === "http") return runHttp(hook, stdin, context.env, handler.timeoutMs);
  if (hook.type !== "command") {
    return Promise.resolve({ stdout: "", stderr: "", spawnError: `${hook.type} hooks are not supported by hooks2opencode` });
  }
  return spawnCommand(spawnRequest(handler, stdin, context));
}

/** How a command handler is spawned: exec form with `${CLAUDE_PROJECT_DIR}` substituted, or a shell. */
export function spawnRequest(handler: CompiledHandler, stdin: string, context: RunContext): SpawnRequest {
  const hook = handler.hook;
  const substitute = (text: string) => text.replaceAll("${CLAUDE_PROJECT_DIR}", context.projectDir);
  const args = Array.isArray(hook.args) ? (hook.args as string[]).map(substitute) : undefined;
  return {
    command: args ? substitute(String(hook.command)) : String(hook.command),
    ...(args ? { args } : {}),
    ...(hook.shell === "powershell" ? { shell: "powershell" as const } : {}),
    stdin,
    cwd: context.cwd,
    env: context.env,
    timeoutMs: handler.timeoutMs,
  };
}
