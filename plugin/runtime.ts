// Per-instance state of the generated plugin: where it runs, what it learned from OpenCode's config,
// what a before-hook left for the after-hook of the same call, what it knows per session, the work
// still running in the background, and a logger that never throws.
import { appendFileSync } from "node:fs";
import { bounded } from "./protocol/detach.js";
import type { DialectName } from "../schema/dialects/agents.js";
import type { EventName } from "../schema/events.js";
import type { CompiledHandler } from "./compile.js";
import type { LogLevel, OpencodeClient } from "./opencode/client.js";
import { PrivateFolder } from "./private-folder.js";
import { SessionStore } from "./session-state.js";
import { Transcripts } from "./transcripts.js";
import type { HookTrace } from "./run/trace.js";
import type { HttpPolicy } from "./run/http-policy.js";
import { McpConnections } from "./mcp/connections.js";
import type { ConfiguredModels } from "./opencode/hook-model.js";
import type { OwnSession } from "./opencode/ask-model.js";
import { AlwaysAllowed } from "./opencode/ask-rules.js";
import type { CompiledPermissions } from "./permissions/evaluate.js";
import type { PermissionScalars } from "../schema/permissions/model.js";

export type { OpencodeClient } from "./opencode/client.js";

/** What the before-hook of a call leaves for its after-hook. */
export interface CallState {
  startedAt: number;
  /** OpenCode tool id and args, for the permission prompt of this call. */
  tool?: string;
  args?: Record<string, unknown>;
  /** PreToolUse additionalContext, shown next to the tool result. */
  context: string[];
  substitute?: { text: string };
  /** What a PreToolUse updatedInput set, to check that the tool really ran with it. */
  rewrittenArgs?: Record<string, unknown>;
  /** A PreToolUse hook allowed the call (and no permissions ask rule matched it): OpenCode's permission prompt for it is answered "once". */
  allowed?: boolean;
  /** A PreToolUse hook blocked the call: its tool error is a denial, not a tool failure. */
  blocked?: boolean;
  /** A PermissionRequest hook, or a permissions allow rule, answered the call's permission prompt. */
  answered?: boolean;
  /** A PreToolUse hook asked: OpenCode's prompt is the user's, whatever allow rules say (as in Claude). */
  hookAsked?: boolean;
  /** The permissions allow rule that allows the call (`file:line:col`): it answers OpenCode's prompt. */
  ruleAllowed?: string;
}

const MAX_PENDING_CALLS = 1000;

const SPLIT_BY_DIALECT = new WeakMap<readonly CompiledHandler[], Map<DialectName | undefined, CompiledHandler[]>>();

/** `run`: a one-shot `opencode run`; `serve`: `opencode serve`, for run --attach or SDK clients; `tui`: the rest. */
export type OpencodeHost = "run" | "serve" | "tui";

export class Runtime {
  mcpServers: string[] = [];
  permissionMode = "default";
  readonly sessions = new SessionStore();
  readonly files = new PrivateFolder();
  readonly transcripts = new Transcripts(this);
  /** Absolute paths FileChanged hooks watch besides their matchers' file names (SessionStart watchPaths). */
  readonly watchPaths = new Set<string>();
  /** The main session the user prompted last: the session of events OpenCode does not tie to one. */
  currentSession?: string;
  /** OpenCode is shutting down: start no new turns. */
  disposing = false;
  /** Shutdown is over; a later instance of the plugin starts afresh. */
  closed = false;
  /** Ids of the bus events already dispatched (OpenCode delivers some twice). */
  readonly seenEvents = new Set<string>();
  /** The MCP servers of OpenCode's config, for mcp_tool hooks (connected on first use). */
  readonly mcp = new McpConnections();
  /** Claude's http hook policy (run/http-policy.ts): the plugin's and the local hooks file's lists merged. */
  httpPolicy: HttpPolicy = {};
  /** Claude's permission rules, when the plugin carries them (convert --permissions). */
  permissions?: CompiledPermissions;
  /** Claude's `defaultMode` and `additionalDirectories`, for OpenCode's config (events/opencode-permissions.ts). */
  permissionScalars?: PermissionScalars;
  /** OpenCode's `permission` config as the plugin left it at start-up (events/opencode-permissions.ts). */
  opencodePermission?: Record<string, unknown>;
  /** Sessions the plugin started to evaluate prompt and agent hooks: no hook runs for their events. */
  readonly ownSessions = new Map<string, OwnSession>();
  /** OpenCode's `model` and `small_model`, for the model a prompt hook asks (opencode/hook-model.ts). */
  models: ConfiguredModels = {};
  /** For the user at the first prompt (settings changed since convert: settings-drift.ts). */
  notice?: string;
  /** Set by `hooks2opencode test` only (run/trace.ts). */
  trace?: HookTrace;
  /** OpenCode's worktree (the git root): the paths of its file permissions are relative to it. */
  worktree?: string;
  /** OpenCode's `shell` setting, which decides how the bash tool reads a command. */
  shell?: string;
  /** "Always allow" answers given in this OpenCode process (ask-rules.ts): OpenCode asks nothing they cover. */
  readonly alwaysAllowed = new AlwaysAllowed();
  // Two generations: when the newer fills up, the older (calls no after-hook closed) is dropped whole.
  private calls = new Map<string, CallState>();
  private olderCalls = new Map<string, CallState>();
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    readonly directory: string,
    readonly handlers: Map<EventName, CompiledHandler[]>,
    readonly client: OpencodeClient,
    readonly version: string,
    /** Which OpenCode command the plugin runs in (index.ts, `opencodeHost`). */
    readonly host: OpencodeHost = "tui",
  ) {}

  /** `opencode run` without --attach: the plugin lives in the CLI, which exits at the first idle. */
  get oneShotRun(): boolean {
    return this.host === "run";
  }

  /** The TUI or a server is closing: no Stop or SubagentStop turn starts (`opencode run` still runs them, shutdown.ts). */
  get closingForGood(): boolean {
    return this.disposing && !this.oneShotRun;
  }

  /**
   * `opencode run`, in this process or attached to `opencode serve`, answers every permission
   * prompt itself with `reject` within milliseconds; a hook's answer must be sent before it.
   */
  get permissionsRace(): boolean {
    return this.host === "run" || this.host === "serve";
  }

  handlersFor(event: EventName): CompiledHandler[] {
    return this.handlers.get(event) ?? [];
  }

  /** The handlers of one agent on an event (no dialect: Claude's), split once per list (the live plugin swaps lists). */
  handlersOf(event: EventName, dialect: DialectName | undefined): CompiledHandler[] {
    const all = this.handlersFor(event);
    let split = SPLIT_BY_DIALECT.get(all);
    if (!split) {
      split = new Map();
      for (const handler of all) {
        const list = split.get(handler.dialect);
        if (list) list.push(handler);
        else split.set(handler.dialect, [handler]);
      }
      if (split.size <= 1 && all[0]?.dialect === undefined) split.set(undefined, all);
      SPLIT_BY_DIALECT.set(all, split);
    }
    return split.get(dialect) ?? [];
  }

  callState(callID: string): CallState {
    let state = this.peekCallState(callID);
    if (!state) {
      state = { startedAt: Date.now(), context: [] };
      this.calls.set(callID, state);
      // Failed tools never reach the after-hook: keep the last MAX_PENDING_CALLS to twice that. Dropping the
      // oldest one at a time (keys().next() once the map is full) cost Bun about 1 µs on every call.
      if (this.calls.size >= MAX_PENDING_CALLS) {
        this.olderCalls = this.calls;
        this.calls = new Map();
      }
    }
    return state;
  }

  peekCallState(callID: string): CallState | undefined {
    return this.calls.get(callID) ?? this.olderCalls.get(callID);
  }

  takeCallState(callID: string): CallState | undefined {
    const state = this.peekCallState(callID);
    this.calls.delete(callID);
    this.olderCalls.delete(callID);
    return state;
  }

  /** Work OpenCode does not wait for (bus events); `settle` waits for it at shutdown of a one-shot run. */
  track<T>(work: Promise<T>): Promise<T> {
    this.background.add(work);
    const forget = () => this.background.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves when no tracked work is left, including work that tracked work started. */
  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /** Environment of a hook process: OpenCode's, plus what Claude Code adds. */
  hookEnv(sessionID: string): Record<string, string> {
    // A spread copies process.env at about half the cost of iterating its entries under Bun.
    const env = { ...process.env } as Record<string, string>;
    env.CLAUDE_PROJECT_DIR = this.directory;
    env.CLAUDECODE = "1";
    env.CLAUDE_CODE_SESSION_ID = sessionID;
    env.HOOKS2OPENCODE = this.version;
    return env;
  }

  log(level: LogLevel, text: string): void {
    // A hook may print megabytes; a log line is kept short.
    const message = bounded(text, 4000);
    const file = process.env.HOOKS2OPENCODE_LOG;
    if (file) {
      try {
        appendFileSync(file, `${new Date().toISOString()} ${level} ${message}\n`);
      } catch {
        // A log file that cannot be written is no reason to fail a hook.
      }
    }
    try {
      void this.client.app?.log?.({ body: { service: "hooks2opencode", level, message } })?.catch(() => {});
    } catch {
      // Logging must never break a tool call.
    }
  }

  toast(message: string, variant: "info" | "warning" | "error"): void {
    try {
      // A toast is a glance: a few lines at most, whatever a hook printed.
      void this.client.tui?.showToast?.({ body: { message: bounded(message, 2000), variant, title: "Claude Code hook" } })?.catch(() => {});
    } catch {
      // No TUI (opencode run, serve): the log has it.
    }
  }
}
