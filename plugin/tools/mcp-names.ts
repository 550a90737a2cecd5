// OpenCode names an MCP tool `sanitize(server) + "_" + sanitize(tool)`; Claude names it
// `mcp__<server>__<tool>`. The server boundary is ambiguous in OpenCode's id, so it is recovered
// from the configured server names (longest prefix wins). Source: anomalyco/opencode packages/opencode/src/mcp/catalog.ts, v1.18.33.

export function sanitizeMcpName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_");
}

export interface McpToolName {
  server: string;
  tool: string;
  claude: string;
}

export function mcpToolName(opencodeId: string, servers: readonly string[]): McpToolName | undefined {
  let best: string | undefined;
  for (const server of servers) {
    const prefix = `${sanitizeMcpName(server)}_`;
    if (opencodeId.startsWith(prefix) && opencodeId.length > prefix.length) {
      if (!best || sanitizeMcpName(server).length > sanitizeMcpName(best).length) best = server;
    }
  }
  if (best === undefined) return undefined;
  const tool = opencodeId.slice(sanitizeMcpName(best).length + 1);
  return { server: best, tool, claude: `mcp__${sanitizeMcpName(best)}__${tool}` };
}
