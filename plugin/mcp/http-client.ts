// A connection to a remote MCP server over Streamable HTTP: each JSON-RPC message is a POST; the
// answer is JSON or an event stream holding it; the server may name a session (Mcp-Session-Id) that
// every later request carries. The handshake once, then `tools/call`. Servers that need OAuth are
// not reached (OpenCode keeps its tokens to itself).
// Protocol: https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
import type { McpToolResult } from "./stdio-client.js";

const PROTOCOL_VERSION = "2025-06-18";

export class HttpMcpConnection {
  private session?: string;
  private nextId = 1;
  private readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    timeoutMs: number,
  ) {
    this.ready = this.request(
      "initialize",
      { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "hooks2opencode", version: "1" } },
      timeoutMs,
    ).then(() => this.post({ jsonrpc: "2.0", method: "notifications/initialized" }, timeoutMs).then(() => {}));
    this.ready.catch(() => {});
  }

  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpToolResult> {
    await this.ready;
    return (await this.request("tools/call", { name, arguments: args }, timeoutMs)) as McpToolResult;
  }

  close(): void {
    if (!this.session) return;
    // Ends the server's session; nobody waits for the answer.
    void fetch(this.url, { method: "DELETE", headers: { ...this.headers, "mcp-session-id": this.session } }).catch(() => {});
  }

  private async request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
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
      if (name === "TimeoutError" || name === "AbortError") throw Object.assign(new Error("the MCP server did not answer in time"), { timedOut: true });
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
