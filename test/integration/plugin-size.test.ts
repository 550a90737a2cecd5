// The size budget of what lands in a user's repository: a plugin file a reviewer reads in one screen
// (header, the hooks, one import) and a runtime module well under 150 KB. The runtime bundles no
// third-party code (spawning is node:child_process, globs are plugin/match/), so its size is ours.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "jsonc-parser";
import { expect, it } from "vitest";
import { buildOutputs } from "../../cli/build/build-plugin.js";
import { makeProject, REPO_ROOT } from "../helpers/project.js";

const EXAMPLE = path.join(REPO_ROOT, "examples/format-and-guard");

it("the runtime module stays under 150 KB (the budget of docs/performance.md) and matches the size the README and the benchmark table give", async () => {
  const build = await buildOutputs({ project: EXAMPLE, env: { HOME: "/nonexistent" } });
  const bytes = Buffer.byteLength(build.runtimeText!);
  expect(bytes).toBeLessThan(150 * 1024);
  // Claude's hooks only: none of the other agents' dialects is in it (their code is a third of the full runtime).
  for (const mark of ["CURSOR_HOOK_EOF", "hook_prompt hook_run_id", "Tool execution blocked:", "Denied by preToolUse hook"])
    expect(build.runtimeText!.includes(mark), mark).toBe(false);
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const stated = Number(/the generated runtime \(about (\d+) KB minified/.exec(readme)?.[1]);
  expect(Math.abs(stated - bytes / 1024)).toBeLessThan(4);
  // The benchmark table's row too: a run pasted long ago shows an old size.
  const bench = await readFile(path.join(REPO_ROOT, "docs/performance.md"), "utf8");
  const benched = Number(/^\| generated runtime module +(?:\|[^|]*){3}\| +([\d.]+) KB/m.exec(bench)?.[1]);
  expect(Math.abs(benched - bytes / 1024)).toBeLessThan(4);
});

it("the plugin file holds only the header, the hooks as data and one import: every command is readable in it", async () => {
  const build = await buildOutputs({ project: EXAMPLE, env: { HOME: "/nonexistent" } });
  const text = build.pluginText!;
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith("const HOOKS2OPENCODE_CONFIG = {"));
  expect(start).toBeGreaterThan(0);
  expect(start).toBeLessThan(15); // header and import fit above the hooks
  const code = lines.filter((line) => /^(import|export|const) /.test(line));
  expect(code).toEqual([
    'import { createPlugin } from "./claude-hooks.runtime.mjs";',
    "const HOOKS2OPENCODE_CONFIG = {",
    "export const ClaudeCodeHooks = createPlugin(HOOKS2OPENCODE_CONFIG);",
  ]);
  const settings = parse(await readFile(path.join(EXAMPLE, ".claude/settings.json"), "utf8"));
  const commands = Object.values(settings.hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>)
    .flat()
    .flatMap((group) => group.hooks.map((hook) => hook.command));
  for (const command of commands) expect(text).toContain(JSON.stringify(command));
  expect(Buffer.byteLength(text)).toBeLessThan(4 * 1024);
});

it("a project with another agent's hooks gets the runtime with the dialects (under 200 KB), and it runs them", async () => {
  const project = await makeProject({ ".gemini/settings.json": { hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "true" }] }] } } });
  try {
    const build = await buildOutputs({ project: project.dir, env: { HOME: "/nonexistent" } });
    const bytes = Buffer.byteLength(build.runtimeText!);
    expect(build.runtimeText!.includes("Tool execution blocked:")).toBe(true);
    expect(bytes).toBeLessThan(200 * 1024);
    expect(bytes).toBeGreaterThan(Buffer.byteLength((await buildOutputs({ project: EXAMPLE, env: { HOME: "/nonexistent" } })).runtimeText!));
  } finally {
    await project.remove();
  }
});
