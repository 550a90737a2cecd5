// PostToolUse `tool_response` in the shape of Claude's structured tool output, built from what
// OpenCode's after-hook has. Fields OpenCode does not know are given their neutral value and listed
// in the README. Source: claude-code-hooks.md §6.3; OpenCode outputs in opencode-headless.md.
import type { ClaudeCall } from "./resolve-call.js";
import { structuredPatch } from "./structured-patch.js";

export interface ToolOutput {
  title?: string;
  output?: unknown;
  metadata?: Record<string, unknown>;
  /** MCP tools: the raw CallToolResult. */
  content?: unknown;
}

export function toolResponse(call: ClaudeCall, output: ToolOutput): unknown {
  const meta = output.metadata ?? {};
  const text = typeof output.output === "string" ? output.output : "";
  const input = call.toolInput;
  if (call.mcpServer !== undefined) return output.content ?? text;
  switch (call.toolName) {
    case "Bash":
      return { stdout: typeof meta.output === "string" ? meta.output : text, stderr: "", interrupted: false };
    case "Write":
      return {
        type: meta.exists === true ? "update" : "create",
        filePath: input.file_path,
        content: input.content,
        structuredPatch: [],
        originalFile: null,
      };
    case "Edit":
      return {
        filePath: input.file_path,
        oldString: input.old_string,
        newString: input.new_string,
        originalFile: null,
        structuredPatch: structuredPatch(meta.diff),
        userModified: false,
        replaceAll: input.replace_all === true,
      };
    case "Read": {
      const display = (meta.display ?? {}) as Record<string, unknown>;
      const content = typeof display.text === "string" ? display.text : typeof meta.preview === "string" ? meta.preview : text;
      const startLine = typeof display.lineStart === "number" ? display.lineStart : Number(input.offset ?? 1);
      const numLines = content === "" ? 0 : content.split("\n").length;
      const totalLines = typeof display.totalLines === "number" ? display.totalLines : numLines;
      return { type: "text", file: { filePath: input.file_path, content, numLines, startLine, totalLines } };
    }
    case "Glob": {
      const filenames = text.split("\n").filter((line) => line.startsWith("/"));
      return { filenames, numFiles: filenames.length, truncated: meta.truncated === true, durationMs: 0 };
    }
    case "Grep": {
      const filenames = text.split("\n").filter((line) => line.startsWith("/") && line.endsWith(":")).map((line) => line.slice(0, -1));
      return { mode: "content", filenames, numFiles: filenames.length, content: text, numMatches: meta.matches };
    }
    case "Agent":
      return {
        status: "completed",
        agentId: typeof meta.sessionId === "string" ? meta.sessionId : "",
        content: [{ type: "text", text }],
        prompt: input.prompt,
      };
    case "WebFetch":
      return { bytes: Buffer.byteLength(text), code: 200, codeText: "OK", result: text, durationMs: 0, url: input.url };
    case "WebSearch":
      return { query: input.query, results: [text], durationSeconds: 0 };
    case "TodoWrite":
      return { oldTodos: [], newTodos: input.todos ?? [] };
    default:
      return text;
  }
}
