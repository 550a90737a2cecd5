// Per-instance state of the generated plugin: where it runs, what it learned from OpenCode's config,
// what a before-hook left for the after-hook of the same call, and a logger that never throws.
import type { EventName } from "../schema/events.js";
import type { CompiledHandler } from "./compile.js";

/** The parts of OpenCode's v1 SDK client the plugin uses; every call is optional and caught. */
export interface OpencodeClient {
  app?: { log?(options: { body: { service: string; level: string; message: string } }): Promise<unknown> };
  session?: { abort?(options: { path: { id: string } }): Promise<unknown> };
  tui?: { showToast?(options: { body: { message: string; variant: string; title?: string } }): Promise<unknown> };
  postSessionIdPermissionsPermissionId?(options: {
    path: { id: string; permissionID: string };
    body: { response: "once" | "always" | "reject" };
  }): Promise<unknown>;
}

/** What the before-hook of a call leaves for its after-hook. */
export interface CallState {
  startedAt: number;
  /** PreToolUse additionalContext, shown next to the tool result. */
  context: string[];
  substitute?: { text: string };
  /** What a PreToolUse updatedInput set, to check that the tool really ran with it. */
  rewrittenArgs?: Record<string, unknown>;
  /** A PreToolUse hook allowed the call: OpenCode's permission prompt for it is answered "once". */
  allowed?: boolean;
}

const MAX_PENDING_CALLS = 1000;

export class Runtime {
  mcpServers: string[] = [];
  permissionMode = "default";
  /** Child (subagent) sessions seen in session.created, with their agent name. */
  readonly subagents = new Map<string, { agentType: string }>();
  private readonly calls = new Map<string, CallState>();

  constructor(
    readonly directory: string,
    readonly handlers: Map<EventName, CompiledHandler[]>,
    readonly client: OpencodeClient,
    readonly version: string,
  ) {}

  get projectDir(): string {
    return this.directory;
  }

  handlersFor(event: EventName): CompiledHandler[] {
    return this.handlers.get(event) ?? [];
  }

  callState(callID: string): CallState {
    let state = this.calls.get(callID);
    if (!state) {
      state = { startedAt: Date.now(), context: [] };
      this.calls.set(callID, state);
      // Failed tools never reach the after-hook: keep the map bounded.
      if (this.calls.size > MAX_PENDING_CALLS) this.calls.delete(this.calls.keys().next().value!);
    }
    return state;
  }

  peekCallState(callID: string): CallState | undefined {
    return this.calls.get(callID);
  }

  takeCallState(callID: string): CallState | undefined {
    const state = this.calls.get(callID);
    this.calls.delete(callID);
    return state;
  }

  /** Environment of a hook process: OpenCode's, plus what Claude Code adds. */
  hookEnv(sessionID: string): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    env.CLAUDE_PROJECT_DIR = this.projectDir;
    env.CLAUDECODE = "1";
    env.CLAUDE_CODE_SESSION_ID = sessionID;
    env.HOOKS2OPENCODE = this.version;
    return env;
  }

  log(level: "debug" | "info" | "warn" | "error", message: string): void {
    try {
      void this.client.app?.log?.({ body: { service: "hooks2opencode", level, message } })?.catch(() => {});
    } catch {
      // Logging must never break a tool call.
    }
  }

  toast(message: string, variant: "info" | "warning" | "error"): void {
    try {
      void this.client.tui?.showToast?.({ body: { message, variant, title: "Claude Code hook" } })?.catch(() => {});
    } catch {
      // No TUI (opencode run, serve): the log has it.
    }
  }
}
