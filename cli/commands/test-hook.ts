// `hooks2opencode test EVENT`: fires one event against the configured hooks offline, with the code
// the generated plugin runs (the registry's Hooks object over the same compiled handlers), and says
// which handlers ran and why the others did not, what each did, and what OpenCode would do.
// Exit code: 0 the hooks let it through, 1 they block it (a denied or blocked call or prompt, a
// Stop or SubagentStop that sends the agent back, a PostToolBatch that stops the loop, a rejected
// permission), 3 a hook failed and nothing blocked;
// 2 the input cannot be used, as for every command.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { EventName } from "../../schema/events.js";
import { EVENT_NAMES, isEventName } from "../../schema/events.js";
import { closestName } from "../../schema/closest-name.js";
import { hasErrors } from "../../schema/diagnostics.js";
import { toolNameProblem } from "../../schema/lints.js";
import { compileHandlers, type CompiledHandler } from "../../plugin/compile.js";
import { handlerLabel } from "../../schema/handlers.js";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { notReplayedReason, isReplayed, REGISTRY } from "../../plugin/events/index.js";
import { startSkill } from "../../plugin/events/skill-sessions.js";
import { activeHandlers } from "../../plugin/local-hooks.js";
import type { HookResult, ProcessOutcome } from "../../plugin/protocol/decode-result.js";
import type { Selector } from "../../plugin/run/select-handlers.js";
import { mergePolicies } from "../../plugin/run/http-policy.js";
import { Runtime } from "../../plugin/runtime.js";
import { afterOneBlock } from "../../plugin/stop/stop-loop.js";
import { APPLY_PATCH, INVALID_TOOL, TOOL_TABLE } from "../../plugin/tools/table.js";
import { buildOutputs } from "../build/build-plugin.js";
import type { BuildOptions } from "../build/plan.js";
import { EXIT, ExitError, UsageError } from "../errors.js";
import { formatDiagnosticLine } from "../format-report.js";
import { hasNoSettings, noSettingsError } from "../build/no-settings.js";
import { type FireFlag, type FireOptions, unusedFlag } from "../simulate/fire-options.js";
import { OfflineOpencode, type Recorded } from "../simulate/offline-opencode.js";
import {
  type Effect,
  flagsProblem,
  opencodeCall,
  replay,
  SCENARIOS,
  type Scenario,
  type Simulation,
  stopHookActiveEvents,
  subagentSessionID,
} from "../simulate/scenarios.js";
import { type SessionContext, whyRan } from "../simulate/why-not.js";
import { firstLine, type OutputOptions, outputFor, safeText, type Style } from "../terminal.js";
import { compilePermissions } from "../../plugin/permissions/evaluate.js";
import { type CallVerdict, callVerdict, verdictText } from "../simulate/permission-verdict.js";
import { claudeConfigDir } from "../../schema/load-settings.js";

export const TEST_EXIT = { through: 0, blocked: 1, unusable: EXIT.usage, hookFailed: 3 } as const;

export interface TestOptions extends BuildOptions, OutputOptions, Omit<FireOptions, "input"> {
  event: string;
  /** The tool input: JSON, `@file`, or `-` for stdin. */
  input?: string;
  stdin?: () => string;
  /** The session id hooks get (default: a fresh one per run, so no hook state carries over). */
  sessionId?: string;
  /** Stop, SubagentStop: the turn that ended is the continuation a Stop hook's block started. */
  stopHookActive?: boolean;
  /** Skills loaded in the session (by OpenCode's skill tool, or typed as /name): their frontmatter hooks run. */
  skills?: string[];
}

interface HandlerReport {
  handler: string;
  where: string;
  ran: boolean;
  why: string;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  ms?: number;
  /** How the output was read: success, blocking, error (non-blocking), cancelled (timed out). */
  result?: HookResult["status"];
  message?: string;
}

/** A hook of a type the event never runs. */
interface IgnoredReport {
  handler: string;
  where: string;
  why: string;
}

interface FiringReport {
  matchValue?: string;
  toolInput?: Record<string, unknown>;
  handlers: HandlerReport[];
}

type Outcome = "blocked" | "went through" | "hook failed" | "no hook ran";

export async function testHook(options: TestOptions): Promise<{ exitCode: number }> {
  const { print, printError, style } = outputFor(options);
  const event = eventNamed(options.event);
  const scenario = SCENARIOS[event];
  if (!isReplayed(event)) throw new ExitError(`${event} hooks do not run in OpenCode: ${notReplayedReason(event)}`, EXIT.usage);
  if (!scenario) throw new UsageError(`test cannot fire ${event} offline (it needs a real OpenCode session); it fires ${Object.keys(SCENARIOS).join(", ")}`);
  const { input, stopHookActive, ...rest } = options;
  const given: FireOptions = { ...rest, ...(input !== undefined ? { input: {} } : {}) };
  const wrong = unusedFlag(event, given, Object.keys(scenario.flags) as FireFlag[]) ?? flagsProblem(scenario, given) ?? sessionFlagsProblem(event, options);
  if (wrong) throw new UsageError(wrong);
  const sessionID = options.sessionId ?? freshSessionID();
  const unknownTool = options.tool === undefined ? undefined : toolWarning(options.tool);
  if (unknownTool && options.strict) throw new UsageError(unknownTool);
  if (unknownTool) printError(`hooks2opencode: ${style.yellow("warning")}: ${unknownTool}\n`);
  const fire: FireOptions = { ...rest, ...(input !== undefined ? { input: toolInput(input, options.stdin) } : {}) };

  const build = await buildOutputs(options);
  if (!options.json) for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
  if (hasNoSettings(build)) throw noSettingsError(build, options);
  if (hasErrors(build.diagnostics) || !build.config) throw new ExitError("Cannot test: the settings have errors (listed above).", EXIT.invalidSettings);
  const all = activeHandlers(build.config, compileHandlers(build.config), build.localConfig);
  const handlers = new Map([[event, all.get(event) ?? []]]);
  const skills = loadedSkills(options.skills ?? [], [...all.values()].flat());
  // Hooks Claude never runs on this event (an http hook on SessionStart): named, not passed over.
  const ignored = build.ignored
    .filter((hook) => hook.event === event)
    .map((hook): IgnoredReport => ({ handler: firstLine(handlerLabel(hook.handler)), where: hook.where, why: hook.why }));

  // The plugin's runtime with only this event's handlers: the other events' hooks stay quiet.
  const opencode = new OfflineOpencode({ id: sessionID, prompt: "(the prompt)", lastAssistantMessage: "(the answer)" });
  const runtime = new Runtime(build.projectDir, handlers, opencode.client, build.config.generator);
  // As the plugin at load (plugin/index.ts): the committed and the local lists merge.
  runtime.httpPolicy = mergePolicies(build.config, build.localConfig);
  // convert --permissions: the plugin's permission rules act on the call too (docs/permissions.md).
  const rules = [...(build.config.permissions ?? []), ...(build.localConfig?.permissions ?? [])];
  if (rules.length > 0) runtime.permissions = compilePermissions(rules, { configDir: claudeConfigDir() });
  const permission = options.permissions ? permissionVerdict(runtime, fire, build.projectDir) : undefined;
  for (const skill of skills) startSkill(runtime.sessions.get(sessionID), skill);
  // As after one block of a Stop loop: the plugin's own state, so the hooks get stop_hook_active: true.
  if (stopHookActive) for (const id of [sessionID, subagentSessionID(sessionID)]) afterOneBlock(runtime.sessions.get(id));
  const firings: FiringReport[] = [];
  const done = watchHandlers(runtime, firings, { skills, httpPolicy: runtime.httpPolicy });
  const hooks = buildHooks(REGISTRY, runtime);
  await hooks.config?.({} as never);
  const limitMs = maxTimeout(handlers.get(event) ?? []);
  const { sim, waiting } = simulation(hooks, opencode, build.projectDir, sessionID);
  const effects = await replay(scenario, hooks, fire, sim);
  await done(limitMs);
  await new Promise((resolve) => setTimeout(resolve, 10)); // a prompt block aborts the turn on the next tick
  // Closing OpenCode as the TUI does interrupts a turn the hooks started (no offline model answers it)
  // and lets go of the plugin's wait for it.
  opencode.close();
  await sim.dispose();
  await runtime.settle();
  await settled(waiting, limitMs);

  const recorded = opencode.recorded.filter(shownToUser);
  const outcome = outcomeOf(firings, effects, recorded);
  const exitCode = outcome === "blocked" ? TEST_EXIT.blocked : outcome === "hook failed" ? TEST_EXIT.hookFailed : TEST_EXIT.through;
  if (options.json) {
    const verdict = permission === undefined ? {} : { permission };
    print(
      `${JSON.stringify({ event, happens: scenario.happens, firings, ignored, effects: [...effects, ...recorded], outcome, exitCode, ...verdict }, null, 2)}\n`,
    );
  } else {
    print(formatText(event, scenario, fire, handlers.get(event)?.length ?? 0, ignored, firings, [...effects, ...recorded], outcome, exitCode, style));
    // Said when rules are carried; the tool given by Claude name or OpenCode id, as the plugin sees the call.
    if (permission !== undefined && rules.length > 0) print(`  ${safeText(verdictText(permission))}\n`);
  }
  return { exitCode };
}

/** --permissions --json: the rule that decides the tool call, as the plugin would (null: none matches, OpenCode's own check decides). */
function permissionVerdict(runtime: Runtime, fire: FireOptions, projectDir: string): CallVerdict | null | undefined {
  if (fire.tool === undefined) return undefined;
  return runtime.permissions ? callVerdict(runtime.permissions, fire.tool, fire.input ?? {}, projectDir) : null;
}

/** The scenario's OpenCode: the main session, the offline client, one shutdown; the calls left waiting. */
function simulation(
  hooks: ReturnType<typeof buildHooks>,
  opencode: OfflineOpencode,
  directory: string,
  sessionID: string,
): { sim: Simulation; waiting: Promise<unknown>[] } {
  const waiting: Promise<unknown>[] = [];
  let disposed: Promise<void> | undefined;
  const sim: Simulation = {
    sessionID,
    directory,
    opencode,
    dispose: () => (disposed ??= Promise.resolve(hooks.dispose?.())),
    later: (work) => void waiting.push(work),
  };
  return { sim, waiting };
}

/** Waits for the calls left waiting, at most `limitMs`. */
async function settled(waiting: readonly Promise<unknown>[], limitMs: number): Promise<void> {
  if (waiting.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(waiting), new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))]);
  clearTimeout(timer);
}

/** An id like OpenCode's (`ses_` and 26 characters), new each run: a hook's per-session state starts empty. */
function freshSessionID(): string {
  return `ses_${randomBytes(13).toString("hex")}`;
}

/** --session-id and --stop-hook-active, checked as the scenario flags are. Pure. */
export function sessionFlagsProblem(event: EventName, options: Pick<TestOptions, "sessionId" | "stopHookActive">): string | undefined {
  if (options.sessionId !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(options.sessionId))
    return `--session-id ${JSON.stringify(options.sessionId)}: letters, digits, _ and - only (OpenCode's ids look like ses_...)`;
  const looping = stopHookActiveEvents();
  if (options.stopHookActive && !looping.includes(event))
    return `${event} does not take --stop-hook-active (only ${looping.join(" and ")} hooks get stop_hook_active)`;
  return undefined;
}

/** OpenCode's tool ids, which --tool takes besides Claude's names. */
const OPENCODE_TOOLS = [...TOOL_TABLE.map((tool) => tool.opencode), APPLY_PATCH, INVALID_TOOL];

/** --tool naming no tool, as convert's unknown-tool lint says of a matcher (a custom tool of that name is all it can be). */
export function toolWarning(name: string): string | undefined {
  const problem = toolNameProblem(name, OPENCODE_TOOLS);
  if (!problem) return undefined;
  const why = problem.code === "tool-name-case" ? "tool names are case-sensitive" : "neither Claude Code nor OpenCode has a tool of that name";
  return `--tool "${safeText(name)}" fires the hooks for a custom tool named so: ${why}${problem.guess ? `; did you mean "${problem.guess}"?` : ""} [${problem.code}]`;
}

/** --skill names, each a skill with hooks (a typo would otherwise pass for "no hook of it ran"). */
function loadedSkills(names: readonly string[], handlers: readonly CompiledHandler[]): Set<string> {
  const known = [...new Set(handlers.flatMap((handler) => (handler.skill ? [handler.skill.name] : [])))];
  for (const name of names) {
    if (known.includes(name)) continue;
    const guess = closestName(name, known);
    const have = known.length > 0 ? `skills with hooks: ${known.join(", ")}` : "no skill has hooks";
    throw new UsageError(`--skill ${name}: no skill of that name has hooks${guess ? `; did you mean "${guess}"?` : ""} (${have})`);
  }
  return new Set(names);
}

function eventNamed(name: string): EventName {
  if (isEventName(name)) return name;
  const guess = closestName(name, EVENT_NAMES);
  throw new UsageError(`unknown event "${name}"${guess ? `; did you mean "${guess}"?` : ""} (events are case-sensitive, as in Claude Code)`);
}

/** The --input value: JSON, `@file` (JSON in a file) or `-` (JSON on stdin). */
function toolInput(value: string, stdin: (() => string) | undefined): Record<string, unknown> {
  const from = value === "-" ? "stdin" : value.startsWith("@") ? value.slice(1) : "--input";
  let text = value;
  try {
    if (value === "-") text = (stdin ?? (() => readFileSync(0, "utf8")))();
    else if (value.startsWith("@")) text = readFileSync(value.slice(1), "utf8");
  } catch (error) {
    throw new UsageError(`--input ${value}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${from}: not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new UsageError(`${from}: the tool input must be a JSON object`);
  return parsed as Record<string, unknown>;
}

/** Records each firing's selection and each handler's run; the returned wait ends when all ran. */
function watchHandlers(runtime: Runtime, firings: FiringReport[], session: SessionContext): (limitMs: number) => Promise<void> {
  // A handler can run once per firing (apply_patch: one firing per file): reports queue up per handler.
  const pending = new Map<CompiledHandler, HandlerReport[]>();
  let waiting = 0;
  let wake = () => {};
  runtime.trace = {
    selected(_event, selector: Selector, all, chosen) {
      const reports = all.map((handler): HandlerReport => ({
        handler: firstLine(handler.label),
        where: handler.where,
        ...whyRan(handler, selector, chosen, session),
      }));
      firings.push({
        ...(selector.matchValue !== undefined ? { matchValue: selector.matchValue } : {}),
        ...(selector.toolCall ? { toolInput: selector.toolCall.toolInput } : {}),
        handlers: reports,
      });
      all.forEach((handler, index) => {
        if (!reports[index]!.ran) return;
        pending.set(handler, [...(pending.get(handler) ?? []), reports[index]!]);
        waiting += 1;
      });
    },
    ran(_event, handler, outcome: ProcessOutcome | undefined, result, ms) {
      const report = pending.get(handler)?.shift();
      if (!report) return;
      Object.assign(report, processFields(outcome), { ms: Math.round(ms), result: result.status }, "message" in result ? { message: result.message } : {});
      waiting -= 1;
      if (waiting === 0) wake();
    },
  };
  return (limitMs) =>
    waiting === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, limitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
}

function processFields(outcome: ProcessOutcome | undefined): Partial<HandlerReport> {
  if (!outcome) return {};
  return {
    ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
  };
}

function maxTimeout(handlers: readonly CompiledHandler[]): number {
  return Math.max(0, ...handlers.map((handler) => handler.timeoutMs)) + 1000;
}

/** Debug and info lines are the plugin talking to itself; a toast says the same as its log line. */
function shownToUser(entry: Recorded, _index: number, all: readonly Recorded[]): boolean {
  if (entry.kind !== "log") return true;
  if (entry.level === "debug" || entry.level === "info") return false;
  return !all.some((other) => other.kind === "toast" && other.text === entry.text);
}

export function outcomeOf(firings: readonly FiringReport[], effects: readonly Effect[], recorded: readonly Recorded[]): Outcome {
  const blocked =
    effects.some((effect) => effect.kind === "blocked" || effect.kind === "prompt blocked" || effect.kind === "request stopped") ||
    recorded.some((entry) => entry.kind === "new turn" || (entry.kind === "permission answer" && entry.reply === "reject"));
  if (blocked) return "blocked";
  const runs = firings.flatMap((firing) => firing.handlers.filter((handler) => handler.ran));
  if (runs.some((run) => run.result === "error" || run.result === "cancelled" || run.result === undefined)) return "hook failed";
  return runs.length === 0 ? "no hook ran" : "went through";
}

function formatText(
  event: EventName,
  scenario: Scenario,
  fire: FireOptions,
  configured: number,
  ignored: readonly IgnoredReport[],
  firings: readonly FiringReport[],
  effects: ReadonlyArray<Effect | Recorded>,
  outcome: Outcome,
  exitCode: number,
  style: Style,
): string {
  const lines: string[] = [];
  const call = fire.tool ? opencodeCall(fire) : undefined;
  const subject = fire.tool
    ? ` ${fire.tool} ${safeText(JSON.stringify(fire.input ?? {}))}${call && JSON.stringify(call.args) !== JSON.stringify(fire.input ?? {}) ? style.dim(` (OpenCode: ${call.tool} ${safeText(JSON.stringify(call.args))})`) : ""}`
    : scenario.subject
      ? ` ${safeText(scenario.subject(fire))}`
      : "";
  lines.push(`${event}${subject}`, style.dim(`  in OpenCode: ${scenario.happens}`));
  if (ignored.length > 0) lines.push(`  ${ignored.length} ignored (${[...new Set(ignored.map((hook) => hook.why))].join("; ")})`);
  for (const hook of ignored) lines.push(`  ${style.dim("ignored")} [${safeText(hook.handler)}] ${style.dim(`at ${hook.where}`)}`);
  if (configured === 0 && ignored.length === 0) lines.push(`  no ${event} hooks are configured`);
  // A call fires each agent's hooks (Claude's, Codex's): an agent with no hook on the event is not shown.
  const shown = firings.filter((firing) => firing.handlers.length > 0);
  if (configured > 0 && shown.length === 0) lines.push("  no handler was asked: this call does not fire the event in OpenCode");
  for (const firing of shown) {
    if (shown.length > 1 && firing.matchValue) lines.push(`  as ${firing.matchValue} ${safeText(JSON.stringify(firing.toolInput ?? {}))}:`);
    for (const handler of firing.handlers) {
      const head = handler.ran ? style.green("ran    ") : style.dim("skipped");
      lines.push(`  ${head} [${handler.handler}] ${style.dim(`at ${handler.where}`)}: ${safeText(handler.why)}`);
      if (!handler.ran) continue;
      const status = handler.exitCode !== undefined ? `exit ${handler.exitCode}` : (handler.result ?? "did not finish");
      lines.push(`          ${status}${handler.ms !== undefined ? ` in ${handler.ms} ms` : ""}${handler.result === "cancelled" ? " (timed out)" : ""}`);
      for (const stream of ["stdout", "stderr"] as const) {
        const text = handler[stream]?.trimEnd();
        if (!text) continue;
        const [first, ...more] = (text.length > 2000 ? `${text.slice(0, 2000)}…` : text).split("\n");
        lines.push(`          ${stream}: ${safeText(first ?? "")}`, ...more.map((line) => `          ${" ".repeat(stream.length + 2)}${safeText(line)}`));
      }
      if (handler.message) lines.push(`          ${style.yellow(safeText(handler.message))}`);
    }
  }
  lines.push("Effect in OpenCode:");
  if (effects.length === 0) lines.push("  none: OpenCode goes on as if there were no hooks");
  for (const effect of effects) lines.push(`  ${describe(effect)}`);
  const painted = outcome === "blocked" ? style.red(outcome) : outcome === "hook failed" ? style.yellow(outcome) : style.green(outcome);
  lines.push(`Outcome: ${painted} (exit ${exitCode})`);
  return `${lines.join("\n")}\n`;
}

function describe(effect: Effect | Recorded): string {
  const quoted = (text: string) => safeText(JSON.stringify(text));
  switch (effect.kind) {
    case "blocked":
      return `blocked: it does not happen; OpenCode shows ${quoted(effect.message)}`;
    case "args rewritten":
      return `the tool runs with rewritten input: ${safeText(JSON.stringify(effect.toolInput))}`;
    case "tool result":
      return effect.appended !== undefined
        ? `appended to the tool result the model sees: ${quoted(effect.appended)}`
        : `the model sees this tool result instead: ${quoted(effect.text)}`;
    case "prompt blocked":
      return "the prompt is kept from the model";
    case "context":
      return effect.subagent !== undefined
        ? `added to the subagent's first prompt (${effect.where}), sent to its model: ${quoted(effect.text)}`
        : `added to the prompt (${effect.where}), sent to the model: ${quoted(effect.text)}`;
    case "compaction context":
      return `added to the compaction's context: ${quoted(effect.text)}`;
    case "request context":
      return `added to the model request ${effect.where}, in this request and every later one: ${quoted(effect.text)}`;
    case "request stopped":
      return "the model request does not go out: the agent loop stops before its next model call";
    case "env":
      return `later bash commands of the session get ${safeText(
        Object.entries(effect.env)
          .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
          .join(" "),
      )}`;
    case "new turn":
      return effect.subagent !== undefined
        ? `the subagent (@${safeText(effect.subagent)}) is sent back to work, with this as its next user message; the task's result waits for its new answer: ${quoted(effect.text)}`
        : `a new turn starts with this as the user's message: ${quoted(effect.text)}`;
    case "abort":
      return "the running turn is aborted";
    case "toast":
      return `the user sees (${effect.variant}): ${quoted(effect.text)}`;
    case "permission answer":
      if (effect.ifAsked)
        return `if OpenCode's permission rules ask for this call, the plugin answers that prompt "${effect.reply}": it runs without asking the user`;
      return `the permission prompt is answered "${effect.reply}"${effect.message !== undefined ? ` with ${quoted(effect.message)}` : ""}`;
    case "permission rule":
      return `the session gets the permission rule ${safeText(effect.permission)} ${quoted(effect.pattern)}: ${effect.action}. When the model makes this call again in a later turn (after the user's next message), OpenCode asks the user, and their answer decides (under opencode run, which cannot ask, the call never runs)`;
    case "title":
      return `the session is titled ${quoted(effect.title)}`;
    case "log":
      return `logged (${effect.level}): ${quoted(effect.text)}`;
  }
}
