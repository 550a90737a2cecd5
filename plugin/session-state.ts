// What the plugin remembers per OpenCode session: whether it is a subagent, the Stop loop, context
// waiting for the session's next prompt or model request, the CLAUDE_ENV_FILE environment. Bounded
// like the per-call state: a long-running `opencode serve` sees many sessions.
import type { AskRule } from "./opencode/ask-rules.js";
import { initialStopGuard, type StopGuard } from "./stop/stop-guard.js";

/** Text re-added to every model request of a session, after a given message (not persisted by OpenCode). */
export interface PinnedContext {
  /** The message (or tool call) the text belongs after. */
  anchor: { messageID: string; callID?: string };
  text: string;
  /** Set: the text is a user message of its own (with this id) right after the anchor, not a part of it. */
  ownMessageID?: string;
}

export interface SessionState {
  readonly id: string;
  /** Set for child sessions: OpenCode runs each subagent in its own child session. */
  parentID?: string;
  /** A subagent's Claude agent_type (OpenCode's agent named by schema/agents.ts). */
  agentType?: string;
  /** session.created was seen in this process; a session first met in a prompt is a resumed one. */
  created: boolean;
  /** SessionStart (or SubagentStart) has fired for it in this process. */
  started: boolean;
  /** Hook work whose output must reach the session's next prompt or model request. */
  readonly due: Set<Promise<unknown>>;
  /** Context from SessionStart / SubagentStart for the session's next prompt (or request). */
  startContext: string[];
  /** Context from async hooks that finished: the next prompt or request places it after the latest messages. */
  asyncContext: string[];
  stop: StopGuard;
  /** When the user last typed a prompt (a Stop run that began before it must not send them back). */
  promptedAt: number;
  /** A turn the plugin started (a Stop continuation) that someone waits for. */
  awaitedTurn?: { since: number; done: () => void };
  /** The last assistant step PostToolBatch ran for. */
  batchReported?: string;
  /** The last failed turn StopFailure ran for. */
  failureReported?: string;
  /** A UserPromptExpansion hook blocked the command whose prompt is saved next. */
  blockNextPrompt?: string;
  /** User messages whose prompt a UserPromptSubmit hook blocked. */
  readonly blockedPrompts: Set<string>;
  readonly pinned: PinnedContext[];
  /** Variables a SessionStart / FileChanged hook exported through CLAUDE_ENV_FILE, for later bash calls. */
  env: Record<string, string>;
  /** How the session's pending compaction was asked for (a compaction part says auto or not). */
  compactTrigger?: "manual" | "auto";
  /** SessionEnd ran for it. */
  ended: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** Skills OpenCode's skill tool loaded in this session: their frontmatter hooks are active here. */
  skills?: Set<string>;
  /** `once` skill hooks (by key) that already ran in this session. */
  ranOnce?: Set<string>;
  /** asyncRewake texts that came while a turn ran: its next model request takes them, else its idle wakes it. */
  pendingWake?: string[];
  /** OpenCode is running a turn for it (session.status): an asyncRewake waits for its next request. */
  busy?: boolean;
  /** The model of the session's last prompt: what a prompt hook's `sonnet` / `opus` stands for. */
  model?: { providerID: string; modelID: string };
  /** Rules the plugin added so that OpenCode asks about calls a PreToolUse hook answered `ask` for. */
  askRules?: AskRule[];
}

const MAX_SESSIONS = 256;
const MAX_PINNED = 64;
const MAX_BLOCKED = 64;

export class SessionStore {
  private readonly sessions = new Map<string, SessionState>();

  get(id: string): SessionState {
    let state = this.sessions.get(id);
    if (state) {
      // Most recently used last, so eviction drops the session untouched the longest.
      this.sessions.delete(id);
      this.sessions.set(id, state);
      return state;
    }
    state = {
      id,
      created: false,
      started: false,
      due: new Set(),
      startContext: [],
      asyncContext: [],
      stop: initialStopGuard(),
      promptedAt: 0,
      blockedPrompts: new Set(),
      pinned: [],
      env: {},
      ended: false,
    };
    this.sessions.set(id, state);
    if (this.sessions.size > MAX_SESSIONS) {
      const [oldest] = this.sessions.values();
      if (oldest) this.forget(oldest.id);
    }
    return state;
  }

  peek(id: string): SessionState | undefined {
    return this.sessions.get(id);
  }

  forget(id: string): void {
    const state = this.sessions.get(id);
    if (state?.idleTimer) clearTimeout(state.idleTimer);
    state?.awaitedTurn?.done();
    this.sessions.delete(id);
  }

  all(): SessionState[] {
    return [...this.sessions.values()];
  }
}

export function pin(state: SessionState, context: PinnedContext): void {
  state.pinned.push(context);
  if (state.pinned.length > MAX_PINNED) state.pinned.shift();
}

/** asyncRewake texts no turn took yet join what the session's next prompt or model request carries. */
export function takePendingWake(state: SessionState): void {
  if (state.pendingWake?.length) state.startContext.push(...state.pendingWake);
  state.pendingWake = undefined;
}

/** Waits for the hook work that must reach the session's next prompt or request. */
export async function dueWork(state: SessionState): Promise<void> {
  while (state.due.size > 0) await Promise.allSettled([...state.due]);
}

export function rememberBlockedPrompt(state: SessionState, messageID: string): void {
  state.blockedPrompts.add(messageID);
  if (state.blockedPrompts.size > MAX_BLOCKED) state.blockedPrompts.delete(state.blockedPrompts.values().next().value!);
}
