// The one shape of a replayed Claude event (like `Tool.define` in OpenCode or `createRule` in
// typescript-eslint): the OpenCode channel it listens on, which firings one call of that channel
// stands for, the value its matcher is tested against, the event-specific input, a pure decision
// over the hook results, and how the decision is applied to OpenCode. fireEvent does everything
// else the same way for every event: handler selection, Claude's common input fields, the
// environment, running the handlers in parallel, and reporting what is not the model's business;
// fireEventSync does the same steps without a single await, for the permission race. Other agents'
// hooks (plugin/dialects/) fire with the same firings, each agent event on its own (agent-firings.ts):
// its hooks, its stdin, its merge into this event's decision type, applied by the same `apply`.
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import type { CommonOutcome } from "../decide/common.js";
import { detach } from "../protocol/detach.js";
import type { ToolCall } from "../match/if-rule.js";
import { allNow, andThen, type NowOrLater } from "../run/now-or-later.js";
import { type HandlerRun, runHandlers, type RunMode } from "../run/run-handlers.js";
import type { RunContext } from "../run/runners/define-runner.js";
import { candidatesFor, type Selector, selectHandlers } from "../run/select-handlers.js";
import type { Runtime } from "../runtime.js";
import type { ClaudeCall } from "../tools/resolve-call.js";
import { type AgentFiring, agentFirings } from "./agent-firings.js";
import type { Channel, ChannelCall } from "./channels.js";
import { commonFields, dialectFacts } from "./common-input.js";
import { deliverBackgroundResult } from "./background-results.js";
import { reportCommon } from "./report-common.js";
import { activeInSession } from "./skill-sessions.js";

export interface Fired<F, D> {
  firing: F;
  decision: D;
  /** Whether any handler matched and ran. */
  ran: boolean;
  /** Another agent's firing (its decision is that agent's merge); absent for Claude's. */
  agent?: AgentFiring;
}

export interface EventModule<C extends Channel = Channel, F = unknown, D extends CommonOutcome = CommonOutcome> {
  readonly kind: "event";
  readonly name: EventName;
  readonly channel: C;
  /** The firings one call of the channel stands for; none when the event does not happen. */
  firings(call: ChannelCall<C>, runtime: Runtime): F[] | Promise<F[]>;
  /** The OpenCode session a firing belongs to (session_id, environment, state). */
  session(firing: F): string;
  /** What the matcher is tested against (https://code.claude.com/docs/en/hooks#matcher-patterns); omitted for events without one. */
  matchValue?(firing: F): string;
  /** Every value matchValue can take in OpenCode, where that set is closed (convert names the others). */
  readonly matchValues?: readonly string[];
  /**
   * Tool events, whose firings are made per agent (another agent names and shapes the call its own
   * way): the agent a firing is for. Other events fire each firing once per agent event instead.
   */
  agentOf?(firing: F): AgentFiring | undefined;
  /** Tool events: the call in the firing's agent's names, handed to that agent's merge. */
  callOf?(firing: F): ClaudeCall;
  /** Tool events: the call an `if` rule is evaluated against. */
  toolCall?(firing: F, runtime: Runtime): ToolCall;
  /** Why this firing's input cannot be handed to hooks, if it cannot: a handler that matches it fails. */
  unreadable?(firing: F): string | undefined;
  /** The event's own input fields, added to the common ones. Built only when a handler matched. */
  input(firing: F, runtime: Runtime): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Where `opencode run` answers permission prompts itself (Runtime.permissionsRace), run this event's
   *  hooks synchronously inside the event handler (fireEventSync). */
  readonly syncInOneShotRun?: boolean;
  /**
   * What an internal failure does (an input too deep to serialize, a bug): by default it is logged
   * and OpenCode goes on; a gate (PreToolUse) fails closed instead, so that no guard is skipped.
   */
  readonly failClosed?: boolean;
  /** apply has nothing to do when no handler ran for any firing: it is then not called (most tool calls match no hook). */
  readonly idleWhenNoneRan?: boolean;
  /** The session's next prompt or model request waits for this event's hooks (their output is for it). */
  readonly dueBeforeNextRequest?: boolean;
  /** Lifecycle events hand hooks a freshly written transcript; tool events one that may lag (as Claude's). */
  readonly freshTranscript?: boolean;
  /** Extra environment for this event's hooks (e.g. CLAUDE_ENV_FILE). */
  env?(firing: F, runtime: Runtime): Record<string, string> | Promise<Record<string, string>>;
  /** Pure: the merged decision of the handlers that ran, in settings order. */
  decide(runs: readonly HandlerRun[], firing: F): D;
  /** Applies the decisions to OpenCode; throws a HookBlock to stop a tool call. */
  apply(fired: Array<Fired<F, D>>, call: ChannelCall<C>, runtime: Runtime): void | Promise<void>;
}

/** Internal bookkeeping that shares an event's channel (tracking subagents, call state, ...). */
export interface Listener<C extends Channel = Channel> {
  readonly kind: "listener";
  /** For logs: what the listener does. */
  readonly name: string;
  readonly channel: C;
  /** Where `opencode run` answers permission prompts itself, start it before anything else runs. */
  readonly syncInOneShotRun?: boolean;
  handle(call: ChannelCall<C>, runtime: Runtime): void | Promise<void>;
}

export type RegistryEntry = EventModule<any, any, any> | Listener<any>;

/** The decisions of each firing, one per agent whose hooks ran on it (Claude's first), in firing order. */
export function byFiring<F, D>(fired: ReadonlyArray<Fired<F, D>>): Map<F, D[]> {
  const grouped = new Map<F, D[]>();
  for (const { firing, decision } of fired) {
    const list = grouped.get(firing);
    if (list) list.push(decision);
    else grouped.set(firing, [decision]);
  }
  return grouped;
}

export function defineEvent<C extends Channel, F, D extends CommonOutcome>(module: Omit<EventModule<C, F, D>, "kind">): EventModule<C, F, D> {
  return { kind: "event", ...module };
}

export function defineListener<C extends Channel>(listener: Omit<Listener<C>, "kind">): Listener<C> {
  return { kind: "listener", ...listener };
}

/** Thrown to block: OpenCode shows exactly this message (to the model, for a tool call), and keeps it. */
export class HookBlock extends Error {
  constructor(message: string) {
    super(detach(message));
  }
}

/**
 * Fires the event for this channel call. Undefined when nothing is left to wait for (no hooks, or
 * none ran on an event whose apply then has nothing to do): a call no hook matches costs the
 * channel no turn of the event loop. A problem found before the first await is thrown as it is.
 */
export function fireEvent<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  call: ChannelCall<C>,
  runtime: Runtime,
): Promise<void> | undefined {
  if (runtime.handlersFor(module.name).length === 0) return undefined;
  const firings = module.firings(call, runtime);
  return firings instanceof Promise ? firings.then((known) => fireKnown(module, known, call, runtime)) : fireKnown(module, firings, call, runtime);
}

/** Runs the hooks of firings already known (e.g. a notification a timer decided on later). */
export async function fireFirings<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firings: readonly F[],
  call: ChannelCall<C>,
  runtime: Runtime,
): Promise<void> {
  await fireKnown(module, firings, call, runtime);
}

function fireKnown<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firings: readonly F[],
  call: ChannelCall<C>,
  runtime: Runtime,
): Promise<void> | undefined {
  const handlers = runtime.handlersFor(module.name);
  if (handlers.length === 0 || firings.length === 0) return undefined;
  const agents = module.agentOf ? [] : agentFirings(module.name, runtime);
  const each = agents.length === 0 ? firings.map((firing) => fireOne(module, firing, runtime, "async")) : perAgent(module, firings, agents, runtime);
  if (module.idleWhenNoneRan && !each.some((one) => one instanceof Promise || one.ran)) return undefined;
  return Promise.all(each).then((fired) => module.apply(ranOrClaude(fired), call, runtime));
}

/** Each firing for Claude's hooks, then for each agent event on this one. */
function perAgent<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firings: readonly F[],
  agents: readonly AgentFiring[],
  runtime: Runtime,
): Array<NowOrLater<Fired<F, D>>> {
  const each: Array<NowOrLater<Fired<F, D>>> = [];
  for (const firing of firings) {
    each.push(fireOne(module, firing, runtime, "async"));
    for (const agent of agents) each.push(fireOne(module, firing, runtime, "async", agent));
  }
  return each;
}

/** Another agent's firing where none of its hooks ran decides nothing (and must not undo a Claude hook's decision). */
function ranOrClaude<F, D>(fired: Array<Fired<F, D>>): Array<Fired<F, D>> {
  return fired.some((one) => one.agent && !one.ran) ? fired.filter((one) => !one.agent || one.ran) : fired;
}

/**
 * fireEvent without a single await, so nothing else runs in OpenCode until the decision is applied
 * (apply's own first await, e.g. sending an answer, starts before anything else too). False when
 * this firing cannot run synchronously (async firings or input, a handler type without runSync).
 */
export function fireEventSync<C extends Channel, F, D extends CommonOutcome>(module: EventModule<C, F, D>, call: ChannelCall<C>, runtime: Runtime): boolean {
  const handlers = runtime.handlersFor(module.name);
  if (handlers.length === 0) return true;
  const firings = module.firings(call, runtime);
  if (firings instanceof Promise) return false;
  const agents: ReadonlyArray<AgentFiring | undefined> = [undefined, ...(module.agentOf ? [] : agentFirings(module.name, runtime))];
  const fired: Array<Fired<F, D>> = [];
  for (const firing of firings) {
    for (const agent of agents) {
      const one = fireOne(module, firing, runtime, "sync", agent);
      if (one === undefined) return false;
      fired.push(one);
    }
  }
  void Promise.resolve(module.apply(ranOrClaude(fired), call, runtime)).catch((error: unknown) =>
    runtime.log("error", `${module.name} failed: ${String(error)}`),
  );
  return true;
}

/** One firing, from its handlers to its decision; in sync mode undefined when a step would need an await. */
function fireOne<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firing: F,
  runtime: Runtime,
  mode: "async",
  agent?: AgentFiring,
): NowOrLater<Fired<F, D>>;
function fireOne<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firing: F,
  runtime: Runtime,
  mode: "sync",
  agent?: AgentFiring,
): Fired<F, D> | undefined;
function fireOne<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  firing: F,
  runtime: Runtime,
  mode: RunMode,
  agentFiring?: AgentFiring,
): NowOrLater<Fired<F, D> | undefined> {
  const agent = agentFiring ?? module.agentOf?.(firing);
  const dialect = agent?.dialect;
  // Each agent's hooks answer only its own firings (the lists are split once: runtime.handlersOf, agent-firings.ts).
  const selected = matching(module, agent ? agent.handlers : runtime.handlersOf(module.name, undefined), firing, runtime, agent);
  // Most firings match no hook: build no input for them (a Read response holds the whole file).
  if (selected.length === 0)
    return agent ? { firing, decision: module.decide([], firing), ran: false, agent } : { firing, decision: module.decide([], firing), ran: false };
  const unreadable = module.unreadable?.(firing);
  if (unreadable) throw new Error(unreadable);
  const sessionID = module.session(firing);
  const parts = [
    module.freshTranscript === true ? runtime.transcripts.pathFor(sessionID, true) : runtime.transcripts.pathNow(sessionID),
    module.input(firing, runtime),
    module.env?.(firing, runtime),
  ] as const;
  // A part that needs an await (a fresh transcript, an async input or env) cannot run in sync mode: the usual way runs it.
  const ready = mode === "sync" ? allNow(parts) : Promise.all(parts);
  if (ready === undefined) return undefined;
  return andThen(ready, ([transcriptPath, own, extraEnv]) => {
    const env = { ...runtime.hookEnv(sessionID), ...extraEnv };
    const context: RunContext = {
      cwd: runtime.directory,
      projectDir: runtime.directory,
      env: dialect ? dialect.env(env) : env,
      onBackgroundResult: (handler, result, outcome) => deliverBackgroundResult(runtime, sessionID, module.name, handler, result, outcome),
      host: { runtime, sessionID, sessionModel: runtime.sessions.peek(sessionID)?.model },
      ...(runtime.trace ? { trace: runtime.trace } : {}),
      // The permission race sends OpenCode nothing it can spare ahead of the answer: no statusMessage toast.
      ...(mode === "async" ? { toast: (message: string, variant: "info" | "warning" | "error") => runtime.toast(message, variant) } : {}),
    };
    const input = agent
      ? agent.dialect.input(agent.event, dialectFacts(runtime, sessionID, transcriptPath), own)
      : { ...commonFields(runtime, module.name, sessionID, transcriptPath), ...own };
    const frame = dialect?.frame;
    const runs = runHandlers(selected, frame ? { event: module.name, input, frame } : { event: module.name, input }, context, mode);
    if (runs === undefined) return undefined;
    return andThen(runs, (done): Fired<F, D> => {
      // Another agent's merge returns this event's decision type (its dialect's `events` table pairs them).
      const decision = agent ? (agent.decide(done, module.callOf?.(firing)) as D) : module.decide(done, firing);
      reportCommon(runtime, sessionID, decision);
      return agent ? { firing, decision, ran: true, agent } : { firing, decision, ran: true };
    });
  });
}

/** The handlers a firing runs: its matcher value and `if` call, de-duplicated (select-handlers.ts). */
function matching<C extends Channel, F, D extends CommonOutcome>(
  module: EventModule<C, F, D>,
  handlers: readonly CompiledHandler[],
  firing: F,
  runtime: Runtime,
  agent: AgentFiring | undefined,
): CompiledHandler[] {
  const selector: Selector = {};
  if (module.matchValue) selector.matchValue = module.matchValue(firing);
  // Another agent may test its matchers against something else (Cursor: a shell hook's command).
  if (agent?.dialect.matchValue) {
    const value = agent.dialect.matchValue(agent.event, selector.matchValue, module.callOf?.(firing));
    if (value === undefined) delete selector.matchValue;
    else selector.matchValue = value;
  }
  // Most calls match no hook's matcher: nothing more is built for them (traced runs explain every handler).
  if (!runtime.trace && candidatesFor(handlers, selector.matchValue).length === 0) return [];
  if (module.toolCall) selector.toolCall = module.toolCall(firing, runtime);
  if (module.unreadable?.(firing)) selector.unreadable = true;
  const chosen = selectHandlers(handlers, selector, (handler, error) =>
    runtime.log("error", `${module.name} hook [${handler.label}] not run: its matcher or "if" could not be evaluated (${String(error)})`),
  );
  const active = chosen.some((handler) => handler.skill) ? activeInSession(runtime.sessions.get(module.session(firing)), chosen) : chosen;
  runtime.trace?.selected(module.name, selector, handlers, active);
  return active;
}
