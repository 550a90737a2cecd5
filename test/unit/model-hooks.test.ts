// The pure parts of prompt and agent hooks: the question ($ARGUMENTS), the answer ({ok, reason}) read
// per event as Claude reads it, and which of the user's OpenCode models evaluates the hook.
// Claude's rules: https://code.claude.com/docs/en/hooks#prompt-based-hooks.
import { describe, expect, it } from "vitest";
import { hookModel, parseModel } from "../../plugin/opencode/hook-model.js";
import { withArguments } from "../../plugin/protocol/hook-arguments.js";
import { judgementResult, parseJudgement } from "../../plugin/protocol/judgement.js";

describe("$ARGUMENTS", () => {
  it.each([
    ["Check $ARGUMENTS now", 'Check {"a":1} now'],
    ["Twice: $ARGUMENTS / $ARGUMENTS", 'Twice: {"a":1} / {"a":1}'],
    ["No placeholder", 'No placeholder\n\n{"a":1}'],
    ["Costs \\$5, input $ARGUMENTS", 'Costs $5, input {"a":1}'],
    ["Only an escaped \\$ARGUMENTS", 'Only an escaped $ARGUMENTS\n\n{"a":1}'],
  ])("%s", (prompt, expected) => {
    expect(withArguments(prompt, '{"a":1}')).toBe(expected);
  });
});

describe("the model's answer", () => {
  it.each([
    ['{"ok": true}', { ok: true }],
    ['```json\n{"ok": false, "reason": "tests fail"}\n```', { ok: false, reason: "tests fail" }],
    ['Here you go: {"ok": false, "reason": "x", "impossible": true}', { ok: false, reason: "x", impossible: true }],
  ])("reads %j", (text, expected) => {
    expect(parseJudgement(text)).toEqual(expected);
  });

  it.each(["yes", '{"ok": "yes"}', "{not json}"])("%j is not an answer: a non-blocking error", (text) => {
    expect(parseJudgement(text)).toHaveProperty("error");
  });

  const no = { ok: false, reason: "not done" };
  const prompt = { continueOnBlock: false, honoursImpossible: true };
  it.each([
    ["Stop", no, prompt, { status: "blocking", stderr: "not done" }],
    ["Stop", { ...no, impossible: true }, prompt, { status: "success" }],
    ["SubagentStop", { ...no, impossible: true }, { ...prompt, honoursImpossible: false }, { status: "blocking", stderr: "not done" }],
    ["PreToolUse", no, prompt, { status: "blocking", stderr: "not done", json: { continue: false, stopReason: "not done" } }],
    ["PreToolUse", no, { ...prompt, continueOnBlock: true }, { status: "blocking", stderr: "not done" }],
    ["UserPromptSubmit", no, prompt, { status: "blocking", stderr: "not done", json: { continue: false, stopReason: "not done" } }],
    ["PostToolUseFailure", no, prompt, { status: "blocking", stderr: "not done" }],
    ["PermissionRequest", no, prompt, { status: "success" }],
    ["Stop", { ok: true }, prompt, { status: "success" }],
  ] as const)("%s %j (%j)", (event, judgement, options, expected) => {
    expect(judgementResult(event, judgement, options)).toEqual(expected);
  });
});

describe("which model evaluates the hook", () => {
  const session = { providerID: "anthropic", modelID: "claude-sonnet-4" };
  const configured = { model: "openai/gpt-5", small_model: "openai/gpt-5-mini" };
  it.each([
    [undefined, configured, session, parseModel("openai/gpt-5-mini")],
    ["haiku", configured, session, parseModel("openai/gpt-5-mini")],
    ["claude-haiku-4-5", {}, session, session],
    ["sonnet", configured, session, session],
    ["opus", configured, undefined, parseModel("openai/gpt-5")],
    ["ollama/qwen3:8b", configured, session, { providerID: "ollama", modelID: "qwen3:8b" }],
    [undefined, {}, undefined, undefined],
  ] as const)("%s with %j, session %j", (requested, models, current, expected) => {
    expect(hookModel(requested, models, current)).toEqual(expected);
  });
});
