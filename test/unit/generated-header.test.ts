import { describe, expect, it } from "vitest";
import { compare } from "../../cli/commands/check.js";
import { comment, parseHeader, renderHeader } from "../../cli/build/generated-header.js";

describe("generated header", () => {
  const info = { version: "1.2.3", sources: [".claude/settings.json"], command: "npx hooks2opencode convert", inputsHash: "abc" };

  it("round-trips, and detects an edited body", () => {
    const text = renderHeader(info, "body\n") + "body\n";
    expect(parseHeader(text)).toEqual({ inputsHash: "abc", bodyHash: expect.any(String), intact: true });
    expect(parseHeader(`${text}// edit\n`)?.intact).toBe(false);
    expect(parseHeader("export const Mine = 1;\n")).toBeUndefined();
    expect(parseHeader(text.replace(/\n/g, "\r\n"))?.intact).toBe(true); // autocrlf is not an edit
  });

  it("keeps any text on one comment line", () => {
    const line = comment(" rm\nx\u2028y\rz");
    expect(line.split(/[\n\r\u2028\u2029]/)).toHaveLength(1);
    expect(line).toBe("// rm\\u000ax\\u2028y\\u000dz");
  });

  it("escapes lone surrogates, which a UTF-8 file cannot hold; pairs stay", () => {
    expect(comment(" W\udbffrite \udc00 😀")).toBe("// W\\udbffrite \\udc00 😀");
  });
});

describe("check's comparison", () => {
  const info = { version: "1.2.3", sources: [], command: "npx hooks2opencode convert", inputsHash: "abc" };
  const expected = renderHeader(info, "body\n") + "body\n";
  it.each([
    [undefined, "missing"],
    ["export const Mine = 1;\n", "not generated"],
    [expected, "up to date"],
    [expected.replace(/\n/g, "\r\n"), "up to date"], // a CRLF checkout
    [`${expected}// mine\n`, "edited"],
    [renderHeader({ ...info, inputsHash: "old" }, "old body\n") + "old body\n", "stale"],
  ])("%j -> %s", (actual, state) => {
    expect(compare(expected, actual).state).toBe(state);
  });
});
