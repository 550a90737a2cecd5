// What the plugin remembers per OpenCode session, and who may change it. Each piece has one owner,
// so that following Stop, PreToolUse or SessionStart never needs a shared record read first, nor
// every module that might have written it:
// - state one event uses lives in that event's module, in a slot the module declares and does not
//   export (sessionSlot: PostToolBatch's last step in post-tool-batch.ts, the Stop loop in stop/);
// - what OpenCode says about the session (SessionFacts: subagent or not, agent, model, busy, how a
//   compaction was asked for) is written by the listeners of events/bookkeeping.ts alone; everyone
//   else reads it;
// - the few things events really share (context for the next prompt or request, asyncRewake texts,
//   the turn a continuation waits for, blocked prompts, CLAUDE_ENV_FILE variables, due work, pinned
//   texts) are kept here and changed only through the named operations below.
// test/unit/single-writer.test.ts holds the rule. Bounded like the per-call state: a long-running
// `opencode serve` sees many sessions, and a slot's value goes with its session.

/** What OpenCode told the plugin about a session: events/bookkeeping.ts writes it (through observed()), the rest reads it. */
export interface SessionFacts {
  /** Set for child sessions: OpenCode runs each subagent in its own child session. */
  parentID?: string;
  /** A subagent's Claude agent_type (OpenCode's agent named by schema/agents.ts). */
  agentType?: string;
  /** session.created was seen in this process; a session first met in a prompt is a resumed one. */
  created: boolean;
  /** OpenCode is running a turn for it (session.status): an asyncRewake waits for its next request. */
  busy?: boolean;
  /** The model of the session's last prompt: what a prompt hook's `sonnet` / `opus` stands for. */
  model?: { providerID: string; modelID: string };
  /** How the session's pending compaction was asked for (a compaction part says auto or not). */
  compactTrigger?: "manual" | "auto";
}

export interface SessionState extends Readonly<SessionFacts> {
  readonly id: string;
}

/** Text re-added to every model request of a session, after a given message (not persisted by OpenCode). */
export interface PinnedContext {
  /** The message (or tool call) the text belongs after. */
  anchor: { messageID: string; callID?: string };
  text: string;
  /** Set: the text is a user message of its own (with this id) right after the anchor, not a part of it. */
  ownMessageID?: string;
}

/** A turn the plugin started (a Stop continuation) that someone waits for. */
export interface AwaitedTurn {
  readonly since: number;
  readonly done: () => void;
}

/** State one module keeps per session: it declares the slot at its top and does not export it. */
export interface SessionSlot<T> {
  /** The session's value; made by the slot's init the first time. */
  get(state: SessionState): T;
  set(state: SessionState, value: T): void;
}

/** A slot's key among a session's values; `forget` releases what a value holds when the session goes. */
interface SlotKey {
  forget?(value: unknown): void;
}

// Keyed by the record the store holds: a value lives as long as its session.
const slotValues = new WeakMap<SessionState, Map<SlotKey, unknown>>();

function valuesOf(state: SessionState): Map<SlotKey, unknown> {
  let values = slotValues.get(state);
  if (!values) slotValues.set(state, (values = new Map()));
  return values;
}

/** Declares a per-session slot; `forget` releases what a value holds (a timer) when its session goes. */
export function sessionSlot<T>(init: () => T, forget?: (value: T) => void): SessionSlot<T> {
  const key: SlotKey = forget ? { forget: forget as (value: unknown) => void } : {};
  return {
    get(state) {
      const values = valuesOf(state);
      if (!values.has(key)) values.set(key, init());
      return values.get(key) as T;
    },
    set(state, value) {
      valuesOf(state).set(key, value);
    },
  };
}

/** The writable facts of a session: for events/bookkeeping.ts, which observes OpenCode's events, alone. */
export function observed(state: SessionState): SessionFacts {
  return state;
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
    state = { id, created: false };
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
    // Its values stay with the record (work still holding it reads them), as fields would.
    if (state) for (const [key, value] of slotValues.get(state) ?? []) key.forget?.(value);
    this.sessions.delete(id);
  }

  all(): SessionState[] {
    return [...this.sessions.values()];
  }
}

/** What several events share; changed only by the operations below. */
interface SharedState {
  /** SessionStart (or SubagentStart) has fired for it in this process. */
  started: boolean;
  /** Hook work whose output must reach the session's next prompt or model request. */
  readonly due: Set<Promise<unknown>>;
  /** Context from SessionStart / SubagentStart for the session's next prompt (or request). */
  startContext: string[];
  /** Context from async hooks that finished: the next prompt or request places it after the latest messages. */
  asyncContext: string[];
  /** asyncRewake texts that came while a turn ran: its next model request takes them, else its idle wakes it. */
  pendingWake?: string[];
  /** A turn the plugin started (a Stop continuation) that someone waits for. */
  awaitedTurn?: AwaitedTurn;
  /** A UserPromptExpansion hook blocked the command whose prompt is saved next. */
  blockNextPrompt?: string;
  /** User messages whose prompt a UserPromptSubmit hook blocked. */
  readonly blockedPrompts: Set<string>;
  readonly pinned: PinnedContext[];
  /** Variables a SessionStart / FileChanged hook exported through CLAUDE_ENV_FILE, for later bash calls. */
  readonly env: Record<string, string>;
}

const shared = sessionSlot<SharedState>(
  () => ({ started: false, due: new Set(), startContext: [], asyncContext: [], blockedPrompts: new Set(), pinned: [], env: {} }),
  // A forgotten session's continuation is waited for no longer.
  (state) => state.awaitedTurn?.done(),
);

/** SessionStart (or SubagentStart) fires once per session in this process: true the first time only. */
export function markStarted(state: SessionState): boolean {
  const own = shared.get(state);
  if (own.started) return false;
  own.started = true;
  return true;
}

export function wasStarted(state: SessionState): boolean {
  return shared.get(state).started;
}

/** Marks hook work the session's next prompt or model request must wait for; returns its "done". */
export function holdDue(state: SessionState): () => void {
  const own = shared.get(state);
  let done!: () => void;
  const work = new Promise<void>((resolve) => (done = resolve));
  own.due.add(work);
  return () => {
    own.due.delete(work);
    done();
  };
}

/** Waits for the hook work that must reach the session's next prompt or request. */
export async function dueWork(state: SessionState): Promise<void> {
  const pending = shared.get(state).due;
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

export function addStartContext(state: SessionState, texts: readonly string[]): void {
  shared.get(state).startContext.push(...texts);
}

/** Taken once by the session's next prompt or request: SessionStart / SubagentStart context, then asyncRewake texts no turn took. */
export function takeStartContext(state: SessionState): string[] {
  const own = shared.get(state);
  const texts = [...own.startContext, ...(own.pendingWake ?? [])];
  own.startContext = [];
  own.pendingWake = undefined;
  return texts;
}

export function addAsyncContext(state: SessionState, text: string): void {
  shared.get(state).asyncContext.push(text);
}

export function takeAsyncContext(state: SessionState): string[] {
  const own = shared.get(state);
  const texts = own.asyncContext;
  own.asyncContext = [];
  return texts;
}

/** An asyncRewake text that came while a turn ran: the turn's next request takes it, else its idle wakes the session. */
export function addPendingWake(state: SessionState, text: string): void {
  (shared.get(state).pendingWake ??= []).push(text);
}

/** The asyncRewake texts no request took, for the idle that wakes the session with them. */
export function takePendingWake(state: SessionState): string[] | undefined {
  const own = shared.get(state);
  const pending = own.pendingWake;
  own.pendingWake = undefined;
  return pending;
}

/** Resolves when the continuation turn started now is over (endAwaitedTurn). */
export function awaitTurn(state: SessionState): Promise<void> {
  return new Promise<void>((done) => (shared.get(state).awaitedTurn = { since: Date.now(), done }));
}

export function awaitedTurn(state: SessionState): AwaitedTurn | undefined {
  return shared.get(state).awaitedTurn;
}

/** No one waits for a turn of the session any more; `turn` (the one awaited so far, by default) is over. */
export function endAwaitedTurn(state: SessionState, turn = shared.get(state).awaitedTurn): void {
  shared.get(state).awaitedTurn = undefined;
  turn?.done();
}

/** The prompt of the /command a UserPromptExpansion hook blocked is saved next: it is blocked too. */
export function blockNextPrompt(state: SessionState, reason: string): void {
  shared.get(state).blockNextPrompt = reason;
}

export function takeNextPromptBlock(state: SessionState): string | undefined {
  const own = shared.get(state);
  const reason = own.blockNextPrompt;
  own.blockNextPrompt = undefined;
  return reason;
}

export function rememberBlockedPrompt(state: SessionState, messageID: string): void {
  const own = shared.get(state);
  own.blockedPrompts.add(messageID);
  if (own.blockedPrompts.size > MAX_BLOCKED) own.blockedPrompts.delete(own.blockedPrompts.values().next().value!);
}

export function isBlockedPrompt(state: SessionState, messageID: string): boolean {
  return shared.get(state).blockedPrompts.has(messageID);
}

export function pin(state: SessionState, context: PinnedContext): void {
  const own = shared.get(state);
  own.pinned.push(context);
  if (own.pinned.length > MAX_PINNED) own.pinned.shift();
}

export function pinnedTexts(state: SessionState): readonly PinnedContext[] {
  return shared.get(state).pinned;
}

/** Variables a SessionStart / FileChanged hook exported through CLAUDE_ENV_FILE join the session's. */
export function exportEnv(state: SessionState, variables: Record<string, string>): void {
  Object.assign(shared.get(state).env, variables);
}

export function exportedEnv(state: SessionState): Readonly<Record<string, string>> {
  return shared.get(state).env;
}
