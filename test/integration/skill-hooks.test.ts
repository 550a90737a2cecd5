// Hooks in skill frontmatter, through convert and the generated plugin loaded in-process: they run
// in a session only after OpenCode's skill tool loaded that skill there, `once` ones the first time
// only; hooks in agent definitions, which OpenCode does not run, are warned about.
import { readFile, writeFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { runCli as cli, tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";

const project = tempProjects("skills-");
const skill = (once: boolean) =>
  [
    "---",
    "name: careful-deploy",
    "description: Deploy with a guard",
    "hooks:",
    "  PreToolUse:",
    "    - matcher: Bash",
    "      hooks:",
    "        - type: command",
    '          command: \'echo "$CLAUDE_PLUGIN_ROOT" >> "$CLAUDE_PROJECT_DIR/ran.log"\'',
    ...(once ? ["          once: true"] : []),
    "---",
    "Deploy carefully.",
  ].join("\n");

it("a skill's hooks run only once the skill is loaded in that session, with the skill's folder as CLAUDE_PLUGIN_ROOT", async () => {
  const p = await project({ ".claude/skills/deploy/SKILL.md": skill(false), ".claude/settings.json": { hooks: {} } });
  const plugin = await loadPlugin(p.dir);
  await plugin.before("bash", { command: "ls" }, "call_a");
  await expect(readFile(p.file("ran.log"), "utf8")).rejects.toThrow(); // not loaded yet
  await plugin.after("skill", { name: "careful-deploy" }, { title: "", output: "loaded", metadata: {} }, "call_s");
  await plugin.before("bash", { command: "ls" }, "call_b");
  await plugin.before("bash", { command: "pwd" }, "call_c");
  expect((await readFile(p.file("ran.log"), "utf8")).trim().split("\n")).toEqual([p.file(".claude/skills/deploy"), p.file(".claude/skills/deploy")]);
  // Another session has not loaded it.
  await plugin.hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_other", callID: "call_d" }, { args: { command: "ls" } });
  expect((await readFile(p.file("ran.log"), "utf8")).trim().split("\n")).toHaveLength(2);
});

it("once: true runs a skill's hook the first time only; the report says it is a skill's", async () => {
  const p = await project({ ".claude/skills/deploy/SKILL.md": skill(true) });
  const converted = await cli(["convert", "--project", p.dir]);
  expect(converted.stdout).toContain("at .claude/skills/deploy/SKILL.md:4:1");
  expect(converted.stdout).toContain("note: skill careful-deploy: runs in a session once OpenCode's skill tool loaded the skill there, once");
  const plugin = await loadPlugin(p.dir);
  await plugin.after("skill", { name: "careful-deploy" }, { title: "", output: "", metadata: {} }, "call_s");
  await plugin.before("bash", { command: "ls" }, "call_b");
  await plugin.before("bash", { command: "ls" }, "call_c");
  expect((await readFile(p.file("ran.log"), "utf8")).trim().split("\n")).toHaveLength(1);
  // SKILL.md is an input like a settings file: a changed hooks block makes the plugin stale.
  await writeFile(p.file(".claude/skills/deploy/SKILL.md"), skill(false));
  expect((await cli(["check", "--project", p.dir])).stdout).toContain("stale: .opencode/plugins/claude-hooks.js");
});

it("hooks in an agent definition are reported dropped, with why: OpenCode does not run Claude agent definitions", async () => {
  const p = await project({
    ".claude/settings.json": { hooks: {} },
    ".claude/agents/reviewer.md": "---\nname: reviewer\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: npm test\n---\nReview.\n",
  });
  const result = await cli(["convert", "--project", p.dir]);
  expect(result.stdout).toMatch(/dropped +Stop \[\*\] npm test\n.*at \.claude\/agents\/reviewer\.md:3:1/);
  expect(result.stdout).toContain('why: in the definition of the Claude agent "reviewer": Claude runs these only while that subagent runs');
  expect(await readFile(p.file(".opencode/plugins/claude-hooks.js"), "utf8").catch(() => "")).not.toContain('"command": "npm test"'); // listed in the header comment only
});
