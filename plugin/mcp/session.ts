// One MCP client session over any transport: the handshake once (initialize, then the initialized
// notification), then `tools/call` requests. The transports (stdio-client.ts, http-client.ts) only
// carry JSON-RPC messages. OpenCode's plugin API offers no way to call a tool on its own MCP
// connections, and the MCP SDK (with its schema library) would be several times the runtime's size
// for the three messages an mcp_tool hook needs, so they are spoken directly.
// Protocol: https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle

export const PROTOCOL_VERSION = "2025-06-18";

export interface McpToolResult {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
}

export interface McpTransport {
  /** Sends a request and resolves to its `result`; rejects with its `error`, or a timedOut error. */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown>;
  notify(method: string, timeoutMs: number): Promise<void>;
  close(): void;
}

/** The error a transport rejects with when the server does not answer in time. */
export function timedOutError(message: string): Error & { timedOut: true } {
  return Object.assign(new Error(message), { timedOut: true as const });
}

export function isTimedOut(error: unknown): boolean {
  return (error as { timedOut?: unknown } | undefined)?.timedOut === true;
}

export class McpSession {
  private readonly ready: Promise<void>;

  constructor(
    private readonly transport: McpTransport,
    timeoutMs: number,
  ) {
    const hello = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "hooks2opencode", version: "1" } };
    this.ready = transport.request("initialize", hello, timeoutMs).then(() => transport.notify("notifications/initialized", timeoutMs));
    this.ready.catch(() => {});
  }

  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpToolResult> {
    await this.ready;
    return (await this.transport.request("tools/call", { name, arguments: args }, timeoutMs)) as McpToolResult;
  }

  close(): void {
    this.transport.close();
  }
}
