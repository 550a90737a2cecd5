// The bash-only lint first asks whether a command, as written, can hold a bash-only construct at all
// (schema/lints.ts MAY_BE_BASH_ONLY), and reads it as sh does only then: that quick answer must never
// hide a construct the full reading finds. Random commands made of the pieces both readings care about.
import { describe, expect, it } from "vitest";
import { bashOnlyConstructs, MAY_BE_BASH_ONLY } from "../../schema/lints.js";
import { Rng } from "../helpers/fuzz.js";

const PIECES = [
  "[[",
  "[",
  "]]",
  " ",
  "\t",
  "\n",
  "=~",
  "=",
  "~",
  "${",
  "$",
  "{",
  "}",
  "PIPESTATUS",
  "x=(",
  "(",
  ")",
  "a[",
  "function f",
  "function",
  "source",
  "source a",
  ".",
  "<<",
  "<",
  "<<<",
  "<<-",
  "'",
  '"',
  "\\",
  "#",
  ";",
  "&",
  "&>",
  ">",
  "|",
  "EOF",
  "x",
  "$'",
  "!",
  "-",
];

describe("MAY_BE_BASH_ONLY", () => {
  it("holds for every command in which the full reading finds a bash-only construct", () => {
    let found = 0;
    for (let seed = 1; seed <= 20_000; seed++) {
      const rng = new Rng(seed);
      const command = Array.from({ length: rng.range(1, 12) }, () => rng.pick(PIECES)).join("");
      if (bashOnlyConstructs(command).length === 0) continue;
      found++;
      expect(MAY_BE_BASH_ONLY.test(command), JSON.stringify(command)).toBe(true);
    }
    // The commands exercise the rule: many of them hold a construct.
    expect(found).toBeGreaterThan(2000);
  });

  it("lets through the commands of the lint's own cases", () => {
    for (const command of ["[[ -f x ]] && exit 2", "cat <<'EOF' <<< x\nEOF", "x=(1 2)", 'echo "$x" &> log', "source ./env.sh", "f() { :; }; function g { :; }"])
      expect(MAY_BE_BASH_ONLY.test(command)).toBe(true);
  });
});
