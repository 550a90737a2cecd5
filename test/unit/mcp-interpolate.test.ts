// An mcp_tool hook's `input`: `${path}` in string values is filled from the hook input JSON.
import { expect, it } from "vitest";
import { interpolate } from "../../plugin/mcp/interpolate.js";

const input = { tool_name: "Write", tool_input: { file_path: "/p/a.ts", lines: [1, 2] }, session_id: "s1" };

it.each([
  ["${tool_input.file_path}", "/p/a.ts"],
  ["file ${tool_input.file_path} in ${session_id}", "file /p/a.ts in s1"],
  ["${tool_input.lines}", "[1,2]"],
  ["${tool_input.missing}", ""],
  ["${constructor}", ""],
  ["no placeholder $HOME", "no placeholder $HOME"],
])("%s", (template, expected) => {
  expect(interpolate(template, input)).toBe(expected);
});

it("fills nested objects and arrays, and leaves other values as they are", () => {
  expect(interpolate({ path: "${tool_input.file_path}", tags: ["${tool_name}", 3], limit: 5, deep: { on: true } }, input)).toEqual({
    path: "/p/a.ts",
    tags: ["Write", 3],
    limit: 5,
    deep: { on: true },
  });
});
