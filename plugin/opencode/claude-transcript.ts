// A session's OpenCode messages as a Claude Code transcript (JSONL, one entry per line), so hooks
// that read `transcript_path` (the last assistant message, the tool history) work unchanged: user
// entries with the prompt, assistant entries with text and tool_use blocks under Claude's tool
// names and input keys, and a user entry with the tool_result of each call. Pure.
import type { Part } from "@opencode-ai/sdk/v2";
import { claudeCalls } from "../tools/resolve-call.js";
import type { MessageWithParts } from "./client.js";
import { textOf } from "./session-messages.js";

export interface TranscriptContext {
  sessionID: string;
  cwd: string;
  mcpServers: readonly string[];
  version: string;
}

export function claudeTranscript(messages: readonly MessageWithParts[], context: TranscriptContext): string {
  const lines: string[] = [];
  let parent: string | null = null;
  const push = (uuid: string, time: number, entry: Record<string, unknown>) => {
    lines.push(
      JSON.stringify({
        parentUuid: parent,
        isSidechain: false,
        userType: "external",
        cwd: context.cwd,
        sessionId: context.sessionID,
        version: context.version,
        ...entry,
        uuid,
        timestamp: new Date(time).toISOString(),
      }),
    );
    parent = uuid;
  };
  for (const { info, parts } of messages) {
    if (info.role === "user") {
      const text = userText(parts);
      if (text !== "") push(info.id, info.time.created, { type: "user", message: { role: "user", content: text } });
      continue;
    }
    const content: unknown[] = [];
    const results: Array<{ id: string; content: string; isError: boolean }> = [];
    for (const part of parts) {
      if (part.type === "text" && part.text !== "") content.push({ type: "text", text: part.text });
      if (part.type === "reasoning" && part.text !== "") content.push({ type: "thinking", thinking: part.text });
      if (part.type !== "tool") continue;
      const [call] = claudeCalls(part.tool, part.state.input ?? {}, context.cwd, context.mcpServers);
      content.push({ type: "tool_use", id: part.callID, name: call?.toolName ?? part.tool, input: call?.toolInput ?? part.state.input });
      if (part.state.status === "completed") results.push({ id: part.callID, content: part.state.output, isError: false });
      if (part.state.status === "error") results.push({ id: part.callID, content: part.state.error, isError: true });
    }
    if (content.length === 0) continue;
    const stop = info.finish === "tool-calls" ? "tool_use" : info.finish === "stop" ? "end_turn" : (info.finish ?? null);
    push(info.id, info.time.created, {
      type: "assistant",
      message: { id: info.id, type: "message", role: "assistant", model: info.modelID, content, stop_reason: stop, stop_sequence: null },
    });
    for (const result of results) {
      push(`${info.id}:${result.id}`, info.time.completed ?? info.time.created, {
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: result.id, content: result.content, is_error: result.isError }] },
      });
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** A user turn as the model saw it: the typed text plus the context hooks added to it. */
function userText(parts: readonly Part[]): string {
  const typed = textOf(parts);
  const added = parts.filter((part) => part.type === "text" && part.synthetic && !part.ignored).map((part) => (part as { text: string }).text);
  return [typed, ...added].filter((text) => text !== "").join("\n");
}
