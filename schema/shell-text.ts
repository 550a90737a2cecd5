// What of a shell-form command the shell reads as syntax, for the bash-only lint: the text of quoted
// strings, comments and here-document bodies is blanked (a quoted `[[`, a `# [[ … ]]` comment or a
// Python heredoc is data, not bash syntax). One pass left to right, as sh reads it, so an apostrophe
// inside "…" does not open a '…' string. Pure. Source: POSIX Shell Command Language, 2.2 Quoting,
// 2.3 Token Recognition (comments), 2.7.4 Here-Document.

/** A `#` after one of these (or first) starts a comment; elsewhere (`a#b`, `${#x}`) it is a character. */
const WORD_START = /[\s;&|()]/;
/** `<<WORD`, `<<-WORD`, `<< 'WORD'`, `<<"WORD"`, `<<\\WORD`; sticky, so no copy of the rest is made per match. */
const HEREDOC = /<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|\\?([A-Za-z_][\w.-]*))/y;
/** A run of characters none of the branches below treats specially, taken at once (the lint runs on every hook at the live plugin's start-up). */
const PLAIN = /[^\\'"#<\n]+/y;

/** The command with quoted text, comments and here-document bodies blanked; `''`, `""` and `$''` stay as marks. */
export function shellSyntax(command: string): string {
  let out = "";
  // The last character emitted, kept aside: reading it back from `out` would flatten the string each time.
  let last = "";
  const emit = (text: string) => {
    out += text;
    last = text.at(-1) ?? last;
  };
  const heredocs: Array<{ word: string; tabs: boolean }> = [];
  let i = 0;
  while (i < command.length) {
    const char = command[i]!;
    if (char === "\\") {
      emit("  ");
      i += 2;
    } else if (char === "'") {
      // $'…' is bash's ANSI-C string: kept as a mark for its own rule, its text blanked.
      const ansi = last === "$";
      i = ansi ? closingEscaped(command, i + 1, "'") : closing(command, i + 1, "'");
      emit("''");
    } else if (char === '"') {
      i = closingEscaped(command, i + 1, '"');
      emit('""');
    } else if (char === "#" && WORD_START.test(last || " ")) {
      while (i < command.length && command[i] !== "\n") i++;
    } else if (command.startsWith("<<", i) && command[i + 2] !== "<") {
      HEREDOC.lastIndex = i;
      const heredoc = HEREDOC.exec(command);
      if (heredoc) heredocs.push({ word: heredoc[2] ?? heredoc[3] ?? heredoc[4]!, tabs: heredoc[1] === "-" });
      emit("<<");
      i += heredoc ? heredoc[0].length : 2;
    } else if (char === "\n" && heredocs.length > 0) {
      // The bodies start on the next line, one after the other, each up to its delimiter line.
      i++;
      for (const { word, tabs } of heredocs.splice(0)) {
        while (i < command.length) {
          const end = command.indexOf("\n", i);
          const line = command.slice(i, end < 0 ? command.length : end);
          i = end < 0 ? command.length : end + 1;
          if ((tabs ? line.replace(/^\t+/, "") : line) === word) break;
        }
      }
      emit("\n");
    } else {
      PLAIN.lastIndex = i;
      const end = PLAIN.test(command) ? PLAIN.lastIndex : i + 1;
      emit(command.slice(i, end));
      i = end;
    }
  }
  return out;
}

/** The index after the quote closing a string opened before `from` (the end, when it is not closed). */
function closing(text: string, from: number, quote: string): number {
  const end = text.indexOf(quote, from);
  return end < 0 ? text.length : end + 1;
}

/** Likewise for "…" and $'…', where a backslash escapes the next character (the quote too). */
function closingEscaped(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}
