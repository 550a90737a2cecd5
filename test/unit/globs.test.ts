// The wildcard matchers of `if` rules: the same answers as picomatch (the library they replace on
// the hot path, kept here as the judge), in time proportional to the input however hostile.
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob } from "../../plugin/match/glob.js";
import { compilePathGlob } from "../../plugin/match/path-glob.js";

const fast = (work: () => unknown, ms = 200) => {
  const started = performance.now();
  work();
  expect(performance.now() - started).toBeLessThan(ms);
};

describe("command globs (Bash rules)", () => {
  it.each([
    ["git push *", "git push origin main", true, true],
    ["git push *", "git push", true, true],
    ["git push *", "git pushy", true, false],
    ["ls*", "lsof", false, true],
    ["npm run *:*", "npm run test:unit", false, true],
    ["*--force*", "git push --force-with-lease", false, true],
    ["rm -rf *", "rm -rf", true, true],
    ["*", "", false, true],
    ["a*b*c", "abc", false, true],
    ["a*b*c", "acb", false, false],
  ])("%s on %j (trailing args %s) -> %s", (pattern, text, trailing, expected) => {
    const glob = trailing ? compileGlob(pattern.slice(0, -2), true) : compileGlob(pattern);
    expect(glob(text)).toBe(expected);
  });

  it("stays linear on input that makes a regex backtrack", () => {
    const command = `git ${"push ".repeat(3600)}x`;
    fast(() => expect(compileGlob("*git*push*--force*")(command)).toBe(false));
    fast(() => expect(compileGlob("*a*a*a*a*a*b")("a".repeat(2000))).toBe(false));
    fast(() => expect(compileGlob("x *", true)(`x${" y".repeat(20000)}`)).toBe(true));
  });
});

describe("path globs (file-tool rules)", () => {
  const cases: Array<[string, string]> = [
    ["**/*.ts", "src/a/b.ts"],
    ["**/*.ts", "b.ts"],
    ["**/*.ts", "src/b.tsx"],
    ["src/**", "src/deep/file.md"],
    ["src/**", "lib/src/file.md"],
    ["src/**/*.ts", "src/x.ts"],
    ["**/.env*", "config/.env.production"],
    ["**/.env*", "config/env"],
    ["*.{js,ts}", "a.ts"],
    ["*.{js,ts}", "a.md"],
    ["{src,lib}/**/*.{ts,tsx}", "lib/a/b.tsx"],
    ["[abc].txt", "b.txt"],
    ["[^abc].txt", "b.txt"],
    ["[^abc].txt", "d.txt"],
    ["[a-c]?.md", "bz.md"],
    ["?.md", "ab.md"],
    ["docs/*", "docs/a/b.md"],
    ["**", ".git/config"],
    ["**/node_modules/**", "a/node_modules/b/c.js"],
    ["a/**/b", "a/b"],
    ["a/**/b", "a/x/y/b"],
    ["*", ".hidden"],
  ];
  it.each(cases)("%s on %s answers as picomatch does", (pattern, path) => {
    expect(compilePathGlob(pattern)(path)).toBe(picomatch(pattern, { dot: true })(path));
  });

  it("[!abc] negates, as in git's wildmatch (picomatch reads it as a class holding '!')", () => {
    expect(compilePathGlob("[!abc].txt")("b.txt")).toBe(false);
    expect(compilePathGlob("[!abc].txt")("d.txt")).toBe(true);
  });

  it("stays linear on a long file name that makes picomatch's regex backtrack", () => {
    fast(() => expect(compilePathGlob("**/*a*a*a*a*a*a*b")(`x/${"a".repeat(255)}c`)).toBe(false));
    fast(() => expect(compilePathGlob("**/**/**/**/x")(`${"d/".repeat(500)}y`)).toBe(false));
    fast(() => compilePathGlob("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")("ab"));
  });
});
