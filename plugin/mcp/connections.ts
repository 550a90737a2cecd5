// The MCP servers mcp_tool hooks call: the ones OpenCode's config defines (its `mcp` key, read by
// the config hook), each connected on first use and kept until OpenCode shuts down. A server that
// is not configured, is disabled, or is remote is "not connected", a non-blocking error as in Claude.
import { sanitizeMcpName } from "../tools/mcp-names.js";
import { StdioMcpConnection } from "./stdio-client.js";

export interface McpServerConfig {
  type?: string;
  command?: unknown;
  environment?: unknown;
  enabled?: unknown;
}

export class McpConnections {
  servers: Record<string, McpServerConfig> = {};
  private readonly open = new Map<string, StdioMcpConnection>();

  connection(server: string, directory: string, timeoutMs: number): StdioMcpConnection | { error: string } {
    const name = Object.hasOwn(this.servers, server) ? server : Object.keys(this.servers).find((key) => sanitizeMcpName(key) === sanitizeMcpName(server));
    const config = name === undefined ? undefined : this.servers[name];
    if (!name || !config) return { error: `MCP server "${server}" is not connected: OpenCode's config has no such server` };
    if (config.enabled === false) return { error: `MCP server "${name}" is not connected: it is disabled in OpenCode's config` };
    if (config.type !== "local" || !Array.isArray(config.command) || config.command.length === 0)
      return { error: `MCP server "${name}" is not connected: mcp_tool hooks reach local (stdio) servers only` };
    let connection = this.open.get(name);
    if (!connection) {
      const environment = typeof config.environment === "object" && config.environment !== null ? (config.environment as Record<string, string>) : {};
      connection = new StdioMcpConnection(config.command.map(String), { ...(process.env as Record<string, string>), ...environment }, directory, timeoutMs);
      this.open.set(name, connection);
    }
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
