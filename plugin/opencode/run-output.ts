// A one-shot `opencode run` prints the turn's text as it streams, and stops listening at the first
// idle. A turn a Stop hook started after that would go unseen, so the plugin prints its final text
// the way `run` prints text parts: one line per part (`--format default`), or run's JSON event
// (`--format json`: {type: "text", timestamp, sessionID, part}).
import type { MessageWithParts } from "./client.js";

export function printLikeRun(
  answer: MessageWithParts | undefined,
  argv: readonly string[],
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  if (!answer) return;
  const json = argv.some((arg, i) => arg === "--format=json" || (arg === "--format" && argv[i + 1] === "json"));
  for (const part of answer.parts) {
    if (part.type !== "text" || part.synthetic || part.text.trim() === "") continue;
    write(json ? `${JSON.stringify({ type: "text", timestamp: Date.now(), sessionID: answer.info.sessionID, part })}\n` : `${part.text.trim()}\n`);
  }
}
