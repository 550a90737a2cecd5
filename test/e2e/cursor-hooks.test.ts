// Cursor hooks (.cursor/hooks.json) in the real OpenCode binary, with Cursor's contract: a guard
// written as Cursor's docs write one blocks a bash call with Cursor's text, an afterFileEdit script
// formats the file it names, a stop script sends the agent back with its followup_message, and
// sessionStart / beforeSubmitPrompt context reaches the model as written.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { callId } from "./harness/fake-llm.js";
import { scenarios } from "./harness/scenario.js";

const run = scenarios();

describe("Cursor hooks in real OpenCode", () => {
  it("a preToolUse guard blocks rm -rf with Cursor's text; an afterFileEdit script formats the written file", async () => {
    const s = await run({
      settings: {},
      files: {
        "victim/keep.txt": "precious\n",
        ".cursor/hooks/guard.sh": `#!/bin/sh\ncase "$(jq -r '.tool_input.command')" in *"rm -rf"*) echo '{"permission":"deny","user_message":"rm -rf is not allowed"}' ;; *) echo '{}' ;; esac\n`,
        ".cursor/hooks/format.sh": `#!/bin/sh\nfile=$(jq -r '.file_path')\nprintf '%s\\n' "// formatted" >> "$file"\necho '{}'\n`,
        ".cursor/hooks.json": {
          version: 1,
          hooks: {
            preToolUse: [{ command: "sh .cursor/hooks/guard.sh", matcher: "Shell" }],
            afterFileEdit: [{ command: "sh .cursor/hooks/format.sh" }],
          },
        },
      },
      // Cursor runs `$SHELL -lc`: a login shell; sh keeps it quick on a machine with a heavy profile.
      env: { SHELL: "/bin/sh" },
      timeoutMs: 280_000,
      script: [
        { tool: "bash", args: { command: "rm -rf victim", description: "clean" } },
        { tool: "write", args: { filePath: "out.js", content: "let x = 1;\n" } },
        { text: "done" },
      ],
    });
    expect(existsSync(s.project.file("victim/keep.txt"))).toBe(true);
    expect(s.toolResult(callId(0, 0))).toBe("rm -rf is not allowed\n\nAgent note: Do not suggest workarounds to the blocked tool.");
    expect(await readFile(s.project.file("out.js"), "utf8")).toBe("let x = 1;\n// formatted\n");
  }, 300_000);

  it("a stop script sends the agent back with its followup_message; sessionStart and beforeSubmitPrompt context reach the model as written", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> stop-input.jsonl',
      "[ -f tests-pass ] && { echo '{}'; exit 0; }",
      "touch tests-pass",
      'echo \'{"followup_message":"2 tests fail: fix them"}\'',
    ].join("\n");
    const s = await run({
      settings: {},
      files: {
        ".cursor/hooks/gate.sh": `${gate}\n`,
        ".cursor/hooks.json": {
          version: 1,
          hooks: {
            sessionStart: [{ command: `echo '{"additional_context":"Cursor session note: branch main"}'` }],
            beforeSubmitPrompt: [{ command: `jq -c '{additional_context: ("Cursor prompt seen: " + .prompt)}'` }],
            stop: [{ command: "sh .cursor/hooks/gate.sh" }],
          },
        },
      },
      env: { SHELL: "/bin/sh" },
      timeoutMs: 280_000,
      script: [{ text: "first answer" }, { text: "fixed it" }],
    });
    const agent = s.llm.requests.filter((request) => request.kind === "agent");
    expect(agent).toHaveLength(2);
    const firstUser = JSON.stringify(agent[0]!.body.messages.filter((message) => message.role === "user"));
    expect(firstUser).toContain("Cursor session note: branch main");
    expect(firstUser).toContain("Cursor prompt seen: run the scripted steps");
    expect(firstUser).not.toContain("hook additional context");
    const lastUser = agent[1]!.body.messages.findLast((message) => message.role === "user");
    expect(JSON.stringify(lastUser?.content)).toContain("2 tests fail: fix them");
    expect(JSON.stringify(lastUser?.content)).not.toContain("Stop hook feedback");
    const inputs = (await readFile(s.project.file("stop-input.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inputs.map((input) => input.loop_count)).toEqual([0, 1]);
    expect(inputs[0]).toMatchObject({ hook_event_name: "stop", status: "completed" });
  }, 300_000);
});
