// How `hooks2opencode test` makes each event happen: each event module declares its scenario
// (plugin/events/scenario.ts: the flags and their meanings, the checks, the OpenCode channel calls
// that stand for the event); this replays those calls on the plugin's own Hooks object (the
// registry's code, nothing re-implemented) in their order, as channel-calls.ts makes them, and says
// what the calls' outputs show afterwards. test's --help is written from the scenarios; what
// OpenCode is asked to do besides (a new turn, an abort, a toast, an answer) is recorded by the
// offline client. No event is named here: adding one touches its module and the registry.
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { type EventName, eventInfo } from "../../schema/events.js";
import { HookBlock } from "../../plugin/events/define-event.js";
import { EVENT_MODULES, EVENT_SCENARIOS } from "../../plugin/events/index.js";
import type { EventScenario, FlagCheck, LastTurn, ScenarioStep, ToolResult } from "../../plugin/events/scenario.js";
import { opencodeError } from "./api-errors.js";
import {
  afterTool,
  beforeTool,
  busEvent,
  CALL_ID,
  type Effect,
  failedCall,
  modelRequest,
  opencodeCall,
  sendPrompt,
  type ToolCall,
  toolStep,
} from "./channel-calls.js";
import { type FireFlag, type FireOptions, flagName, notOneOf } from "./fire-options.js";
import { ASSISTANT_MESSAGE, IF_ASKED, type OfflineOpencode, type OfflineSession, type ToolStep } from "./offline-opencode.js";

export type { Effect } from "./channel-calls.js";
export { opencodeCall } from "./channel-calls.js";
export type Scenario = EventScenario;

/** The OpenCode a scenario runs in: the main session, the offline client, and the plugin's shutdown. */
export interface Simulation {
  readonly sessionID: string;
  readonly directory: string;
  readonly opencode: OfflineOpencode;
  /** Shuts the plugin down as the TUI does, once (test does it after every event). */
  dispose(): Promise<void>;
  /** A channel call still waiting when the event's effects are known (on a turn the hooks started): awaited after shutdown. */
  later(work: Promise<unknown>): void;
}

/** Each event test can fire offline, with its event module's scenario, in the registry's order. */
export const SCENARIOS: Partial<Record<EventName, Scenario>> = Object.fromEntries(EVENT_SCENARIOS.map((scenario) => [scenario.event, scenario]));

/** The values a matcher of the event can see in OpenCode, from the plugin's own event modules. */
function matchValues(event: EventName): string[] {
  return [...new Set((EVENT_MODULES.get(event) ?? []).flatMap((module) => module.matchValues ?? []))];
}

/** The values Claude sends for the event that OpenCode never produces (schema/events.ts against the event's modules). */
function neverInOpencode(event: EventName): string[] {
  const possible = matchValues(event);
  return (eventInfo(event).values ?? []).filter((value) => !possible.includes(value));
}

/** What is wrong with the flags given for the scenario's event, if anything (a usage error): its checks in order. */
export function flagsProblem(scenario: Scenario, options: FireOptions): string | undefined {
  for (const check of scenario.checks ?? []) {
    const problem = checked(scenario.event, check, options);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checked(event: EventName, check: FlagCheck, options: FireOptions): string | undefined {
  if (typeof check === "function") return check(options);
  const value = options[check.flag];
  if ("needed" in check) return value ? undefined : `${event} needs ${flagName(check.flag)} (${check.needed})`;
  const allowed = allowedValues(event, check)!;
  const never = check.never && { values: check.never.values ?? neverInOpencode(event), why: check.never.why };
  return notOneOf(check.flag, value, allowed, never);
}

/** The values a check lets its flag take on the event, where it fixes them (`test`'s usage errors, docs/cli.md's table). */
export function allowedValues(event: EventName, check: FlagCheck): readonly string[] | undefined {
  if (typeof check === "function" || !("oneOf" in check)) return undefined;
  return check.oneOf === "matcher values" ? matchValues(event) : check.oneOf;
}

/** What the replay knows from the calls made so far: the tool call, how it ended, the /command's prompt. */
interface Replay {
  call?: ToolCall;
  ended?: ToolStep;
  expanded?: Array<{ type: string; text?: string }>;
}

/** Makes the scenario's channel calls in order, up to one the hooks block; what they did to their outputs. */
export async function replay(scenario: Scenario, hooks: Hooks, options: FireOptions, sim: Simulation): Promise<Effect[]> {
  const state: Replay = {};
  const effects: Effect[] = [];
  for (const step of scenario.calls(options)) {
    const made = await make(step, hooks, options, sim, state);
    effects.push(...made);
    if (made.some((effect) => effect.kind === "blocked")) break;
  }
  return effects;
}

/** One step: the channel call made, with what it did to its output (nothing, for a bus event). */
async function make(step: ScenarioStep, hooks: Hooks, options: FireOptions, sim: Simulation, state: Replay): Promise<Effect[]> {
  const { sessionID } = sim;
  if ("turn" in step) {
    lastTurn(sim, step.turn, state);
    return [];
  }
  switch (step.channel) {
    case "tool.execute.before": {
      const before = await beforeTool(hooks, step.call ?? opencodeCall(options), sessionID);
      state.call = before;
      return before.effects;
    }
    case "tool.execute.after":
      return toolRan(hooks, step, sim, state);
    case "experimental.chat.messages.transform":
      return requested(hooks, sim);
    case "chat.message":
      if ("expanded" in step) return sendPrompt(hooks, sessionID, state.expanded ?? []);
      if (step.session === "subagent") return sendPrompt(hooks, subagent(sim).id, [text(step.text)], subagent(sim).agentType);
      return sendPrompt(hooks, sessionID, [text(step.text)]);
    case "command.execute.before":
      return commandTyped(hooks, step, sessionID, state);
    case "experimental.session.compacting":
      return compacting(hooks, sessionID);
    case "shell.env":
      return bashEnv(hooks, sim);
    case "permission.asked":
      await permissionAsked(hooks, called(state), sessionID, step.ifRulesAsk ? IF_ASKED : "per_test");
      return [];
    case "message.part.updated":
      if ("compaction" in step) {
        await compactionAsked(hooks, sessionID, step.compaction.auto);
        return [];
      }
      state.ended = toolStep(called(state), { error: step.failed });
      await failedCall(hooks, sessionID, state.ended);
      return [];
    case "session.created":
    case "session.deleted":
      if ("subagent" in step) await startSubagent(hooks, step.subagent, sim);
      else await busEvent(hooks, step.channel, { sessionID, info: sessionInfo(sessionID, step.title) });
      return [];
    case "session.idle":
    case "session.compacted":
      await busEvent(hooks, step.channel, { sessionID });
      return [];
    case "file.watcher.updated":
      await busEvent(hooks, step.channel, { file: path.resolve(sim.directory, step.file), event: step.event });
      return [];
    case "dispose":
      await sim.dispose();
      return [];
  }
}

/** The tool call a step before made (a scenario's steps start with its tool.execute.before). */
function called(state: Replay): ToolCall {
  if (!state.call) throw new Error("a scenario's tool step comes after its tool.execute.before");
  return state.call;
}

/** The session's last turn, as the scenario describes it. */
function lastTurn(sim: Simulation, turn: LastTurn, state: Replay): void {
  const step = turn.step === "the call" ? state.ended : undefined;
  Object.assign(sim.opencode.session(sim.sessionID), {
    ...(turn.prompt !== undefined ? { prompt: turn.prompt } : {}),
    ...(turn.lastMessage !== undefined ? { lastAssistantMessage: turn.lastMessage } : {}),
    ...(turn.error !== undefined ? { error: opencodeError(turn.error.type, turn.error.text) } : {}),
    ...(step !== undefined ? { step } : {}),
    ...(turn.compaction !== undefined ? { compaction: turn.compaction } : {}),
  });
}

const sessionInfo = (id: string, title: string, parentID?: string) => ({
  id,
  title,
  directory: "",
  ...(parentID !== undefined ? { parentID } : {}),
  time: { created: Date.now(), updated: Date.now() },
});

/** OpenCode's permission prompt for the call (its tool asks from inside, after tool.execute.before). */
function permissionAsked(hooks: Hooks, call: ToolCall, sessionID: string, id: string): Promise<void> {
  const patterns = typeof call.args.command === "string" ? [call.args.command] : ["*"];
  return busEvent(hooks, "permission.asked", {
    id,
    sessionID,
    permission: call.tool,
    patterns,
    metadata: {},
    always: patterns,
    tool: { messageID: ASSISTANT_MESSAGE, callID: CALL_ID },
  });
}

/** tool.execute.after of the call with the result OpenCode hands it; the task tool's waits for the subagent's answer. */
async function toolRan(hooks: Hooks, step: Extract<ScenarioStep, { channel: "tool.execute.after" }>, sim: Simulation, state: Replay): Promise<Effect[]> {
  const call = called(state);
  const result = afterResult(step.result, sim);
  if ("output" in step.result) state.ended = toolStep(call, { output: step.result.output });
  const after = afterTool(hooks, call, result, sim.sessionID);
  if (!step.waitsForAnswer) return after;
  // A block sends the subagent back to work, and the call waits for an answer no offline model gives.
  const first = await Promise.race([after, sim.opencode.nextTurn(subagent(sim).id)]);
  if (first) return first;
  sim.later(after);
  return [];
}

function afterResult(result: ToolResult, sim: Simulation): Parameters<typeof afterTool>[2] {
  if ("taskOf" in result) {
    const child = subagent(sim);
    return { text: taskResult(child), title: "(the task)", metadata: { sessionId: child.id } };
  }
  if ("exit" in result) return { text: result.output, metadata: { output: result.output, exit: result.exit, truncated: false } };
  return { text: result.output };
}

/** The task tool's result as OpenCode 1.18.33 writes it (packages/opencode/src/tool/task.ts). */
const taskResult = (child: OfflineSession) =>
  `task_id: ${child.id} (for resuming to continue this task if needed)\n\n<task_result>\n${child.lastAssistantMessage ?? ""}\n</task_result>`;

/** The next model request; one the hooks abort does not go out. */
async function requested(hooks: Hooks, sim: Simulation): Promise<Effect[]> {
  const aborts = () => sim.opencode.recorded.filter((entry) => entry.kind === "abort").length;
  const abortsBefore = aborts();
  const effects = await modelRequest(hooks, sim.opencode.messages(sim.sessionID));
  return aborts() > abortsBefore ? [...effects, { kind: "request stopped" }] : effects;
}

/** The typed /command, expanded: what hooks add after its prompt, and the parts the prompt is sent with. */
async function commandTyped(
  hooks: Hooks,
  step: Extract<ScenarioStep, { channel: "command.execute.before" }>,
  sessionID: string,
  state: Replay,
): Promise<Effect[]> {
  const output = { parts: [text(step.prompt)] as Array<{ type: string; text?: string }> };
  await hooks["command.execute.before"]?.({ command: step.command, sessionID, arguments: step.arguments }, output as never);
  state.expanded = output.parts;
  return output.parts.slice(1).map((part): Effect => ({ kind: "context", text: part.text ?? "", where: "after the prompt" }));
}

/** The child session a scenario's subagent runs in. */
export const subagentSessionID = (sessionID: string) => `${sessionID}_subagent`;

const subagent = (sim: Simulation) => sim.opencode.session(subagentSessionID(sim.sessionID));

/** A subagent's child session starts: OpenCode titles it "<description> (@<agent> subagent)", in its own agent names. */
async function startSubagent(hooks: Hooks, started: { agent: string; prompt: string; lastMessage: string }, sim: Simulation): Promise<void> {
  const child = sim.opencode.add({
    id: subagentSessionID(sim.sessionID),
    parentID: sim.sessionID,
    agentType: started.agent,
    prompt: started.prompt,
    lastAssistantMessage: started.lastMessage,
  });
  await busEvent(hooks, "session.created", { sessionID: child.id, info: sessionInfo(child.id, `(the task) (@${started.agent} subagent)`, sim.sessionID) });
}

/** OpenCode saves the compaction request first: its part says whether the user asked (/compact) or not. */
function compactionAsked(hooks: Hooks, sessionID: string, auto: boolean): Promise<void> {
  const part = { id: "prt_test_compaction", sessionID, messageID: "msg_test_compaction", type: "compaction", auto };
  return busEvent(hooks, "message.part.updated", { sessionID, part, time: Date.now() });
}

/** experimental.session.compacting: blocked, or the context added to the compaction. */
async function compacting(hooks: Hooks, sessionID: string): Promise<Effect[]> {
  const output = { context: [] as string[] };
  try {
    await hooks["experimental.session.compacting"]?.({ sessionID }, output);
  } catch (error) {
    if (!(error instanceof HookBlock)) throw error;
    return [{ kind: "blocked", message: error.message }];
  }
  return output.context.map((text): Effect => ({ kind: "compaction context", text }));
}

/** The variables a later bash call of the session gets from the plugin (CLAUDE_ENV_FILE exports). */
async function bashEnv(hooks: Hooks, sim: Simulation): Promise<Effect[]> {
  const output = { env: {} as Record<string, string> };
  await hooks["shell.env"]?.({ cwd: sim.directory, sessionID: sim.sessionID, callID: "call_test_later_bash" }, output);
  return Object.keys(output.env).length > 0 ? [{ kind: "env", env: output.env }] : [];
}

const text = (value: string) => ({ type: "text", text: value });

/** `test --help` for a flag: the events that take it, grouped by what it means for them (SCENARIOS order). */
export function flagHelp(flag: FireFlag): string {
  return helpText((scenario) => scenario.flags[flag]);
}

/** `test --help` for --stop-hook-active. */
export function stopHookActiveHelp(): string {
  return helpText((scenario) => scenario.stopHookActive);
}

/** The events that take --stop-hook-active. */
export function stopHookActiveEvents(): EventName[] {
  return EVENT_SCENARIOS.filter((scenario) => scenario.stopHookActive !== undefined).map((scenario) => scenario.event);
}

/** "A, B: what it means for them; C: what it means for C". */
function helpText(meaning: (scenario: Scenario) => string | undefined): string {
  const events = new Map<string, EventName[]>();
  for (const scenario of EVENT_SCENARIOS) {
    const text = meaning(scenario);
    if (text !== undefined) events.set(text, [...(events.get(text) ?? []), scenario.event]);
  }
  return [...events].map(([text, named]) => `${named.join(", ")}: ${text}`).join("; ");
}
