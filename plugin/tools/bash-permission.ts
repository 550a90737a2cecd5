// What OpenCode's bash tool asks the `bash` permission with, worked out without its parser where that
// is certain. OpenCode parses the command with tree-sitter and asks once, with one pattern per
// `command` node: the node's text, trimmed; a command named cd, chdir, popd, pushd, push-location or
// set-location adds none, and a command without any other node (`cd x`, `FOO=1`, `> f`) asks nothing
// and runs (docs/opencode-observed.md §14).
// This scanner reads only the shapes whose nodes are certain: simple commands joined by `;`, `&`,
// `|`, `&&`, `||` or a newline, made of plain words and quoted strings. Anything else (expansions,
// redirections, groups, keywords, escapes, comments) stops it: a statement that still starts with a
// plain command word is a command node (OpenCode asks, with a text only its parser knows); any other
// may be none.
// Source: OpenCode 1.18.33 bundle, ShellTool.collect / ShellTool.ask (anomalyco/opencode packages/opencode/src/tool/shell.ts).

export type BashAsk =
  /** OpenCode asks, and this is one of its patterns. */
  | { kind: "pattern"; pattern: string }
  /** OpenCode asks (the command starts with a plain command), with patterns that cannot be told here. */
  | { kind: "asks" }
  /** OpenCode asks nothing for this command. */
  | { kind: "never" }
  /** Whether OpenCode asks at all cannot be told here. */
  | { kind: "unknown" };

/** OpenCode's commands that give no pattern (its set `He`). */
const NO_PATTERN = new Set(["cd", "chdir", "popd", "pushd", "push-location", "set-location"]);

/** Words that start something other than a simple command in bash's grammar. */
const RESERVED = new Set(
  "case coproc declare do done elif else esac export fi for function if in local readonly select then time typeset unset until while".split(" "),
);

/** Characters that start an expansion, redirection, group, test, escape, comment or history expansion. */
const SPECIAL = new Set([..."(){}[]<>$`\\#!\r"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

interface Segment {
  text: string;
  /** Complete words from the start, up to the first special character. */
  words: string[];
  /** No special character: the segment is one simple command whose node text is `text`. */
  clean: boolean;
  /** What ended it: an operator, the special character that stopped the scan, or nothing (the end). */
  end?: string;
}

export function bashAsk(command: string, caseInsensitive = false): BashAsk {
  const segments = split(command);
  // An empty statement between operators (`a && && b`, `; ls`) is a syntax error: the parse is anyone's guess.
  const empty = (segment: Segment) => segment.words.length === 0 && segment.text.trim() === "";
  const allowed = (segment: Segment, index: number) => segment.end === "\n" || index === segments.length - 1;
  if (segments.some((segment, index) => segment.clean && empty(segment) && !allowed(segment, index))) return { kind: "unknown" };
  for (const segment of segments) {
    // Assignments before the name belong to the command (`FOO=1 make`); alone they are no command.
    const name = segment.words.find((word) => !ASSIGNMENT.test(word));
    if (name === undefined) {
      if (segment.clean) continue;
      return { kind: "unknown" };
    }
    // `f () { ... }` defines a function; `echo (x)` is a syntax error.
    if (RESERVED.has(name) || segment.end === "(") return { kind: "unknown" };
    if (NO_PATTERN.has(caseInsensitive ? name.toLowerCase() : name)) {
      if (segment.clean) continue;
      return { kind: "unknown" };
    }
    return segment.clean ? { kind: "pattern", pattern: segment.text.trim() } : { kind: "asks" };
  }
  return { kind: "never" };
}

/** The command's statements, up to and including the first one with a special character. */
function split(command: string): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  let quote: string | undefined;
  let word = "";
  let words: string[] = [];
  const endWord = () => {
    if (word !== "") words.push(word);
    word = "";
  };
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    // A word touching a special character is not complete (`ls>f`, `echo$(x)`).
    if (SPECIAL.has(char) || (quote && char === "\n")) return [...segments, { text: command.slice(start), words, clean: false, end: char }];
    if (quote) {
      if (char === quote) quote = undefined;
      word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word += char;
    } else if (char === " " || char === "\t") {
      endWord();
    } else if (char === ";" || char === "&" || char === "|" || char === "\n") {
      endWord();
      segments.push({ text: command.slice(start, i), words, clean: true, end: char });
      // `&&`, `||`, `|&` are one operator.
      const next = command[i + 1];
      if ((char === "&" && next === "&") || (char === "|" && (next === "|" || next === "&"))) i++;
      start = i + 1;
      words = [];
    } else {
      word += char;
    }
  }
  // An unterminated quote: bash cannot parse it; its last word is not complete.
  if (quote) return [...segments, { text: command.slice(start), words, clean: false }];
  endWord();
  return [...segments, { text: command.slice(start), words, clean: true }];
}
