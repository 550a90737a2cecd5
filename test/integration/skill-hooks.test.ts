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

it("a skill typed as /name starts its hooks too; a command of that name from OpenCode's config (it hides the skill) does not", async () => {
  const p = await project({ ".claude/skills/deploy/SKILL.md": skill(false), ".claude/settings.json": { hooks: {} } });
  const plugin = await loadPlugin(p.dir);
  const typed = (session: string, text: string) =>
    plugin.hooks["command.execute.before"]!({ command: "careful-deploy", sessionID: session, arguments: "" }, { parts: [{ type: "text", text } as never] });
  const bash = (session: string) =>
    plugin.hooks["tool.execute.before"]!({ tool: "bash", sessionID: session, callID: `call_${session}` }, { args: { command: "ls" } });
  // OpenCode's own text for a skill typed as a command ends with the skill's folder.
  await typed("ses_skill", `Deploy carefully.\n\nBase directory for this skill: ${p.file(".claude/skills/deploy")}`);
  await typed("ses_config", "a command of the same name from opencode.json");
  await bash("ses_config");
  await expect(readFile(p.file("ran.log"), "utf8")).rejects.toThrow();
  await bash("ses_skill");
  expect((await readFile(p.file("ran.log"), "utf8")).trim().split("\n")).toEqual([p.file(".claude/skills/deploy")]);
});

it("once: true runs a skill's hook the first time only; the report says it is a skill's", async () => {
  const p = await project({ ".claude/skills/deploy/SKILL.md": skill(true) });
  const converted = await cli(["convert", "--project", p.dir]);
  expect(converted.stdout).toContain("at .claude/skills/deploy/SKILL.md:8:11"); // the handler itself, not the `hooks:` line
  expect(converted.stdout).toContain(
    "note: skill careful-deploy: runs in a session once the skill started there (OpenCode's skill tool loaded it, or the user typed /careful-deploy), once",
  );
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
  expect(result.stdout).toMatch(/dropped +Stop \[\*\] npm test\n.*at \.claude\/agents\/reviewer\.md:6:11/);
  expect(result.stdout).toContain('why: in the definition of the Claude agent "reviewer": Claude runs these only while that subagent runs');
  expect(await readFile(p.file(".opencode/plugins/claude-hooks.js"), "utf8").catch(() => "")).not.toContain('"command": "npm test"'); // listed in the header comment only
});

it("a skill's hook may use ${CLAUDE_PLUGIN_ROOT} (Claude sets it to the skill's folder): convert --strict and check --strict pass", async () => {
  const guarded = (variable: string) =>
    [
      "---",
      "name: careful-deploy",
      "description: Deploy with a guard",
      "hooks:",
      "  PreToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      `          command: '"\${${variable}}/guard.sh"'`,
      "---",
    ].join("\n");
  const p = await project({ ".claude/skills/deploy/SKILL.md": guarded("CLAUDE_PLUGIN_ROOT"), ".claude/settings.json": { hooks: {} } });
  const converted = await cli(["convert", "--strict", "--project", p.dir]);
  expect(converted.stderr).not.toContain("plugin-variable-outside-plugin");
  expect(converted.exitCode).toBe(0);
  expect((await cli(["check", "--strict", "--project", p.dir])).exitCode).toBe(0);
  // CLAUDE_PLUGIN_DATA is a plugin's only, a skill's hooks do not get it: warned, at the command's own line.
  await writeFile(p.file(".claude/skills/deploy/SKILL.md"), guarded("CLAUDE_PLUGIN_DATA"));
  const data = await cli(["convert", "--project", p.dir]);
  expect(data.stderr).toContain(".claude/skills/deploy/SKILL.md:9:20: warning: $CLAUDE_PLUGIN_DATA is set for a Claude Code plugin's hooks only");
  expect((await cli(["convert", "--strict", "--project", p.dir])).exitCode).toBe(2);
});

it("disable-model-invocation: true: each of the skill's hooks says what OpenCode does with the field and what it means for the hook", async () => {
  const md = (flag: string) => skill(false).replace("description: Deploy with a guard", `description: Deploy with a guard\n${flag}`);
  const p = await project({ ".claude/skills/deploy/SKILL.md": md("disable-model-invocation: true"), ".claude/settings.json": { hooks: {} } });
  const remark =
    "note: disable-model-invocation: in Claude only the user's /careful-deploy starts this skill; OpenCode 1.18.33 ignores the field and lists the skill to the model, so this hook also starts when the model loads the skill, which Claude never does";
  expect((await cli(["convert", "--project", p.dir])).stdout).toContain(remark);
  expect((await cli(["explain", "--project", p.dir])).stdout).toContain(`1. ${remark}`);
  await writeFile(p.file(".claude/skills/deploy/SKILL.md"), md("disable-model-invocation: false"));
  expect((await cli(["convert", "--project", p.dir])).stdout).not.toContain("disable-model-invocation");
});

it("test fires a skill's hooks once --skill marks the skill loaded; without it, the reason names the skill that is not", async () => {
  const p = await project({
    ".claude/settings.json": { hooks: {} },
    ".claude/skills/deploy/SKILL.md": [
      "---",
      "name: careful-deploy",
      "hooks:",
      "  PreToolUse:",
      "    - matcher: Bash",
      "      hooks:",
      "        - type: command",
      "          command: '\"${CLAUDE_PLUGIN_ROOT}/guard.sh\"'",
      "---",
    ].join("\n"),
  });
  const guard = '#!/bin/sh\njq -r .tool_input.command | grep -q deploy && { echo "guarded by $CLAUDE_PLUGIN_ROOT" >&2; exit 2; }\nexit 0\n';
  await writeFile(p.file(".claude/skills/deploy/guard.sh"), guard, { mode: 0o755 });
  const fire = (...more: string[]) => cli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"./deploy"}', "--project", p.dir, ...more]);
  const unloaded = await fire();
  expect(unloaded.stdout).toContain(
    'skipped ["${CLAUDE_PLUGIN_ROOT}/guard.sh"] at .claude/skills/deploy/SKILL.md:7:11: skill careful-deploy is not loaded in this session (its hooks start when OpenCode\'s skill tool loads it or the user types /careful-deploy); test with --skill careful-deploy',
  );
  expect(unloaded.exitCode).toBe(0);
  const loaded = await fire("--skill", "careful-deploy");
  expect(loaded.stdout).toContain(`stderr: guarded by ${p.file(".claude/skills/deploy")}`);
  expect(loaded.exitCode).toBe(1);
  const typo = await fire("--skill", "careful-deplyo");
  expect(typo.stderr).toContain('--skill careful-deplyo: no skill of that name has hooks; did you mean "careful-deploy"? (skills with hooks: careful-deploy)');
  expect(typo.exitCode).toBe(2);
});
