// A scripted, OpenAI-compatible chat-completions server on 127.0.0.1 for the real OpenCode binary.
// OpenCode always streams, so answers are SSE. The step that answers a request is the number of
// assistant messages already in it, so replay is deterministic (docs/opencode-observed.md §13).
// Requests without tools are OpenCode's title generation: they get a fixed title and use no step.
// Every request is recorded so a test can assert exactly what the model saw.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Step =
  | { tool: string; args: Record<string, unknown> }
  | { tools: Array<{ tool: string; args: Record<string, unknown> }> }
  | { text: string }
  /** The provider answers this request with an HTTP error. */
  | { error: { status: number; message: string } };

export interface RecordedRequest {
  /** `judge`: a prompt or agent hook's evaluation (its system prompt says "hooks2opencode hook evaluation"). */
  kind: "agent" | "title" | "judge";
  step: number;
  body: { messages: Array<{ role: string; content?: unknown; tool_call_id?: string; tool_calls?: unknown[] }>; tools?: unknown[] };
  /** The `role: "tool"` messages: the tool results the model received. */
  toolResults: Array<{ tool_call_id: string; content: string }>;
}

export interface FakeLlm {
  url: string;
  requests: RecordedRequest[];
  /** Tool results the model received across the run, by tool call id (last one wins). */
  toolResult(callId: string): string | undefined;
  close(): Promise<void>;
}

export function callId(step: number, index: number): string {
  return `call_${step}_${index}`;
}

/**
 * `script` answers the session the test prompts; a subagent's session (OpenCode's task tool) starts
 * with the task's prompt, so `bySession` picks another script for requests whose first user message
 * contains its key.
 */
/** Answers the hook evaluations: `index` counts evaluations so far, `step` the evaluation's own steps. */
export type Judge = (request: { index: number; step: number; body: RecordedRequest["body"] }) => Step;

export async function startFakeLlm(script: Step[], bySession: Record<string, Step[]> = {}, judge?: Judge): Promise<FakeLlm> {
  let judgements = 0;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500).end(String(error));
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method === "GET" && request.url?.endsWith("/models")) {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"];
    const isAgent = Array.isArray(body.tools) && body.tools.length > 0;
    const step = body.messages.filter((message) => message.role === "assistant").length;
    const toolResults = body.messages
      .filter((message) => message.role === "tool")
      .map((message) => ({ tool_call_id: String(message.tool_call_id), content: contentText(message.content) }));
    const first = contentText(body.messages.find((message) => message.role === "user")?.content);
    const sessionScript = Object.entries(bySession).find(([key]) => first.includes(key))?.[1] ?? script;
    const system = body.messages
      .filter((message) => message.role === "system")
      .map((message) => contentText(message.content))
      .join("\n");
    const isJudge = system.includes("hooks2opencode hook evaluation");
    requests.push({ kind: isJudge ? "judge" : isAgent ? "agent" : "title", step, body, toolResults });
    const answer: Step = isJudge
      ? (judge?.({ index: step === 0 ? judgements++ : judgements - 1, step, body }) ?? { text: '{"ok": true}' })
      : isAgent
        ? (sessionScript[step] ?? { text: "Done." })
        : { text: "E2E test session" };
    if ("error" in answer) {
      response
        .writeHead(answer.error.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: answer.error.message, type: "invalid_request_error" } }));
      return;
    }
    stream(response, answer, step);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    toolResult(id) {
      let found: string | undefined;
      for (const request of requests) for (const result of request.toolResults) if (result.tool_call_id === id) found = result.content;
      return found;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : "")).join("");
  return JSON.stringify(content);
}

function stream(response: ServerResponse, step: Exclude<Step, { error: unknown }>, index: number): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: `chatcmpl-${index}`, object: "chat.completion.chunk", created: 0, model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  let finish: string;
  if ("text" in step) {
    response.write(chunk({ role: "assistant", content: step.text }, null));
    finish = "stop";
  } else {
    const calls = "tools" in step ? step.tools : [step];
    calls.forEach((call, i) => {
      const toolCall = { index: i, id: callId(index, i), type: "function", function: { name: call.tool, arguments: JSON.stringify(call.args) } };
      response.write(chunk(i === 0 ? { role: "assistant", tool_calls: [toolCall] } : { tool_calls: [toolCall] }, null));
    });
    finish = "tool_calls";
  }
  response.write(chunk({}, finish));
  response.write(
    `data: ${JSON.stringify({ id: `chatcmpl-${index}`, object: "chat.completion.chunk", created: 0, model: "fake-model", choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
  );
  response.end("data: [DONE]\n\n");
}
