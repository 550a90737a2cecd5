// GPT-family models get apply_patch instead of edit/write. Claude hooks on Edit|Write must still see
// each changed file, with file_path.
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";

const run = scenarios();

it("apply_patch: PostToolUse Edit|Write sees each file the patch touched and formats it", async () => {
  const patch = [
    "*** Begin Patch",
    "*** Add File: src/new.ts",
    "+const  x={a:1}",
    "*** Update File: src/old.ts",
    "@@",
    "-const old=1",
    "+const  updated={b:2}",
    "*** End Patch",
  ].join("\n");
  const scenario = await run({
    model: "gpt-5-fake",
    files: { "src/old.ts": "const old=1\n" },
    settings: {
      hooks: {
        PostToolUse: [
          {
            matcher: "Edit|Write",
            hooks: [
              {
                type: "command",
                command: `input=$(cat); printf '%s' "$input" | jq -r '.tool_name + " " + .tool_input.file_path' >> "$CLAUDE_PROJECT_DIR/seen.log"; printf '%s' "$input" | jq -r .tool_input.file_path | xargs npx --no-install prettier --write`,
              },
            ],
          },
        ],
      },
    },
    script: [{ tool: "apply_patch", args: { patchText: patch } }, { text: "patched" }],
  });
  const tools = scenario.llm.requests.find((request) => request.kind === "agent")?.body.tools as Array<{ function: { name: string } }>;
  expect(tools.map((tool) => tool.function.name)).toContain("apply_patch");
  expect((await readFile(scenario.project.file("seen.log"), "utf8")).trim().split("\n").sort()).toEqual([
    `Edit ${scenario.project.file("src/old.ts")}`,
    `Write ${scenario.project.file("src/new.ts")}`,
  ]);
  expect(await readFile(scenario.project.file("src/new.ts"), "utf8")).toBe("const x = { a: 1 };\n");
  expect(await readFile(scenario.project.file("src/old.ts"), "utf8")).toBe("const updated = { b: 2 };\n");
  expect(scenario.toolResult(callId(0, 0))).toBeDefined();
});
