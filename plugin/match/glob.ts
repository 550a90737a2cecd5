// `*` wildcards of permission rules (`Bash(git push *)`, `Agent(Explore*)`), matched without a
// regex: the pattern's literal pieces are found left to right, each at its first place, which is
// exact for `*`-only globs and takes time proportional to the text times the pieces. A regex built
// from such a glob backtracks exponentially (`*git*push*--force*` on an 18 KB command did not
// return in 20 s), and the hook's timeout cannot help: the event loop is blocked before anything
// is spawned.

export type Glob = (text: string) => boolean;

/**
 * `*` matches anything, spaces included; every other character matches itself. With
 * `trailingArgs` (a rule ending in ` *`), the text may also go on after whitespace: `ls *` matches
 * `ls` and `ls -la`, never `lsof` (Claude's word boundary).
 */
export function compileGlob(pattern: string, trailingArgs = false): Glob {
  const pieces = pattern.split("*");
  const first = pieces[0]!;
  if (pieces.length === 1) {
    return trailingArgs ? (text) => text.startsWith(first) && (text.length === first.length || isSpace(text[first.length]!)) : (text) => text === first;
  }
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece !== "");
  return (text) => {
    if (!text.startsWith(first)) return false;
    let at = first.length;
    for (const piece of middle) {
      const found = text.indexOf(piece, at);
      if (found < 0) return false;
      at = found + piece.length;
    }
    if (text.length - last.length >= at && text.endsWith(last)) return true;
    if (!trailingArgs) return false;
    for (let place = text.indexOf(last, at); place >= 0; place = text.indexOf(last, place + 1)) {
      const after = place + last.length;
      if (after < text.length && isSpace(text[after]!)) return true;
    }
    return false;
  };
}

function isSpace(char: string): boolean {
  return char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f" || char === "\v";
}
