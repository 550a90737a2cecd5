// The stdio transport of an MCP session (session.ts): a local server's process, newline-delimited
// JSON-RPC 2.0 on its stdin and stdout.
// Protocol: https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { type McpTransport, timedOutError } from "./session.js";

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class StdioTransport implements McpTransport {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed?: Error;

  constructor(command: readonly string[], env: Record<string, string>, cwd: string) {
    const [file = "", ...args] = command;
    this.child = spawn(file, args, { cwd, env, stdio: ["pipe", "pipe", "ignore"] });
    this.child.on("error", (error) => this.fail(new Error(`could not start the MCP server: ${error.message}`)));
    this.child.on("exit", (code, signal) => this.fail(new Error(`the MCP server exited (${signal ?? `code ${code}`})`)));
    this.child.stdin?.on("error", () => {});
    createInterface({ input: this.child.stdout! }).on("line", (line) => this.receive(line));
  }

  notify(method: string): Promise<void> {
    this.send({ jsonrpc: "2.0", method });
    return Promise.resolve();
  }

  close(): void {
    this.fail(new Error("the MCP connection was closed"));
    this.child.kill();
  }

  request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(timedOutError(`${method} timed out`));
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
