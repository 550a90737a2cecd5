// What `prompt` and `agent` hooks share: the question to OpenCode's model (the hook's prompt with
// the input as $ARGUMENTS), the model chosen for it, and the answer read as Claude reads {ok, reason}.
import type { HandlerOf } from "../../../schema/handlers.js";
import { askModel } from "../../opencode/ask-model.js";
import { hookModel } from "../../opencode/hook-model.js";
import { withArguments } from "../../protocol/hook-arguments.js";
import { judgementResult, parseJudgement } from "../../protocol/judgement.js";
import type { RunOutcome, RunRequest } from "./define-runner.js";

const ANSWER =
  'Answer with one JSON object and nothing else: {"ok": true} when the condition holds, or {"ok": false, "reason": "what is wrong"} when it does not.';

export const EVALUATOR_SYSTEM = {
  prompt: `You evaluate a Claude Code hook (hooks2opencode hook evaluation). The message holds the condition and the hook input as JSON. ${ANSWER}`,
  agent: `You verify a Claude Code hook's condition (hooks2opencode hook evaluation). The message holds the task and the hook input as JSON. You may read the project's files with the read, grep and glob tools; change nothing. ${ANSWER}`,
} as const;

export interface Evaluation {
  kind: "prompt" | "agent";
  maxSteps?: number;
  tools: Record<string, boolean>;
  continueOnBlock: boolean;
  honoursImpossible: boolean;
}

export async function askTheModel(request: RunRequest<"prompt" | "agent">, evaluation: Evaluation): Promise<RunOutcome> {
  const { handler, compiled, event, stdin, context } = request;
  const host = context.host;
  if (!host) return { result: { status: "error", message: `${evaluation.kind} hooks need OpenCode's model, which is not reachable here` } };
  const { runtime, sessionID, sessionModel } = host;
  const model = hookModel((handler as HandlerOf<"prompt">).model, runtime.models, sessionModel);
  const started = Date.now();
  const answer = await askModel(runtime, {
    parentID: sessionID,
    title: `${event} ${evaluation.kind} hook`,
    text: withArguments(handler.prompt, stdin.trimEnd()),
    system: EVALUATOR_SYSTEM[evaluation.kind],
    tools: evaluation.tools,
    ...(model ? { model } : {}),
    timeoutMs: compiled.timeoutMs,
    ...(evaluation.maxSteps !== undefined ? { maxSteps: evaluation.maxSteps } : {}),
  });
  const ms = Date.now() - started;
  const by = model ? `${model.providerID}/${model.modelID}` : "OpenCode's default model";
  if ("timedOut" in answer) {
    runtime.log("warn", `${event} ${evaluation.kind} hook [${compiled.label}]: ${by} did not answer within ${compiled.timeoutMs / 1000}s`);
    return { result: { status: "cancelled" } };
  }
  if ("error" in answer) return { result: { status: "error", message: answer.error } };
  runtime.log("info", `${event} ${evaluation.kind} hook [${compiled.label}] evaluated by ${by} in ${ms} ms: ${answer.text.slice(0, 500)}`);
  const outcome = { stdout: answer.text, stderr: "" };
  const judgement = parseJudgement(answer.text);
  if ("error" in judgement) return { outcome, result: { status: "error", message: judgement.error } };
  return { outcome, result: judgementResult(event, judgement, evaluation) };
}

export function costRemark(kind: "prompt" | "agent"): string {
  return `${kind}: each run is ${kind === "prompt" ? "a model call" : "a model session with read-only tools"} on your OpenCode provider, and spends its tokens`;
}
