// The Streamable HTTP transport of an MCP session (session.ts): each JSON-RPC message is a POST; the
// answer is JSON or an event stream holding it; the server may name a session (Mcp-Session-Id) that
// every later request carries. Servers that need OAuth are not reached (OpenCode keeps its tokens).
// Protocol: https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
import { type McpTransport, PROTOCOL_VERSION, timedOutError } from "./session.js";

export class HttpTransport implements McpTransport {
  private session?: string;
  private nextId = 1;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  async notify(method: string, timeoutMs: number): Promise<void> {
    await this.post({ jsonrpc: "2.0", method }, timeoutMs);
  }

  close(): void {
    if (!this.session) return;
    // Ends the server's session; nobody waits for the answer.
    void fetch(this.url, { method: "DELETE", headers: { ...this.headers, "mcp-session-id": this.session } }).catch(() => {});
  }

  async request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextId++;
    const response = await this.post({ jsonrpc: "2.0", id, method, params }, timeoutMs);
    const message = await answerTo(response, id);
    if (message.error) throw new Error(String(message.error.message ?? "the MCP server answered with an error"));
    return message.result;
  }

  private async post(message: object, timeoutMs: number): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: "POST",
        headers: {
          ...this.headers,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(this.session ? { "mcp-session-id": this.session, "mcp-protocol-version": PROTOCOL_VERSION } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw timedOutError("the MCP server did not answer in time");
      throw new Error(`could not reach the MCP server: ${(error as Error).message}`);
    }
    if (!response.ok)
      throw new Error(`the MCP server answered HTTP ${response.status}${response.status === 401 ? " (it needs OAuth, which only OpenCode holds)" : ""}`);
    this.session ??= response.headers.get("mcp-session-id") ?? undefined;
    return response;
  }
}

interface RpcMessage {
  id?: unknown;
  result?: unknown;
  error?: { message?: unknown };
}

/** The JSON-RPC answer with this id, from a JSON body or an event stream. */
async function answerTo(response: Response, id: number): Promise<RpcMessage> {
  const text = await response.text();
  const candidates = (response.headers.get("content-type") ?? "").includes("text/event-stream")
    ? text
        .split(/\r?\n\r?\n/)
        .map((event) =>
          event
            .split(/\r?\n/)
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n"),
        )
        .filter((data) => data !== "")
    : [text];
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) if ((message as RpcMessage)?.id === id) return message as RpcMessage;
  }
  throw new Error("the MCP server's answer holds no response to the request");
}
