// The OpenCode channel calls a simulated event is made of, each made on the plugin's own Hooks
// object with the input and output shapes OpenCode passes, and what the call's output shows
// afterwards: what the hooks changed in what OpenCode does next (the rest, such as a new turn or a
// toast, the offline client records).
import type { Hooks } from "@opencode-ai/plugin";
import { HookBlock } from "../../plugin/events/define-event.js";
import type { MessageWithParts } from "../../plugin/opencode/client.js";
import { byClaudeName, byOpencodeId, toClaudeInput, toOpencodeArgs } from "../../plugin/tools/table.js";
import type { FireOptions } from "./fire-options.js";
import { ASSISTANT_MESSAGE, partOf, type ToolStep } from "./offline-opencode.js";

/** What the plugin did to a call's own output (the rest is recorded by the offline client). */
export type Effect =
  | { kind: "blocked"; message: string }
  | { kind: "args rewritten"; args: Record<string, unknown>; toolInput: Record<string, unknown> }
  | { kind: "tool result"; text: string; appended?: string }
  | { kind: "prompt blocked" }
  | { kind: "context"; text: string; where: "before the prompt" | "after the prompt"; subagent?: string }
  | { kind: "compaction context"; text: string }
  | { kind: "request context"; text: string; where: string }
  | { kind: "request stopped" }
  | { kind: "env"; env: Record<string, string> };

export const CALL_ID = "call_hooks2opencode_test";

export interface ToolCall {
  /** OpenCode's tool id and args. */
  tool: string;
  args: Record<string, unknown>;
}

/** OpenCode's tool id and args for the tool and input given, in either naming. */
export function opencodeCall(options: FireOptions): ToolCall {
  const name = options.tool ?? "";
  const input = options.input ?? {};
  const claude = byClaudeName(name);
  if (claude) return { tool: claude.opencode, args: toOpencodeArgs(claude, input) };
  return { tool: name, args: structuredClone(input) };
}

/** tool.execute.before of the call: blocked, or the args the tool runs with. */
export async function beforeTool(hooks: Hooks, call: ToolCall, sessionID: string): Promise<ToolCall & { effects: Effect[] }> {
  const { tool, args } = call;
  const output = { args: structuredClone(args) };
  const effects: Effect[] = [];
  try {
    await hooks["tool.execute.before"]?.({ tool, sessionID, callID: CALL_ID }, output);
  } catch (error) {
    if (!(error instanceof HookBlock)) throw error;
    return { tool, args, effects: [{ kind: "blocked", message: error.message }] };
  }
  if (JSON.stringify(output.args) !== JSON.stringify(args))
    effects.push({ kind: "args rewritten", args: output.args, toolInput: toClaudeInput(byOpencodeId(tool), output.args) });
  return { tool, args: output.args, effects };
}

/** tool.execute.after of a call that ran, with the result OpenCode hands the plugin. */
export async function afterTool(
  hooks: Hooks,
  call: ToolCall,
  result: { text: string; title?: string; metadata?: Record<string, unknown> },
  sessionID: string,
): Promise<Effect[]> {
  const { text } = result;
  const output = { title: result.title ?? "", output: text, metadata: result.metadata ?? {} };
  await hooks["tool.execute.after"]?.({ tool: call.tool, sessionID, callID: CALL_ID, args: call.args }, output);
  if (output.output === text) return [];
  return [{ kind: "tool result", text: output.output, ...(output.output.startsWith(text) ? { appended: output.output.slice(text.length) } : {}) }];
}

/** The tool call as the assistant step's part holds it once it ran: its result, or its error. */
export function toolStep(call: ToolCall, result: { output: string } | { error: string }): ToolStep {
  const time = { start: Date.now() - 10, end: Date.now() };
  const state =
    "error" in result
      ? { status: "error" as const, input: call.args, error: result.error, time }
      : { status: "completed" as const, input: call.args, output: result.output, title: "", metadata: {}, time };
  return { type: "tool", callID: CALL_ID, tool: call.tool, state };
}

/** A tool call that failed: OpenCode reports it only on its bus, as the part of the assistant step. */
export function failedCall(hooks: Hooks, sessionID: string, step: ToolStep): Promise<void> {
  const part = { id: partOf(ASSISTANT_MESSAGE, 0), sessionID, messageID: ASSISTANT_MESSAGE, ...step };
  return busEvent(hooks, "message.part.updated", { sessionID, part, time: Date.now() });
}

interface PromptPart {
  type: string;
  text?: string;
  synthetic?: boolean;
  ignored?: boolean;
  metadata?: Record<string, unknown>;
}

/**
 * A prompt OpenCode saves, as chat.message sees it (the first part is what was typed); what hooks
 * added to it or did with it. `subagent`: the prompt is a subagent's, from its task.
 */
export async function sendPrompt(hooks: Hooks, sessionID: string, parts: readonly PromptPart[], subagent?: string): Promise<Effect[]> {
  const message = { id: "msg_test_prompt", sessionID, role: "user" };
  // OpenCode orders a message's parts by id: ascending ids in the order given.
  const saved = parts.map((part, index): Record<string, unknown> & PromptPart => ({
    id: `prt_${(0x10000 + index).toString(16).padStart(12, "0")}${"0".repeat(14)}`,
    sessionID,
    messageID: message.id,
    ...part,
  }));
  const output = { message, parts: [...saved] };
  await hooks["chat.message"]?.({ sessionID, agent: subagent ?? "build", messageID: message.id } as never, output as never);
  const typed = saved[0];
  const at = typed ? output.parts.indexOf(typed) : output.parts.length;
  const effects = output.parts.flatMap((part, index): Effect[] =>
    saved.includes(part)
      ? []
      : [{ kind: "context", text: String(part.text ?? ""), where: index < at ? "before the prompt" : "after the prompt", ...(subagent ? { subagent } : {}) }],
  );
  if (typed?.ignored === true) effects.unshift({ kind: "prompt blocked" });
  return effects;
}

let events = 0;

/** A bus event, delivered to the plugin's `event` hook (each with an id of its own, as OpenCode's). */
export function busEvent(hooks: Hooks, type: string, properties: Record<string, unknown>): Promise<void> {
  events += 1;
  return Promise.resolve(hooks.event?.({ event: { id: `evt_test_${events}_${type}`, type, properties } as never }));
}

/** experimental.chat.messages.transform of the next model request: what the request carries that the session does not. */
export async function modelRequest(hooks: Hooks, messages: readonly MessageWithParts[]): Promise<Effect[]> {
  const sent = structuredClone(messages) as MessageWithParts[];
  await hooks["experimental.chat.messages.transform"]?.({}, { messages: sent } as never);
  // By id: the plugin may add a message of its own (an async hook's context after the latest one).
  const saved = new Map(messages.map((message) => [message.info.id, message]));
  return sent.flatMap((message) => added(saved.get(message.info.id), message));
}

/** Text the request's copy of a message has beyond the saved one: in a tool call's result or error, or a part of its own. */
function added(saved: MessageWithParts | undefined, sent: MessageWithParts): Effect[] {
  return sent.parts.flatMap((part): Effect[] => {
    const before = saved?.parts.find((candidate) => candidate.id === part.id);
    const where = saved ? "as a text part after the message" : "in a message of its own after the latest one";
    if (!before) return part.type === "text" ? [{ kind: "request context", text: part.text, where }] : [];
    if (part.type !== "tool" || before.type !== "tool") return [];
    const field = part.state.status === "error" ? "error" : part.state.status === "completed" ? "output" : undefined;
    if (!field) return [];
    const now = String((part.state as Record<string, unknown>)[field] ?? "");
    const was = String((before.state as Record<string, unknown>)[field] ?? "");
    if (now === was) return [];
    const text = now.startsWith(was) ? now.slice(was.length).replace(/^\n+/, "") : now;
    return [{ kind: "request context", text, where: `after the ${field === "error" ? "error" : "result"} of the ${part.tool} call` }];
  });
}
