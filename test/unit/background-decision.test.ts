// What a finished async hook gives the model (https://code.claude.com/docs/en/hooks#async-hooks):
// additionalContext and systemMessage for the next turn, decisions nothing; an asyncRewake exit 2
// wakes the model with stderr, or stdout when stderr is empty.
import { expect, it } from "vitest";
import { backgroundDelivery } from "../../plugin/decide/background-decision.js";

it.each([
  [
    "context and systemMessage",
    { status: "success", json: { systemMessage: "3 files", decision: "block", hookSpecificOutput: { additionalContext: "lint ok" } } },
    undefined,
    false,
    { context: ["lint ok", "3 files"] },
  ],
  ["plain stdout: nothing", { status: "success", text: "hello" }, undefined, false, { context: [] }],
  ["exit 2 without asyncRewake: nothing", { status: "blocking", stderr: "broke" }, undefined, false, { context: [] }],
  ["asyncRewake exit 2: its stderr wakes", { status: "blocking", stderr: "broke" }, undefined, true, { context: [], wake: "broke" }],
  [
    "asyncRewake exit 2, no stderr: its stdout",
    { status: "blocking", stderr: "" },
    { stdout: "from stdout\n", stderr: "", exitCode: 2 },
    true,
    { context: [], wake: "from stdout" },
  ],
  ["asyncRewake exit 0: nothing", { status: "success" }, undefined, true, { context: [] }],
] as const)("%s", (_what, result, outcome, rewakes, expected) => {
  expect(backgroundDelivery(result as never, outcome, rewakes)).toEqual(expected);
});
