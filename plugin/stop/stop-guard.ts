// When a Stop (or SubagentStop) run may start, and when its block may send the agent back to work:
// a pure state machine, fed what OpenCode reports. The traps it closes, each seen in hand-written
// `session.idle` gates: idle fires again while a Stop run or the continuation it started is still
// going (the session is claimed: ignore), idle fires several times for one turn (each finished
// turn is evaluated once, by its last assistant message), idle fires after Esc or an API error (no
// Stop: Claude fires none on interrupt, StopFailure on an error), and a hook that always blocks
// (Claude's cap: after `cap` consecutive blocks the next one is overridden; a continuation that ran
// a tool resets the count; 0 disables the cap). Source: https://code.claude.com/docs/en/hooks#stop-decision-control,
// https://code.claude.com/docs/en/hooks-guide#stop-hook-hits-the-block-cap;
// the reset rule as read from the 2.1.220 binary in daymade/claude-code-skills#245.

export interface StopGuard {
  /** A Stop run, or the continuation turn it started, holds the session. */
  busy: boolean;
  /** The last assistant message a Stop run was decided for (one run per finished turn). */
  lastEvaluated?: string;
  /** Consecutive blocks not separated by a user prompt or a continuation that used a tool. */
  blocks: number;
  /** The session is continuing because a Stop hook blocked: the next run gets stop_hook_active. */
  active: boolean;
}

/** How a session's last turn ended, from its messages. */
export interface TurnEnd {
  /** The session's last assistant message. */
  assistantID?: string;
  /** The last assistant message answers the last user message and asked for no more tool calls. */
  finished: boolean;
  /** The turn ended by Esc (aborted) or by an error the model call returned (failed). */
  error?: "aborted" | "failed";
  /** The turn ran at least one tool. */
  usedTools: boolean;
}

export type TurnAction = "ignore" | "evaluate" | "failure";
export type DecisionAction = "continue" | "end" | "capped";

export const DEFAULT_BLOCK_CAP = 8;

export function initialStopGuard(): StopGuard {
  return { busy: false, blocks: 0, active: false };
}

/** An idle arrived: claim the session for one check, unless a run or continuation holds it. */
export function claim(guard: StopGuard): { guard: StopGuard; claimed: boolean } {
  if (guard.busy) return { guard, claimed: false };
  return { guard: { ...guard, busy: true }, claimed: true };
}

/** With the session claimed: what to do about the turn that just ended. */
export function onTurn(guard: StopGuard, turn: TurnEnd): { guard: StopGuard; action: TurnAction } {
  const release = { ...guard, busy: false };
  if (!turn.assistantID || !turn.finished || turn.assistantID === guard.lastEvaluated) return { guard: release, action: "ignore" };
  const seen = { ...release, lastEvaluated: turn.assistantID };
  if (turn.error) return { guard: { ...seen, blocks: 0, active: false }, action: turn.error === "failed" ? "failure" : "ignore" };
  const blocks = guard.active && turn.usedTools ? 0 : guard.blocks;
  return { guard: { ...seen, busy: true, blocks }, action: "evaluate" };
}

/** The Stop hooks of an evaluated turn decided; `keepGoing`: a block or additionalContext. */
export function onDecision(guard: StopGuard, keepGoing: boolean, cap: number): { guard: StopGuard; action: DecisionAction } {
  if (!keepGoing) return { guard: { ...guard, busy: false, blocks: 0, active: false }, action: "end" };
  if (cap > 0 && guard.blocks >= cap) return { guard: { ...guard, busy: false, blocks: 0, active: false }, action: "capped" };
  return { guard: { ...guard, busy: true, blocks: guard.blocks + 1, active: true }, action: "continue" };
}

/** The continuation turn is over (answered, interrupted or failed), or could not start. */
export function onContinuationDone(guard: StopGuard): StopGuard {
  return { ...guard, busy: false };
}

/** A prompt the user typed ends any Stop loop. */
export function onUserPrompt(guard: StopGuard): StopGuard {
  return { ...guard, blocks: 0, active: false };
}

/** Claude's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: a whole number, 0 disables the cap. */
export function blockCap(value: string | undefined): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return DEFAULT_BLOCK_CAP;
  return Number(value);
}
