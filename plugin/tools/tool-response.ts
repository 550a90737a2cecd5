// PostToolUse `tool_response` in the shape of Claude's structured tool output, built from what
// OpenCode's after-hook has (its outputs: docs/opencode-observed.md §5). Fields OpenCode does not know
// are given their neutral value and listed in docs/tools.md. Source: @anthropic-ai/claude-code 2.1.332 sdk-tools.d.ts.
import { structuredPatch } from "./structured-patch.js";

export interface ToolOutput {
  title?: string;
  output?: unknown;
  metadata?: Record<string, unknown>;
  /** MCP tools: the raw CallToolResult. */
  content?: unknown;
}

/** What a response builder gets: the Claude input of the call and OpenCode's after-hook output. */
export interface ResponseSource {
  input: Record<string, unknown>;
  /** The tool's text output. */
  text: string;
  metadata: Record<string, unknown>;
}

export type ResponseBuilder = (source: ResponseSource) => unknown;

/** What toolResponse reads of a Claude call (resolve-call.ts's ClaudeCall), declared here: the tool table imports these builders. */
export interface RespondedCall {
  toolInput: Record<string, unknown>;
  mapping?: { response?: ResponseBuilder };
  mcpServer?: string;
}

/** The builder is the tool's row in the tool table; tools without one get the text, MCP tools their content. */
export function toolResponse(call: RespondedCall, output: ToolOutput): unknown {
  const text = typeof output.output === "string" ? output.output : "";
  if (call.mcpServer !== undefined) return output.content ?? text;
  const build = call.mapping?.response;
  return build ? build({ input: call.toolInput, text, metadata: output.metadata ?? {} }) : text;
}

export const bashResponse: ResponseBuilder = ({ metadata, text }) => ({
  stdout: typeof metadata.output === "string" ? metadata.output : text,
  stderr: "",
  interrupted: false,
});

export const writeResponse: ResponseBuilder = ({ input, metadata }) => ({
  type: metadata.exists === true ? "update" : "create",
  filePath: input.file_path,
  content: input.content,
  structuredPatch: [],
  originalFile: null,
});

export const editResponse: ResponseBuilder = ({ input, metadata }) => ({
  filePath: input.file_path,
  oldString: input.old_string,
  newString: input.new_string,
  originalFile: null,
  structuredPatch: structuredPatch(metadata.diff),
  userModified: false,
  replaceAll: input.replace_all === true,
});

export const readResponse: ResponseBuilder = ({ input, metadata, text }) => {
  const display = (metadata.display ?? {}) as Record<string, unknown>;
  const content = typeof display.text === "string" ? display.text : typeof metadata.preview === "string" ? metadata.preview : text;
  const startLine = typeof display.lineStart === "number" ? display.lineStart : Number(input.offset ?? 1);
  const numLines = content === "" ? 0 : content.split("\n").length;
  const totalLines = typeof display.totalLines === "number" ? display.totalLines : numLines;
  return { type: "text", file: { filePath: input.file_path, content, numLines, startLine, totalLines } };
};

export const globResponse: ResponseBuilder = ({ metadata, text }) => {
  const filenames = text.split("\n").filter((line) => line.startsWith("/"));
  return { filenames, numFiles: filenames.length, truncated: metadata.truncated === true, durationMs: 0 };
};

export const grepResponse: ResponseBuilder = ({ metadata, text }) => {
  const filenames = text
    .split("\n")
    .filter((line) => line.startsWith("/") && line.endsWith(":"))
    .map((line) => line.slice(0, -1));
  return { mode: "content", filenames, numFiles: filenames.length, content: text, numMatches: metadata.matches };
};

export const agentResponse: ResponseBuilder = ({ input, metadata, text }) => ({
  status: "completed",
  agentId: typeof metadata.sessionId === "string" ? metadata.sessionId : "",
  content: [{ type: "text", text }],
  prompt: input.prompt,
});

// OpenCode's webfetch throws on any non-2xx answer (`if (!response.ok) throw`, opencode
// packages/opencode/src/tool/webfetch.ts) and PostToolUse runs only after a success, so the status
// was 2xx; OpenCode does not say which, and 200 is by far the likeliest.
export const webFetchResponse: ResponseBuilder = ({ input, text }) => ({
  bytes: Buffer.byteLength(text),
  code: 200,
  codeText: "OK",
  result: text,
  durationMs: 0,
  url: input.url,
});

export const webSearchResponse: ResponseBuilder = ({ input, text }) => ({ query: input.query, results: [text], durationSeconds: 0 });

export const todoWriteResponse: ResponseBuilder = ({ input }) => ({ oldTodos: [], newTodos: input.todos ?? [] });
