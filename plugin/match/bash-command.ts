// Splits a shell command the way Claude Code's Bash permission matcher looks at it: each
// subcommand of `&&`, `||`, `;`, `|`, `|&`, `&` and newlines, plus those inside `$(...)` and
// backticks, with leading `VAR=value` assignments, wrappers (timeout, nice, nohup, ...) and the
// words that open a group or compound command (`(`, `{`, if, then, do, ...) removed.
// Returns undefined when the command cannot be parsed (unbalanced quotes, or `$(`/backticks nested
// deeper than any real command: MAX_DEPTH), so callers fail open and the hook runs.
// Source: https://code.claude.com/docs/en/hooks#bash-if-matching, https://code.claude.com/docs/en/permissions#compound-commands.

const WRAPPERS = new Set(["timeout", "time", "nice", "nohup", "stdbuf", "command", "builtin", "noglob", "xargs"]);
/** Words that start a compound command or group: the command after them is what runs. */
const OPENERS = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "{", "("]);
/** Wrapper options that take the next word as their value (`timeout -s KILL 10 cmd`, `nice -n 5 cmd`). */
const OPTION_WITH_VALUE: Readonly<Record<string, ReadonlySet<string>>> = { timeout: new Set(["-s", "-k"]), nice: new Set(["-n"]) };
/** Command substitutions nested deeper than this are not parsed (the hook runs): bounded work and stack. */
const MAX_DEPTH = 32;

export function subcommands(command: string): string[] | undefined {
  const found: string[] = [];
  if (!split(command, found, 0)) return undefined;
  return found.map(stripPrefixes).filter((part) => part !== "");
}

function split(command: string, out: string[], depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  let current = "";
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    const next = command[i + 1];
    if (quote === "'") {
      current += char;
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === "\\" && next !== undefined) {
      current += char + next;
      i++;
      continue;
    }
    if (char === "$" && next === "(") {
      const end = closing(command, i + 1);
      if (end < 0) return false;
      if (!split(command.slice(i + 2, end), out, depth + 1)) return false;
      current += command.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === "`") {
      const end = command.indexOf("`", i + 1);
      if (end < 0) return false;
      if (!split(command.slice(i + 1, end), out, depth + 1)) return false;
      current += command.slice(i, end + 1);
      i = end;
      continue;
    }
    if (quote === '"') {
      current += char;
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      current += char;
      continue;
    }
    if (char === ";" || char === "\n" || char === "&" || char === "|") {
      out.push(current.trim());
      current = "";
      if ((char === "&" || char === "|") && (next === char || (char === "|" && next === "&"))) i++;
      continue;
    }
    current += char;
  }
  if (quote) return false;
  out.push(current.trim());
  return true;
}

/** Index of the ")" closing the "(" at `open`, honouring nesting and quotes; -1 if none. */
function closing(command: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < command.length; i++) {
    const char = command[i];
    if (quote) {
      if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  return -1;
}

function stripPrefixes(part: string): string {
  let words = shellWords(part);
  for (;;) {
    const first = words[0];
    if (first === undefined) return "";
    // `(rm x)`, `{ rm x; }`, `if …; then rm x; fi`: the group or keyword is not the command.
    if (OPENERS.has(first) || /^[({]./.test(first)) {
      words = OPENERS.has(first) ? words.slice(1) : [first.slice(1), ...words.slice(1)];
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first)) {
      words = words.slice(1);
      continue;
    }
    if (!WRAPPERS.has(first)) return words.join(" ").replace(/\s*[)}]+$/, "");
    words = words.slice(1);
    // Wrapper options and the timeout duration: `timeout 10 cmd`, `nice -n 5 cmd`, `stdbuf -oL cmd`.
    while (words[0] !== undefined && (words[0].startsWith("-") || (first === "timeout" && /^\d/.test(words[0])))) {
      const option = words.shift()!;
      if (OPTION_WITH_VALUE[first]?.has(option)) words.shift();
    }
  }
}

/**
 * Words split at unquoted blanks, quotes and `$(…)` kept inside their word: `MSG='a b' rm x` is
 * ["MSG='a b'", "rm", "x"], so a leading assignment is stripped whole. split() has checked the quoting.
 */
function shellWords(part: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < part.length; i++) {
    const char = part[i]!;
    if (quote) {
      if (char === "\\" && quote === '"' && i + 1 < part.length) {
        word += char + part[++i];
        continue;
      }
      if (char === quote) quote = undefined;
      word += char;
      continue;
    }
    if (char === "\\" && i + 1 < part.length) {
      word += char + part[++i];
      continue;
    }
    if (char === "'" || char === '"' || char === "`") quote = char;
    else if (char === "(" && part[i - 1] === "$") depth++;
    else if (char === ")" && depth > 0) depth--;
    else if (/\s/.test(char) && depth === 0) {
      if (word !== "") words.push(word);
      word = "";
      continue;
    }
    word += char;
  }
  if (word !== "") words.push(word);
  return words;
}

/** Whether a command uses expansions whose value is unknown before it runs. */
export function hasDynamicParts(command: string): boolean {
  return /\$\(|`|\$[A-Za-z_{]/.test(command);
}
