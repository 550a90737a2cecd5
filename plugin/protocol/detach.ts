// A short piece of a long string can keep the whole string alive (engines share the parent's
// memory with a slice): a 2 KB message cut from a hook's 20 MB output holds on to 20 MB for as long
// as OpenCode keeps the message. What the plugin hands over or keeps is copied first.

export function detach(text: string): string {
  return text.length > 0 ? Buffer.from(text, "utf8").toString("utf8") : text;
}

/** A text for a log line: at most `max` characters, cut with a note of the full length. */
export function bounded(text: string, max = 2000): string {
  return detach(text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);
}
