import { describe, expect, it } from "vitest";
import { comment, parseHeader, renderHeader } from "../../cli/generated-header.js";

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
});
