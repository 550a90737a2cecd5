// The per-session store: a slot's value belongs to one session and goes with it, what a value
// holds is released when the session is forgotten or evicted, and a continuation awaited in a
// forgotten session is waited for no longer.
import { describe, expect, it } from "vitest";
import { awaitTurn, SessionStore, sessionSlot } from "../../plugin/session-state.js";

/** A slot whose forget hook records the values it releases. */
function releasingSlot() {
  const released: string[] = [];
  return {
    slot: sessionSlot<string>(
      () => "",
      (value) => released.push(value),
    ),
    released,
  };
}

describe("the session store", () => {
  it("keeps a slot's value per session, made by its init on first use", () => {
    const store = new SessionStore();
    const count = sessionSlot(() => 0);
    count.set(store.get("a"), 2);
    expect([count.get(store.get("a")), count.get(store.get("b"))]).toEqual([2, 0]);
  });

  it("releases a forgotten session's values, and a new session of that id starts afresh", () => {
    const store = new SessionStore();
    const { slot, released } = releasingSlot();
    slot.set(store.get("a"), "timer of a");
    store.forget("a");
    expect(released).toEqual(["timer of a"]);
    expect(slot.get(store.get("a"))).toBe("");
  });

  it("evicts the session untouched the longest past 256, releasing its values", () => {
    const store = new SessionStore();
    const { slot, released } = releasingSlot();
    for (let i = 0; i < 256; i++) slot.set(store.get(`s${i}`), `s${i}`);
    store.get("s0"); // used again: s1 is now the oldest
    store.get("s256");
    expect(released).toEqual(["s1"]);
    expect(store.peek("s1")).toBeUndefined();
    expect(store.peek("s0")).toBeDefined();
  });

  it("ends the turn a continuation waits for when its session is forgotten", async () => {
    const store = new SessionStore();
    const over = awaitTurn(store.get("a"));
    store.forget("a");
    await expect(over).resolves.toBeUndefined();
  });
});
