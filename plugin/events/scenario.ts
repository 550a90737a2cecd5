// How `hooks2opencode test` makes an event happen offline, as data its event module declares: the
// flags it takes and what each means for it, the checks on them, and the OpenCode channel calls that
// stand for the event, in OpenCode's order. cli/simulate/ replays the calls on the plugin's own Hooks
// object; the runtime never reads a scenario, so its bundle drops them (as the docs rows). Types only.
import type { EventName } from "../../schema/events.js";
import type { Channel } from "./channels.js";

/** The flags `test` fires an event with, by the name a user types (cli/simulate/fire-options.ts spells them). */
export interface FireOptions {
  /** A Claude tool name (`Bash`) or an OpenCode tool id (`bash`). */
  tool?: string;
  /** The tool's input, in the form of the name given (Claude's snake_case, or OpenCode's args). */
  input?: Record<string, unknown>;
  /** The tool's result text (a Bash command's output, for a non-zero exit). */
  output?: string;
  /** The prompt typed (or sent to a subagent, or a /command's expansion); Stop: the prompt of the turn that ended. */
  prompt?: string;
  /** Stop, SubagentStop: the model's last answer. */
  lastMessage?: string;
  /** SessionStart: startup, resume or fork. */
  source?: string;
  /** The tool's error (PostToolUseFailure, PostToolBatch); StopFailure: the API error's text. */
  error?: string;
  /** PostToolUseFailure: a Bash command's exit code. */
  exit?: string;
  /** SubagentStart, SubagentStop: the subagent's agent type. */
  agentType?: string;
  /** SessionEnd: other or prompt_input_exit. */
  reason?: string;
  /** StopFailure: Claude's error type. */
  errorType?: string;
  /** PreCompact, PostCompact: manual or auto. */
  trigger?: string;
  /** PostCompact: the summary OpenCode wrote. */
  summary?: string;
  /** UserPromptExpansion: the /command typed, and its arguments. */
  command?: string;
  arguments?: string;
  /** FileChanged: the file, and what happened to it. */
  file?: string;
  change?: string;
}

export type FireFlag = keyof FireOptions;

/** The flags given as text (all but --input). */
export type TextFlag = Exclude<FireFlag, "input">;

/** The session a call is made in: the main one, or the subagent's child session an earlier call created. */
export type SessionRef = "main" | "subagent";

/** An OpenCode tool call: its tool id and args. */
export interface ToolCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

/** What a tool call that ran hands tool.execute.after. */
export type ToolResult =
  /** Its result text. */
  | { readonly output: string }
  /** A Bash command that exited non-zero: what it printed and its exit code (OpenCode calls it a success). */
  | { readonly output: string; readonly exit: number }
  /** The task tool's result, as OpenCode 1.18.33 writes it: the subagent's session id and last answer. */
  | { readonly taskOf: "subagent" };

/** The session's last turn as OpenCode saved it, which the calls after it read; an absent field stays as it was. */
export interface LastTurn {
  readonly prompt?: string;
  readonly lastMessage?: string;
  /** The turn ended in an error of the model call: Claude's error type, and its text. */
  readonly error?: { readonly type: string; readonly text: string };
  /** The turn's step is the tool call made before, as it ended (its result or its error), and the turn goes on. */
  readonly step?: "the call";
  /** A compaction after the turn: whether OpenCode started it itself, and the summary it wrote. */
  readonly compaction?: { readonly auto: boolean; readonly summary: string };
}

/**
 * One channel call of OpenCode's (a plugin hook it awaits, or a bus event), or what OpenCode saved
 * that the next calls read. The replay ends at a call the hooks block; each call's effect on its own
 * output (rewritten args, a changed result, context added) is reported.
 */
export type ScenarioStep =
  | { readonly turn: LastTurn }
  /** The tool call the flags name (--tool, --input), or this one. */
  | { readonly channel: "tool.execute.before"; readonly call?: ToolCall }
  /** OpenCode's permission prompt for that call; `ifRulesAsk`: it stands for "if OpenCode's rules ask" (a PreToolUse allow answers it). */
  | { readonly channel: "permission.asked"; readonly ifRulesAsk?: boolean }
  /** The call ran; `waitsForAnswer`: it waits for the subagent's answer, so a new turn the hooks start there ends the replay. */
  | { readonly channel: "tool.execute.after"; readonly result: ToolResult; readonly waitsForAnswer?: boolean }
  /** The call failed: OpenCode reports it only on its bus, as the part of the assistant step. */
  | { readonly channel: "message.part.updated"; readonly failed: string }
  /** OpenCode saves the compaction request first: its part says whether the user asked (/compact) or not. */
  | { readonly channel: "message.part.updated"; readonly compaction: { readonly auto: boolean } }
  /** The next model request: a request the hooks abort does not go out. */
  | { readonly channel: "experimental.chat.messages.transform" }
  /** A prompt OpenCode saves (`text`, in the session's agent; a subagent's in its own), or the /command typed before, expanded. */
  | { readonly channel: "chat.message"; readonly text: string; readonly session?: SessionRef }
  | { readonly channel: "chat.message"; readonly expanded: "command" }
  /** A typed /command and its arguments, which OpenCode expands into `prompt` before the hooks see it. */
  | { readonly channel: "command.execute.before"; readonly command: string; readonly arguments: string; readonly prompt: string }
  /** The main session is created with this title. */
  | { readonly channel: "session.created"; readonly title: string }
  /** A subagent's child session starts: OpenCode titles it "(the task) (@<agent> subagent)", in its own agent names. */
  | { readonly channel: "session.created"; readonly subagent: { readonly agent: string; readonly prompt: string; readonly lastMessage: string } }
  | { readonly channel: "session.deleted"; readonly title: string }
  | { readonly channel: "session.idle" | "session.compacted" | "experimental.session.compacting" }
  /** A file of the project changed (relative to it). */
  | { readonly channel: "file.watcher.updated"; readonly file: string; readonly event: string }
  /** A later bash call of the session: the variables the plugin gives it (CLAUDE_ENV_FILE exports). */
  | { readonly channel: "shell.env" }
  /** The plugin's dispose, as the TUI exits. */
  | { readonly channel: "dispose" };

/** A step's channel is one of OpenCode's (channels.ts): one it does not have does not compile. */
type OpencodeChannel<C extends Channel> = C;
export type StepChannel = OpencodeChannel<Extract<ScenarioStep, { channel: string }>["channel"]>;

/**
 * A check on the flags, in order (the first problem found is the usage error): a flag the event
 * needs; a value outside the ones the event can be fired with (`"matcher values"`: those its
 * modules produce; `never`: Claude's values OpenCode never produces, by default the rest of
 * Claude's, with why); or a check that is logic.
 */
export type FlagCheck =
  | { readonly flag: TextFlag; readonly needed: string }
  | {
      readonly flag: TextFlag;
      readonly oneOf: readonly string[] | "matcher values";
      readonly never?: { readonly values?: readonly string[]; readonly why: string };
    }
  | ((options: FireOptions) => string | undefined);

export interface EventScenario {
  readonly event: EventName;
  /** What the event is in OpenCode, for the report. */
  readonly happens: string;
  /** The flags the event takes, with what each means for it (`test --help`); any other is a usage error. */
  readonly flags: Readonly<Partial<Record<FireFlag, string>>>;
  /** What --stop-hook-active means for the event, where it takes it (`test --help`). */
  readonly stopHookActive?: string;
  readonly checks?: readonly FlagCheck[];
  /** What the report's first line names besides the event (a tool event names the call). */
  readonly subject?: (options: FireOptions) => string;
  /** The channel calls that stand for the event, from flags that passed the checks. */
  readonly calls: (options: FireOptions) => readonly ScenarioStep[];
}
