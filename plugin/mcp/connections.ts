// The MCP servers mcp_tool hooks call: the ones OpenCode's config defines (its `mcp` key, read by
// the config hook), local (stdio) or remote (Streamable HTTP), each connected on first use and kept
// until OpenCode shuts down. A server that is not configured or is disabled is "not connected", a
// non-blocking error as in Claude.
import { sanitizeMcpName } from "../tools/mcp-names.js";
import { HttpTransport } from "./http-client.js";
import { McpSession } from "./session.js";
import { StdioTransport } from "./stdio-client.js";

export interface McpServerConfig {
  type?: string;
  command?: unknown;
  environment?: unknown;
  url?: unknown;
  headers?: unknown;
  enabled?: unknown;
}

export class McpConnections {
  servers: Record<string, McpServerConfig> = {};
  private readonly open = new Map<string, McpSession>();

  connection(server: string, directory: string, timeoutMs: number): McpSession | { error: string } {
    const name = Object.hasOwn(this.servers, server) ? server : Object.keys(this.servers).find((key) => sanitizeMcpName(key) === sanitizeMcpName(server));
    const config = name === undefined ? undefined : this.servers[name];
    if (!name || !config) return { error: `MCP server "${server}" is not connected: OpenCode's config has no such server` };
    if (config.enabled === false) return { error: `MCP server "${name}" is not connected: it is disabled in OpenCode's config` };
    let connection = this.open.get(name);
    if (connection) return connection;
    const record = (value: unknown) => (typeof value === "object" && value !== null ? (value as Record<string, string>) : {});
    let transport;
    if (config.type === "remote" && typeof config.url === "string") transport = new HttpTransport(config.url, record(config.headers));
    else if (config.type === "local" && Array.isArray(config.command) && config.command.length > 0)
      transport = new StdioTransport(config.command.map(String), { ...(process.env as Record<string, string>), ...record(config.environment) }, directory);
    else return { error: `MCP server "${name}" is not connected: its OpenCode config has neither a command nor a url` };
    connection = new McpSession(transport, timeoutMs);
    this.open.set(name, connection);
    return connection;
  }

  /** A connection that failed is dropped, so the next hook connects afresh. */
  forget(server: string): void {
    this.open.get(server)?.close();
    this.open.delete(server);
  }

  closeAll(): void {
    for (const connection of this.open.values()) connection.close();
    this.open.clear();
  }
}
