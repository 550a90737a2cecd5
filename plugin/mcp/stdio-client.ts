// A connection to a local MCP server over stdio (newline-delimited JSON-RPC 2.0): the handshake
// once, then `tools/call` requests. OpenCode's plugin API offers no way to call a tool on its own
// MCP connections, and the MCP SDK (with its schema library) would be several times the runtime's
// size for the three messages an mcp_tool hook needs, so this speaks them directly.
// Protocol: https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

const PROTOCOL_VERSION = "2025-06-18";

export interface McpToolResult {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class StdioMcpConnection {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed?: Error;
  private readonly ready: Promise<void>;

  constructor(command: readonly string[], env: Record<string, string>, cwd: string, timeoutMs: number) {
    const [file = "", ...args] = command;
    this.child = spawn(file, args, { cwd, env, stdio: ["pipe", "pipe", "ignore"] });
    this.child.on("error", (error) => this.fail(new Error(`could not start the MCP server: ${error.message}`)));
    this.child.on("exit", (code, signal) => this.fail(new Error(`the MCP server exited (${signal ?? `code ${code}`})`)));
    this.child.stdin?.on("error", () => {});
    createInterface({ input: this.child.stdout! }).on("line", (line) => this.receive(line));
    this.ready = this.request(
      "initialize",
      { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "hooks2opencode", version: "1" } },
      timeoutMs,
    ).then(() => this.send({ jsonrpc: "2.0", method: "notifications/initialized" }));
    this.ready.catch(() => {});
  }

  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpToolResult> {
    await this.ready;
    return (await this.request("tools/call", { name, arguments: args }, timeoutMs)) as McpToolResult;
  }

  close(): void {
    this.fail(new Error("the MCP connection was closed"));
    this.child.kill();
  }

  private request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(Object.assign(new Error(`${method} timed out`), { timedOut: true }));
      }, timeoutMs);
      const settle = (then: () => void) => {
        clearTimeout(timer);
        this.pending.delete(id);
        then();
      };
      this.pending.set(id, { resolve: (value) => settle(() => resolve(value)), reject: (error) => settle(() => reject(error)) });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  private send(message: object): void {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private receive(line: string): void {
    let message: { id?: unknown; result?: unknown; error?: { message?: unknown } };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return; // a server's stray log line
    }
    const waiting = typeof message.id === "number" ? this.pending.get(message.id) : undefined;
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(String(message.error.message ?? "the MCP server answered with an error")));
    else waiting.resolve(message.result);
  }

  private fail(error: Error): void {
    this.closed ??= error;
    for (const waiting of [...this.pending.values()]) waiting.reject(error);
  }
}
