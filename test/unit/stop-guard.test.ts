// The Stop guard as a state machine, fed the event sequences OpenCode produces.
import { describe, expect, it } from "vitest";
import {
  blockCap,
  claim,
  initialStopGuard,
  onContinuationDone,
  onDecision,
  onTurn,
  onUserPrompt,
  type StopGuard,
  type TurnEnd,
} from "../../plugin/stop/stop-guard.js";

const finished = (assistantID: string, extra: Partial<TurnEnd> = {}): TurnEnd => ({ assistantID, finished: true, usedTools: false, ...extra });

/** One idle: claim, look at the turn; returns the action and the new guard. */
function idle(guard: StopGuard, turn: TurnEnd): { guard: StopGuard; action: string } {
  const claimed = claim(guard);
  if (!claimed.claimed) return { guard, action: "not claimed" };
  return onTurn(claimed.guard, turn);
}

describe("the Stop guard", () => {
  it("evaluates a finished turn once, however many idle events OpenCode sends for it", () => {
    let { guard, action } = idle(initialStopGuard(), finished("msg_1"));
    expect(action).toBe("evaluate");
    // A burst while the hooks run: the session is held.
    expect(idle(guard, finished("msg_1")).action).toBe("not claimed");
    guard = onDecision(guard, false, 8).guard;
    // The same turn again after the run: already evaluated.
    expect(idle(guard, finished("msg_1")).action).toBe("ignore");
    expect(idle(guard, finished("msg_2")).action).toBe("evaluate");
  });

  it("ignores an idle whose turn has not ended (a tool call pending, no answer to the last prompt)", () => {
    expect(idle(initialStopGuard(), { assistantID: "msg_1", finished: false, usedTools: true }).action).toBe("ignore");
    expect(idle(initialStopGuard(), { finished: false, usedTools: false }).action).toBe("ignore");
  });

  it("never starts a loop after Esc, and reports an API error as a failure (StopFailure, not Stop)", () => {
    const aborted = idle(initialStopGuard(), finished("msg_1", { error: "aborted" }));
    expect(aborted.action).toBe("ignore");
    expect(aborted.guard.busy).toBe(false);
    expect(idle(initialStopGuard(), finished("msg_1", { error: "failed" })).action).toBe("failure");
  });

  it("a block holds the session through the continuation, and the next run is stop_hook_active", () => {
    let { guard } = idle(initialStopGuard(), finished("msg_1"));
    const decided = onDecision(guard, true, 8);
    expect(decided).toMatchObject({ action: "continue", guard: { busy: true, blocks: 1, active: true } });
    guard = decided.guard;
    // Idle events while the continuation is pending or running change nothing.
    expect(idle(guard, finished("msg_1")).action).toBe("not claimed");
    guard = onContinuationDone(guard);
    const next = idle(guard, finished("msg_2"));
    expect(next).toMatchObject({ action: "evaluate", guard: { active: true } });
    expect(onDecision(next.guard, false, 8).guard).toMatchObject({ busy: false, blocks: 0, active: false });
  });

  it("after `cap` consecutive blocks the next one is overridden; 0 disables the cap", () => {
    const loop = (cap: number, rounds: number) => {
      let guard = initialStopGuard();
      const actions: string[] = [];
      for (let turn = 1; turn <= rounds; turn++) {
        guard = idle(guard, finished(`msg_${turn}`)).guard;
        const decided = onDecision(guard, true, cap);
        actions.push(decided.action);
        guard = onContinuationDone(decided.guard);
        if (decided.action !== "continue") break;
      }
      return actions;
    };
    expect(loop(8, 20)).toEqual([...Array(8).fill("continue"), "capped"]);
    expect(loop(2, 20)).toEqual(["continue", "continue", "capped"]);
    expect(loop(0, 20)).toEqual(Array(20).fill("continue"));
  });

  it("a continuation that used a tool, or a prompt the user typed, starts the count again", () => {
    let guard = initialStopGuard();
    for (let turn = 1; turn <= 3; turn++) guard = onContinuationDone(onDecision(idle(guard, finished(`msg_${turn}`)).guard, true, 8).guard);
    expect(guard.blocks).toBe(3);
    expect(idle(guard, finished("msg_4", { usedTools: true })).guard.blocks).toBe(0);
    expect(onUserPrompt(guard)).toMatchObject({ blocks: 0, active: false });
  });

  it.each([
    [undefined, 8],
    ["3", 3],
    ["0", 0],
    ["lots", 8],
    ["-1", 8],
  ])("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=%s is a cap of %d", (value, cap) => {
    expect(blockCap(value)).toBe(cap);
  });
});
