// Gitignore-style path globs for file-tool `if` rules (`Edit(src/**/*.ts)`, `Write(.env*)`): `**`
// as a whole segment matches any number of folders, `*` any run of characters within a segment
// (dotfiles included), `?` one character, `[abc]` / `[a-z]` / `[!a]` one character of a class, and
// `{a,b}` alternatives. Matched segment by segment with a bounded table and, within a segment, the
// two-pointer wildcard algorithm: time proportional to the path times the pattern whatever the
// input. picomatch, used here before, compiles globs to regexes that backtrack exponentially
// (`**/*a*a*a*a*a*a*b` on a 100-character file name took 9.6 s), on the hot path of a tool call
// whose path the model chooses.

export type PathGlob = (relativePath: string) => boolean;

type Token = { kind: "char"; char: string } | { kind: "any" } | { kind: "star" } | { kind: "class"; negated: boolean; ranges: Array<[string, string]> };
type Segment = { kind: "globstar" } | { kind: "tokens"; tokens: Token[] };

/** Brace alternatives are expanded when compiled; more than this many is not a real rule. */
const MAX_ALTERNATIVES = 64;

export function compilePathGlob(pattern: string): PathGlob {
  const alternatives = expandBraces(pattern).map((alternative) => alternative.split("/").map(compileSegment));
  return (relativePath) => {
    const parts = relativePath.split("/").filter((part) => part !== "");
    return alternatives.some((segments) => matchSegments(segments, parts));
  };
}

function compileSegment(text: string): Segment {
  if (text === "**") return { kind: "globstar" };
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length) tokens.push({ kind: "char", char: text[++i]! });
    else if (char === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "?") tokens.push({ kind: "any" });
    else if (char === "[") {
      const end = text.indexOf("]", i + 2);
      if (end < 0) tokens.push({ kind: "char", char });
      else {
        tokens.push(classToken(text.slice(i + 1, end)));
        i = end;
      }
    } else tokens.push({ kind: "char", char });
  }
  return { kind: "tokens", tokens };
}

function classToken(body: string): Token {
  const negated = body.startsWith("!") || body.startsWith("^");
  const chars = negated ? body.slice(1) : body;
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] === "-" && i + 2 < chars.length) {
      ranges.push([chars[i]!, chars[i + 2]!]);
      i += 2;
    } else ranges.push([chars[i]!, chars[i]!]);
  }
  return { kind: "class", negated, ranges };
}

/** Does the path's list of folders and file name match the pattern's segments? A table of (segment, part). */
function matchSegments(segments: readonly Segment[], parts: readonly string[]): boolean {
  // reachable[j]: the first i segments can match the first j parts.
  let reachable = new Array<boolean>(parts.length + 1).fill(false);
  reachable[0] = true;
  for (const segment of segments) {
    const next = new Array<boolean>(parts.length + 1).fill(false);
    if (segment.kind === "globstar") {
      let seen = false;
      for (let j = 0; j <= parts.length; j++) {
        seen ||= reachable[j]!;
        next[j] = seen;
      }
    } else {
      for (let j = 0; j < parts.length; j++) if (reachable[j] && matchTokens(segment.tokens, parts[j]!)) next[j + 1] = true;
    }
    reachable = next;
  }
  return reachable[parts.length]!;
}

/** The two-pointer wildcard match: on a mismatch, retry from the last `*` one character further. */
function matchTokens(tokens: readonly Token[], text: string): boolean {
  let t = 0;
  let s = 0;
  let starAt = -1;
  let starText = 0;
  while (s < text.length) {
    const token = tokens[t];
    if (token && token.kind !== "star" && single(token, text[s]!)) {
      t++;
      s++;
    } else if (token?.kind === "star") {
      starAt = t++;
      starText = s;
    } else if (starAt >= 0) {
      t = starAt + 1;
      s = ++starText;
    } else return false;
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}

function single(token: Exclude<Token, { kind: "star" }>, char: string): boolean {
  if (token.kind === "any") return true;
  if (token.kind === "char") return token.char === char;
  const inside = token.ranges.some(([low, high]) => char >= low && char <= high);
  return inside !== token.negated;
}

/** `a{b,c}d` -> `abd`, `acd` (nested braces too), at most MAX_ALTERNATIVES; `{x}` and an unclosed `{` are literal. */
function expandBraces(pattern: string): string[] {
  const results: string[] = [];
  expandInto(pattern, results);
  return results;
}

function expandInto(pattern: string, results: string[]): void {
  if (results.length >= MAX_ALTERNATIVES) return;
  for (let open = pattern.indexOf("{"); open >= 0; open = pattern.indexOf("{", open + 1)) {
    const group = braceGroup(pattern, open);
    if (!group || group.commas.length === 0) continue;
    const bounds = [open, ...group.commas, group.close];
    const head = pattern.slice(0, open);
    const rest = pattern.slice(group.close + 1);
    for (let k = 0; k + 1 < bounds.length; k++) expandInto(head + pattern.slice(bounds[k]! + 1, bounds[k + 1]) + rest, results);
    return;
  }
  results.push(pattern);
}

/** The `}` closing the `{` at `open`, and the commas directly inside it. */
function braceGroup(pattern: string, open: number): { close: number; commas: number[] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === "{") depth++;
    else if (pattern[i] === "}" && --depth === 0) return { close: i, commas };
    else if (pattern[i] === "," && depth === 1) commas.push(i);
  }
  return undefined;
}
