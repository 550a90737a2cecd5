// When a session rule the plugin added holds for a call: saved once a session.updated event holds
// it, armed by the next idle (the next run reads it), dropped when OpenCode lost it; and OpenCode's
// "Always allow" answers, which it evaluates after every rule.
import { describe, expect, it } from "vitest";
import { addPendingRule, AlwaysAllowed, armSavedRules, noteSessionRules, sessionAsks } from "../../plugin/opencode/ask-rules.js";

const target = { kind: "rule" as const, permission: "bash", pattern: "touch marker.txt", exact: true };
const every = { kind: "rule" as const, permission: "bash", pattern: "*", exact: false };
const ask = { permission: "bash", pattern: "touch marker.txt", action: "ask" as const };

describe("a rule's life", () => {
  it("pending, saved when OpenCode holds it, armed by the idle after that", () => {
    let rules = addPendingRule([], target);
    expect(rules).toEqual([{ permission: "bash", pattern: "touch marker.txt", state: "pending" }]);
    // An idle before the save (the run that added it ending early) arms nothing.
    rules = armSavedRules(rules);
    expect(rules[0]!.state).toBe("pending");
    // A session.updated published before the save does not hold it: still pending.
    rules = noteSessionRules(rules, []);
    expect(rules[0]!.state).toBe("pending");
    rules = noteSessionRules(rules, [{ permission: "*", pattern: "*", action: "allow" }, ask]);
    expect(rules[0]!.state).toBe("saved");
    rules = armSavedRules(rules);
    expect(rules[0]!.state).toBe("armed");
  });

  it("a rule OpenCode no longer holds (a prompt's `tools` replaced the session's rules) is gone", () => {
    const armed = [{ permission: "bash", pattern: "touch marker.txt", state: "armed" as const }];
    expect(noteSessionRules(armed, [{ permission: "bash", pattern: "*", action: "deny" }])).toEqual([]);
    expect(noteSessionRules(armed, [{ ...ask, action: "allow" }])).toEqual([]);
  });

  it("adding a rule again makes it pending again", () => {
    expect(addPendingRule([{ permission: "bash", pattern: "touch marker.txt", state: "armed" }], target)).toEqual([
      { permission: "bash", pattern: "touch marker.txt", state: "pending" },
    ]);
  });
});

describe("sessionAsks: the session's rules, as OpenCode holds them now, ask for the call", () => {
  it.each([
    [[ask], target, true],
    [[ask, { permission: "bash", pattern: "touch *", action: "allow" as const }], target, false],
    [[{ permission: "bash", pattern: "touch *", action: "allow" as const }, ask], target, true],
    [[], target, false],
    [[{ permission: "bash", pattern: "*", action: "ask" as const }], every, true],
    // Patterns unknown: any later rule for the permission might decide some of them.
    [
      [
        { permission: "bash", pattern: "*", action: "ask" as const },
        { permission: "bash", pattern: "ls *", action: "allow" as const },
      ],
      every,
      false,
    ],
    [
      [
        { permission: "bash", pattern: "*", action: "ask" as const },
        { permission: "edit", pattern: "*", action: "allow" as const },
      ],
      every,
      true,
    ],
  ])("%j", (rules, which, expected) => {
    expect(sessionAsks(rules, which)).toBe(expected);
  });
});

describe("Always allow", () => {
  it("an always answer allows what its prompt offered, in every session; once and reject allow nothing", () => {
    const always = new AlwaysAllowed();
    always.offered({ id: "per_1", permission: "bash", always: ["touch *"] });
    always.offered({ id: "per_2", permission: "edit", always: ["*"] });
    always.offered({ id: "per_3", permission: "webfetch", always: ["*"] });
    always.answered("per_1", "always");
    always.answered("per_2", "once");
    always.answered("per_3", "reject");
    expect(always.covering(target)).toEqual({ permission: "bash", pattern: "touch *", action: "allow" });
    expect(always.covering({ ...target, pattern: "rm x" })).toBeUndefined();
    // Patterns unknown: any always rule of the permission may cover one.
    expect(always.covering(every)).toBeDefined();
    expect(always.covering({ kind: "rule", permission: "edit", pattern: "a.ts", exact: true })).toBeUndefined();
  });
});
