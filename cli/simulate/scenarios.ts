// How `hooks2opencode test` makes each event happen: the OpenCode channel calls that stand for it
// (channel-calls.ts), made on the plugin's own Hooks object (the registry's code, nothing
// re-implemented) in the order OpenCode makes them, and what the calls' outputs show afterwards.
// One row per event it can fire offline, with the flags it takes and what each means for it (test's
// --help is written from them); what OpenCode is asked to do
// besides (a new turn, an abort, a toast, an answer) is recorded by the offline client.
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { AGENT_TABLE, DEFAULT_AGENT_TYPE, opencodeAgentName } from "../../schema/agents.js";
import { type EventName, eventInfo } from "../../schema/events.js";
import { HookBlock } from "../../plugin/events/define-event.js";
import { EVENT_MODULES } from "../../plugin/events/index.js";
import { opencodeError, WITHOUT_MESSAGE } from "./api-errors.js";
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
import { type FireFlag, type FireOptions, notOneOf } from "./fire-options.js";
import { ASSISTANT_MESSAGE, IF_ASKED, type OfflineOpencode, type OfflineSession } from "./offline-opencode.js";

export type { Effect } from "./channel-calls.js";
export { opencodeCall } from "./channel-calls.js";

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

export interface Scenario {
  /** What the event is in OpenCode, for the report. */
  readonly happens: string;
  /** The flags the event takes, with what each means for it (`test --help`); any other is a usage error. */
  readonly flags: Readonly<Partial<Record<FireFlag, string>>>;
  /** What --stop-hook-active means for the event, where it takes it (`test --help`). */
  readonly stopHookActive?: string;
  /** What is wrong with the flags given, if anything (a usage error). */
  check?(options: FireOptions): string | undefined;
  /** What the report's first line names besides the event (tool events name the call). */
  subject?(options: FireOptions): string;
  fire(hooks: Hooks, options: FireOptions, sim: Simulation): Promise<Effect[]>;
}

const TOOL_FLAGS = {
  tool: "a Claude tool name (Bash, Edit, mcp__server__tool) or an OpenCode tool id (bash, edit)",
  input: "the tool input as JSON (Claude's snake_case for a Claude name), @FILE, or - for stdin",
} as const;
const RESULT = "the tool's result text";
const TOOL_ERROR = "the tool's error (Bash without it: a non-zero exit)";
const TYPED = "the prompt typed";
const TURN_PROMPT = "the prompt of the turn that ended";
const TASK_PROMPT = "the task's prompt";
const LAST_MESSAGE = "the model's last answer (last_assistant_message)";
const AGENT_TYPE = "the subagent's agent, Claude's name or OpenCode's (default general-purpose)";
const LOOP = "the turn that ended is the continuation a Stop hook's block started (stop_hook_active: true)";
const TRIGGER = "auto (default) or manual";

function needsTool(event: EventName, options: FireOptions): string | undefined {
  return options.tool ? undefined : `${event} needs --tool (a Claude tool name like Bash, or an OpenCode tool id)`;
}

/** The values a matcher of the event can see in OpenCode, from the plugin's own event modules. */
function matchValues(event: EventName): string[] {
  return [...new Set((EVENT_MODULES.get(event) ?? []).flatMap((module) => module.matchValues ?? []))];
}

/** The values Claude sends for the event that OpenCode never produces (schema/events.ts against the event's modules). */
function neverInOpencode(event: EventName): string[] {
  const possible = matchValues(event);
  return (eventInfo(event).values ?? []).filter((value) => !possible.includes(value));
}

/** The session's last turn, as the flags describe it. */
function lastTurn(sim: Simulation, options: FireOptions, turn: Partial<OfflineSession>): void {
  Object.assign(sim.opencode.session(sim.sessionID), { ...(options.prompt !== undefined ? { prompt: options.prompt } : {}), ...turn });
}

const sessionInfo = (id: string, title: string, parentID?: string) => ({
  id,
  title,
  directory: "",
  ...(parentID !== undefined ? { parentID } : {}),
  time: { created: Date.now(), updated: Date.now() },
});

/** OpenCode asks the user's permission for the tool call (after its before-hook, as in OpenCode). */
async function askPermission(hooks: Hooks, options: FireOptions, sim: Simulation): Promise<Effect[]> {
  const before = await beforeTool(hooks, opencodeCall(options), sim.sessionID);
  await permissionAsked(hooks, before, sim.sessionID, "per_test");
  return [];
}

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

/** The child session a scenario's subagent runs in. */
export const subagentSessionID = (sessionID: string) => `${sessionID}_subagent`;

/** A subagent's child session starts: OpenCode titles it "<description> (@<agent> subagent)", in its own agent names. */
async function startSubagent(hooks: Hooks, options: FireOptions, sim: Simulation): Promise<OfflineSession> {
  const agentType = subagentOf(options);
  const child = sim.opencode.add({
    id: subagentSessionID(sim.sessionID),
    parentID: sim.sessionID,
    agentType,
    prompt: options.prompt ?? "(the task's prompt)",
    lastAssistantMessage: options.lastMessage ?? "(the subagent's answer)",
  });
  await busEvent(hooks, "session.created", { sessionID: child.id, info: sessionInfo(child.id, `(the task) (@${agentType} subagent)`, sim.sessionID) });
  return child;
}

/** --agent-type in Claude's names (general-purpose, Explore, Plan) or OpenCode's: the agent OpenCode runs. */
const subagentOf = (options: FireOptions) => opencodeAgentName(options.agentType ?? DEFAULT_AGENT_TYPE);

function checkAgentType(options: FireOptions): string | undefined {
  const agentType = options.agentType;
  if (agentType === undefined || (agentType.trim() !== "" && !agentType.includes(")"))) return undefined;
  const names = AGENT_TABLE.map((agent) => agent.claude).join(", ");
  return `--agent-type ${JSON.stringify(agentType)}: an agent's name (${names}, OpenCode's ${AGENT_TABLE.map((agent) => agent.opencode).join(", ")}, or one of your agents)`;
}

/** The task tool's call and result as OpenCode 1.18.33 writes them (packages/opencode/src/tool/task.ts). */
function taskCall(child: OfflineSession): ToolCall {
  return { tool: "task", args: { description: "(the task)", prompt: child.prompt, subagent_type: child.agentType } };
}

const taskResult = (child: OfflineSession) =>
  `task_id: ${child.id} (for resuming to continue this task if needed)\n\n<task_result>\n${child.lastAssistantMessage ?? ""}\n</task_result>`;

/** OpenCode saves the compaction request first: its part says whether the user asked (/compact) or not. */
function compactionAsked(hooks: Hooks, sessionID: string, trigger: string): Promise<void> {
  const part = { id: "prt_test_compaction", sessionID, messageID: "msg_test_compaction", type: "compaction", auto: trigger === "auto" };
  return busEvent(hooks, "message.part.updated", { sessionID, part, time: Date.now() });
}

/** The variables a later bash call of the session gets from the plugin (CLAUDE_ENV_FILE exports). */
async function bashEnv(hooks: Hooks, sim: Simulation): Promise<Effect[]> {
  const output = { env: {} as Record<string, string> };
  await hooks["shell.env"]?.({ cwd: sim.directory, sessionID: sim.sessionID, callID: "call_test_later_bash" }, output);
  return Object.keys(output.env).length > 0 ? [{ kind: "env", env: output.env }] : [];
}

const text = (value: string) => ({ type: "text", text: value });
const typedPrompt = (options: FireOptions) => options.prompt ?? "(the prompt)";
const isBash = (options: FireOptions) => opencodeCall(options).tool === "bash";

export const SCENARIOS: Partial<Record<EventName, Scenario>> = {
  PreToolUse: {
    happens: "tool.execute.before of the tool call, then tool.execute.after if it runs",
    flags: { ...TOOL_FLAGS, output: RESULT },
    check: (options) => needsTool("PreToolUse", options),
    async fire(hooks, options, sim) {
      const before = await beforeTool(hooks, opencodeCall(options), sim.sessionID);
      if (before.effects.some((effect) => effect.kind === "blocked")) return before.effects;
      await permissionAsked(hooks, before, sim.sessionID, IF_ASKED);
      return [...before.effects, ...(await afterTool(hooks, before, { text: options.output ?? "" }, sim.sessionID))];
    },
  },
  PostToolUse: {
    happens: "tool.execute.after of a tool call that succeeded",
    flags: { ...TOOL_FLAGS, output: RESULT },
    check: (options) => needsTool("PostToolUse", options),
    async fire(hooks, options, sim) {
      const before = await beforeTool(hooks, opencodeCall(options), sim.sessionID);
      return afterTool(hooks, before, { text: options.output ?? "" }, sim.sessionID);
    },
  },
  PostToolUseFailure: {
    happens:
      "a Bash command that exited non-zero: tool.execute.after with its exit code (OpenCode calls it a success); another tool's error: message.part.updated of the failed call, then the next model request (experimental.chat.messages.transform)",
    flags: {
      ...TOOL_FLAGS,
      output: "what the failed Bash command printed",
      error: TOOL_ERROR,
      exit: "the Bash command's non-zero exit code (default 1)",
    },
    check(options) {
      const missing = needsTool("PostToolUseFailure", options);
      if (missing) return missing;
      const { exit, error, output } = options;
      if (exit !== undefined && !isBash(options)) return `--exit: only a Bash command exits with a code; give ${options.tool}'s error with --error`;
      if (exit !== undefined && error !== undefined)
        return "--exit and --error: a Bash call fails by a non-zero exit (--exit) or by an error of the tool itself (--error), not both";
      if (output !== undefined && (error !== undefined || !isBash(options)))
        return "--output: only a Bash command that exited non-zero has output; a failed tool has its --error";
      if (exit !== undefined && (!/^-?\d+$/.test(exit) || Number(exit) === 0))
        return `--exit ${exit}: a non-zero exit code (a command that exits 0 succeeded: test PostToolUse)`;
      return undefined;
    },
    async fire(hooks, options, sim) {
      const before = await beforeTool(hooks, opencodeCall(options), sim.sessionID);
      if (before.tool === "bash" && options.error === undefined) {
        const printed = options.output ?? "";
        return afterTool(hooks, before, { text: printed, metadata: { output: printed, exit: Number(options.exit ?? "1"), truncated: false } }, sim.sessionID);
      }
      const step = toolStep(before, { error: options.error ?? "(the tool's error)" });
      await failedCall(hooks, sim.sessionID, step);
      lastTurn(sim, {}, { step });
      return modelRequest(hooks, sim.opencode.messages(sim.sessionID));
    },
  },
  PostToolBatch: {
    happens:
      "tool.execute.after of the call (message.part.updated of it for an --error), then experimental.chat.messages.transform of the next model request, whose last message is the finished step",
    flags: { ...TOOL_FLAGS, output: RESULT, error: TOOL_ERROR },
    check(options) {
      if (options.output !== undefined && options.error !== undefined) return "--output and --error: a call has a result or an error, not both";
      return needsTool("PostToolBatch", options);
    },
    async fire(hooks, options, sim) {
      const before = await beforeTool(hooks, opencodeCall(options), sim.sessionID);
      const result = options.error !== undefined ? { error: options.error } : { output: options.output ?? "" };
      const step = toolStep(before, result);
      if ("error" in result) await failedCall(hooks, sim.sessionID, step);
      else await afterTool(hooks, before, { text: result.output }, sim.sessionID);
      lastTurn(sim, {}, { step });
      const aborts = () => sim.opencode.recorded.filter((entry) => entry.kind === "abort").length;
      const abortsBefore = aborts();
      const effects = await modelRequest(hooks, sim.opencode.messages(sim.sessionID));
      return aborts() > abortsBefore ? [...effects, { kind: "request stopped" }] : effects;
    },
  },
  PermissionRequest: {
    happens: "permission.asked for the tool call",
    flags: TOOL_FLAGS,
    check: (options) => needsTool("PermissionRequest", options),
    fire: askPermission,
  },
  Notification: {
    happens: "permission.asked for the tool call (notification_type permission_prompt)",
    flags: TOOL_FLAGS,
    check: (options) => needsTool("Notification", options),
    fire: askPermission,
  },
  UserPromptSubmit: {
    happens: "chat.message of the prompt, before OpenCode saves it",
    flags: { prompt: TYPED },
    fire: (hooks, options, sim) => sendPrompt(hooks, sim.sessionID, [text(typedPrompt(options))]),
  },
  UserPromptExpansion: {
    happens: "command.execute.before of the typed /command, expanded into its prompt, then chat.message of that prompt",
    flags: { command: "the /command typed", arguments: "the command's arguments", prompt: "the prompt the /command expands to" },
    check: (options) => (options.command?.replace(/^\//, "") ? undefined : "UserPromptExpansion needs --command (the /command typed, e.g. review)"),
    subject: (options) => `/${options.command!.replace(/^\//, "")}${options.arguments ? ` ${options.arguments}` : ""}`,
    async fire(hooks, options, sim) {
      const command = options.command!.replace(/^\//, "");
      const output = { parts: [text(options.prompt ?? `(the prompt of /${command})`)] as Array<{ type: string; text?: string }> };
      await hooks["command.execute.before"]?.({ command, sessionID: sim.sessionID, arguments: options.arguments ?? "" }, output as never);
      const context = output.parts.slice(1).map((part): Effect => ({ kind: "context", text: part.text ?? "", where: "after the prompt" }));
      return [...context, ...(await sendPrompt(hooks, sim.sessionID, output.parts))];
    },
  },
  SessionStart: {
    happens: "session.created (resume: the first prompt of a session this OpenCode did not create), then the first prompt; then shell.env of a later bash call",
    flags: { source: "startup (default), resume or fork", prompt: TYPED },
    check: (options) => notOneOf("source", options.source, SESSION_START_SOURCES, { values: ["compact", "clear"], why: "needs a real OpenCode session" }),
    async fire(hooks, options, sim) {
      const source = options.source ?? "startup";
      if (source === "startup" || source === "fork") {
        const title = source === "fork" ? "A session (fork #1)" : "New session";
        await busEvent(hooks, "session.created", { sessionID: sim.sessionID, info: sessionInfo(sim.sessionID, title) });
      }
      return [...(await sendPrompt(hooks, sim.sessionID, [text(typedPrompt(options))])), ...(await bashEnv(hooks, sim))];
    },
  },
  SessionEnd: {
    happens: "session.deleted of the session (reason other); prompt_input_exit: the plugin's dispose as the TUI exits, for the session it created",
    flags: { reason: "other (default, a deleted session) or prompt_input_exit (OpenCode exits)" },
    check: (options) =>
      notOneOf("reason", options.reason, matchValues("SessionEnd"), { values: neverInOpencode("SessionEnd"), why: "OpenCode ends no session this way" }),
    subject: (options) => `reason ${options.reason ?? "other"}`,
    async fire(hooks, options, sim) {
      if ((options.reason ?? "other") === "other") {
        await busEvent(hooks, "session.deleted", { sessionID: sim.sessionID, info: sessionInfo(sim.sessionID, "New session") });
        return [];
      }
      await busEvent(hooks, "session.created", { sessionID: sim.sessionID, info: sessionInfo(sim.sessionID, "New session") });
      await sim.dispose();
      return [];
    },
  },
  Stop: {
    happens: "session.idle after a finished turn",
    flags: { prompt: TURN_PROMPT, lastMessage: LAST_MESSAGE },
    stopHookActive: LOOP,
    async fire(hooks, options, sim) {
      lastTurn(sim, options, options.lastMessage !== undefined ? { lastAssistantMessage: options.lastMessage } : {});
      await busEvent(hooks, "session.idle", { sessionID: sim.sessionID });
      return [];
    },
  },
  StopFailure: {
    happens: "session.idle after a turn that ended in an error of the model call, saved on its assistant message",
    flags: { errorType: "Claude's error type, e.g. rate_limit, server_error (default unknown)", error: "the API error's text", prompt: TURN_PROMPT },
    check(options) {
      const wrong = notOneOf("errorType", options.errorType, matchValues("StopFailure"), {
        values: neverInOpencode("StopFailure"),
        why: "OpenCode reports no such error",
      });
      if (wrong) return wrong;
      if (options.error !== undefined && (WITHOUT_MESSAGE as readonly string[]).includes(options.errorType ?? ""))
        return `--error: OpenCode's error for ${options.errorType} carries no text (error_details is its name)`;
      return undefined;
    },
    subject: (options) => options.errorType ?? "unknown",
    async fire(hooks, options, sim) {
      lastTurn(sim, options, { error: opencodeError(options.errorType ?? "unknown", options.error ?? "(the API error)") });
      await busEvent(hooks, "session.idle", { sessionID: sim.sessionID });
      return [];
    },
  },
  SubagentStart: {
    happens: 'session.created of the subagent\'s child session (titled "(@<agent> subagent)"), then chat.message of its first prompt',
    flags: { agentType: AGENT_TYPE, prompt: TASK_PROMPT },
    check: checkAgentType,
    subject: (options) => `(@${subagentOf(options)} subagent)`,
    async fire(hooks, options, sim) {
      const child = await startSubagent(hooks, options, sim);
      return sendPrompt(hooks, child.id, [text(child.prompt)], child.agentType);
    },
  },
  SubagentStop: {
    happens: "session.created of the subagent's child session, then tool.execute.after of the task tool once the subagent answered",
    flags: { agentType: AGENT_TYPE, prompt: TASK_PROMPT, lastMessage: LAST_MESSAGE },
    stopHookActive: LOOP,
    check: checkAgentType,
    subject: (options) => `(@${subagentOf(options)} subagent)`,
    async fire(hooks, options, sim) {
      const child = await startSubagent(hooks, options, sim);
      const before = await beforeTool(hooks, taskCall(child), sim.sessionID);
      const after = afterTool(hooks, before, { text: taskResult(child), title: "(the task)", metadata: { sessionId: child.id } }, sim.sessionID);
      // A block sends the subagent back to work, and the task call waits for an answer no offline model gives.
      const first = await Promise.race([after, sim.opencode.nextTurn(child.id)]);
      if (first) return first;
      sim.later(after);
      return [];
    },
  },
  PreCompact: {
    happens: "message.part.updated of the compaction request (its trigger), then experimental.session.compacting, before OpenCode asks the model for a summary",
    flags: { trigger: TRIGGER },
    check: (options) => notOneOf("trigger", options.trigger, matchValues("PreCompact")),
    subject: (options) => options.trigger ?? "auto",
    async fire(hooks, options, sim) {
      await compactionAsked(hooks, sim.sessionID, options.trigger ?? "auto");
      const output = { context: [] as string[] };
      try {
        await hooks["experimental.session.compacting"]?.({ sessionID: sim.sessionID }, output);
      } catch (error) {
        if (!(error instanceof HookBlock)) throw error;
        return [{ kind: "blocked", message: error.message }];
      }
      return output.context.map((text): Effect => ({ kind: "compaction context", text }));
    },
  },
  PostCompact: {
    happens: "message.part.updated of the compaction request (its trigger), then session.compacted once OpenCode saved the summary",
    flags: { trigger: TRIGGER, summary: "the compaction's summary" },
    check: (options) => notOneOf("trigger", options.trigger, matchValues("PostCompact")),
    subject: (options) => options.trigger ?? "auto",
    async fire(hooks, options, sim) {
      const trigger = options.trigger ?? "auto";
      await compactionAsked(hooks, sim.sessionID, trigger);
      lastTurn(sim, {}, { compaction: { auto: trigger === "auto", summary: options.summary ?? "(the summary)" } });
      await busEvent(hooks, "session.compacted", { sessionID: sim.sessionID });
      return [];
    },
  },
  FileChanged: {
    happens:
      "chat.message of a prompt (file events go to the session prompted last), then file.watcher.updated of the file, which fires the event only for a file a FileChanged matcher names in the project folder (or a watchPaths entry); then shell.env of a later bash call",
    flags: { file: "the file that changed (relative to the project)", change: "change (default), add or unlink" },
    check: (options) => (options.file ? notOneOf("change", options.change, ["add", "change", "unlink"]) : "FileChanged needs --file (the file that changed)"),
    subject: (options) => `${options.file} (${options.change ?? "change"})`,
    async fire(hooks, options, sim) {
      await sendPrompt(hooks, sim.sessionID, [text("(the prompt)")]);
      await busEvent(hooks, "file.watcher.updated", { file: path.resolve(sim.directory, options.file!), event: options.change ?? "change" });
      return bashEnv(hooks, sim);
    },
  },
};

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
  return scenarioEvents().filter((event) => SCENARIOS[event]!.stopHookActive !== undefined);
}

const scenarioEvents = () => Object.keys(SCENARIOS) as EventName[];

/** "A, B: what it means for them; C: what it means for C". */
function helpText(meaning: (scenario: Scenario) => string | undefined): string {
  const events = new Map<string, EventName[]>();
  for (const event of scenarioEvents()) {
    const text = meaning(SCENARIOS[event]!);
    if (text !== undefined) events.set(text, [...(events.get(text) ?? []), event]);
  }
  return [...events].map(([text, named]) => `${named.join(", ")}: ${text}`).join("; ");
}

/** SessionStart sources test can make happen (compact and clear need a real session). */
export const SESSION_START_SOURCES = ["startup", "resume", "fork"] as const;
