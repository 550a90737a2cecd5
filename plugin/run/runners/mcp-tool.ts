// `mcp_tool`: call a tool on an MCP server of OpenCode's config with the hook's `input` (`${path}`
// filled from the hook input), then read the tool's text like command stdout; `isError` or a server
// that is not connected is a non-blocking error (or a block, with onFailure). Another agent's hook
// (Codex's) fills its input and reads the text by that agent's rules (Dialect.mcpArguments, decode).
import { DIALECT_OF } from "../../dialects/index.js";
import { interpolate } from "../../mcp/interpolate.js";
import { isTimedOut } from "../../mcp/session.js";
import { decodeResult, type HookResult, type ProcessOutcome } from "../../protocol/decode-result.js";
import { defineRunner } from "./define-runner.js";
import { failureBlocks } from "./failure-policy.js";

export default defineRunner({
  type: "mcp_tool",
  differences: () => [
    "mcp_tool: calls the tool over a connection of its own to the server OpenCode's config defines (a second process of a local server, a session of its own on a remote one), not over OpenCode's connection; servers that need OAuth are not reached",
  ],
  async run({ handler, compiled, event, stdin, context }) {
    const blocks = failureBlocks(event, handler);
    const fail = (message: string): { result: HookResult } => ({ result: blocks ? { status: "blocking", stderr: message } : { status: "error", message } });
    const runtime = context.host?.runtime;
    if (!runtime) return fail("mcp_tool hooks need OpenCode's MCP configuration, which is not reachable here");
    const dialect = compiled.dialect ? DIALECT_OF[compiled.dialect] : undefined;
    const decode = (outcome: ProcessOutcome) =>
      dialect ? dialect.decode(compiled.agentEvent ?? event, outcome) : decodeResult(event, outcome, { onFailureBlock: blocks });
    const filled = dialect?.mcpArguments?.(handler.input ?? {}, JSON.parse(stdin));
    if (filled && "error" in filled) return fail(filled.error);
    const connection = runtime.mcp.connection(handler.server, runtime.directory, compiled.timeoutMs);
    if ("error" in connection) return fail(connection.error);
    const args = filled ? filled.args : (interpolate(handler.input ?? {}, JSON.parse(stdin) as Record<string, unknown>) as Record<string, unknown>);
    let answer;
    try {
      answer = await connection.callTool(handler.tool, args, compiled.timeoutMs);
    } catch (error) {
      // A timeout is read as any hook's: no decision, or a block under onFailure (decode-result.ts).
      if (isTimedOut(error)) return { result: decode({ stdout: "", stderr: "", timedOut: true }) };
      runtime.mcp.forget(handler.server);
      return fail(`${handler.server}/${handler.tool} failed: ${(error as Error).message}`);
    }
    const text = (answer?.content ?? []).flatMap((item) => (item.type === "text" && typeof item.text === "string" ? [item.text] : [])).join("\n");
    if (answer?.isError) return fail(`${handler.server}/${handler.tool} returned an error: ${text.slice(0, 1000)}`);
    const outcome = { exitCode: 0, stdout: text, stderr: "" };
    return { outcome, result: decode(outcome) };
  },
});
