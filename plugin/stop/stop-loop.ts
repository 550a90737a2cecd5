// Each session's Stop loop: stop-guard.ts's state machine, kept per session and moved only by the
// steps below. Stop (events/stop.ts) drives it for main sessions, SubagentStop
// (events/subagent-stop.ts) for subagents; a prompt the user types resets it; Notification reads
// whether a loop still holds the session.
import { type SessionState, sessionSlot } from "../session-state.js";
import {
  claim,
  type DecisionAction,
  initialStopGuard,
  onContinuationDone,
  onDecision,
  onTurn,
  onUserPrompt,
  type StopGuard,
  type TurnAction,
  type TurnEnd,
} from "./stop-guard.js";

const guards = sessionSlot<StopGuard>(initialStopGuard);

export function stopGuard(state: SessionState): Readonly<StopGuard> {
  return guards.get(state);
}

/** An idle arrived: true when it claims the session for one check. */
export function claimStop(state: SessionState): boolean {
  const { guard, claimed } = claim(guards.get(state));
  guards.set(state, guard);
  return claimed;
}

/** With the session claimed: what to do about the turn that just ended. */
export function stopTurnEnded(state: SessionState, turn: TurnEnd): TurnAction {
  const { guard, action } = onTurn(guards.get(state), turn);
  guards.set(state, guard);
  return action;
}

/** A subagent's turn ended: as for Stop, a continuation that ran a tool resets the count of consecutive blocks. */
export function subagentTurnEnded(state: SessionState, usedTools: boolean): void {
  const guard = guards.get(state);
  if (guard.active && usedTools) guards.set(state, { ...guard, blocks: 0 });
}

/** The hooks of an evaluated turn decided; `keepGoing`: a block or additionalContext. */
export function stopDecided(state: SessionState, keepGoing: boolean, cap: number): DecisionAction {
  const { guard, action } = onDecision(guards.get(state), keepGoing, cap);
  guards.set(state, guard);
  return action;
}

/** The continuation turn is over (answered, interrupted or failed), or could not start. */
export function continuationDone(state: SessionState): void {
  guards.set(state, onContinuationDone(guards.get(state)));
}

/** A prompt the user typed ends any Stop loop. */
export function userPrompted(state: SessionState): void {
  guards.set(state, onUserPrompt(guards.get(state)));
}

/** As after one block of a Stop loop (`hooks2opencode test --stop-hook-active`): the next run gets stop_hook_active. */
export function afterOneBlock(state: SessionState): void {
  guards.set(state, { ...initialStopGuard(), blocks: 1, active: true });
}
