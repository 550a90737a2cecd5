// The CI wiring a user copies from examples/ci/: both files run the gate exactly as the README says,
// and that command line, run as CI runs it (from the project root), passes on every bundled example
// right after convert and fails once the settings or the plugin drift.
import { existsSync } from "node:fs";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli, tempProjects } from "../helpers/cli.js";
import { REPO_ROOT } from "../helpers/project.js";

const CI_COMMAND = "npx hooks2opencode check --strict";
const EXAMPLES = path.join(REPO_ROOT, "examples");
const PLUGIN = ".opencode/plugins/claude-hooks.js";
const SETTINGS = ".claude/settings.json";

const readYaml = async (name: string) => parse(await readFile(path.join(EXAMPLES, "ci", name), "utf8"));

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Hook {
  id: string;
  entry: string;
  language: string;
  files?: string;
  pass_filenames?: boolean;
}

/** The one workflow step that runs hooks2opencode, and its job. */
async function workflowGate() {
  const workflow = await readYaml("github-actions.yml");
  const jobs = Object.values(workflow.jobs as Record<string, { steps: Step[] }>);
  const runs = jobs.flatMap((job) => job.steps.filter((step) => step.run?.includes("hooks2opencode")).map((step) => ({ job, step })));
  expect(runs).toHaveLength(1);
  return { workflow, ...runs[0]! };
}

/** The one pre-commit hook that runs hooks2opencode, and its repo entry. */
async function preCommitGate() {
  const config = await readYaml("pre-commit-config.yaml");
  const hooks = (config.repos as Array<{ repo: string; hooks: Hook[] }>).flatMap((repo) => repo.hooks.map((hook) => ({ repo, hook })));
  const ours = hooks.filter(({ hook }) => hook.entry.includes("hooks2opencode"));
  expect(ours).toHaveLength(1);
  return ours[0]!;
}

/** A command line's arguments after `npx hooks2opencode`: what runCli gives the repo's own CLI. */
function cliArgs(command: string): string[] {
  const [npx, bin, ...args] = command.trim().split(/\s+/);
  expect([npx, bin]).toEqual(["npx", "hooks2opencode"]);
  return args;
}

describe("examples/ci/github-actions.yml", () => {
  it("on push and pull_request: checkout, Node 20+, npm ci, then exactly the check command", async () => {
    const { workflow, job, step } = await workflowGate();
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(["push", "pull_request"]));
    expect(step.run!.trim()).toBe(CI_COMMAND);

    const at = (predicate: (step: Step) => boolean) => job.steps.findIndex(predicate);
    const gate = job.steps.indexOf(step);
    const install = at((s) => s.run?.trim() === "npm ci");
    const checkout = at((s) => s.uses?.startsWith("actions/checkout@") ?? false);
    const node = at((s) => s.uses?.startsWith("actions/setup-node@") ?? false);
    expect(checkout).toBeGreaterThanOrEqual(0);
    expect(node).toBeGreaterThan(checkout);
    expect(install).toBeGreaterThan(node);
    expect(gate).toBeGreaterThan(install);
    expect(Number.parseInt(String(job.steps[node]!.with?.["node-version"]), 10)).toBeGreaterThanOrEqual(20);
  });
});

describe("examples/ci/pre-commit-config.yaml", () => {
  it("a local hook running exactly the check command, without file names, on the settings and plugin files only", async () => {
    const { repo, hook } = await preCommitGate();
    expect(repo.repo).toBe("local");
    expect(hook.entry.trim()).toBe(CI_COMMAND);
    // `unsupported` is the name pre-commit 4.4+ gives the same thing; `system` works in all versions.
    expect(["system", "unsupported"]).toContain(hook.language);
    expect(hook.pass_filenames).toBe(false);

    // pre-commit applies `files` with Python's re.search to paths relative to the repository root;
    // this pattern uses only syntax Python and JavaScript read alike.
    expect(hook.files).toBeTypeOf("string");
    expect(hook.files).not.toMatch(/\(\?/);
    const files = new RegExp(hook.files!);
    for (const file of [SETTINGS, ".claude/settings.local.json", PLUGIN, ".opencode/plugins/claude-hooks.runtime.mjs"]) expect(file).toMatch(files);
    for (const file of ["src/index.ts", "package.json", ".claude/hooks/block-rm-rf.sh", "docs/.claude/settings.json.md"]) expect(file).not.toMatch(files);
  });
});

// Every example project is covered, including ones added later.
const examples = (await readdir(EXAMPLES, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && existsSync(path.join(EXAMPLES, entry.name, SETTINGS)))
  .map((entry) => entry.name);

describe("the CI command on the bundled examples", () => {
  const project = tempProjects("ci-example-");

  it("finds at least one example project", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)("examples/%s: passes after convert, fails on changed settings and on a hand-edited plugin", async (name) => {
    // The command line the two files run (the tests above hold them to CI_COMMAND), not a copy of it.
    const [workflowCommand, hookCommand] = [(await workflowGate()).step.run!, (await preCommitGate()).hook.entry];
    expect(cliArgs(hookCommand)).toEqual(cliArgs(workflowCommand));
    const args = cliArgs(workflowCommand);

    const source = path.join(EXAMPLES, name);
    const { dir, file } = await project({});
    // The example as a user commits it: its .opencode/ is convert's output and git-ignored here.
    await cp(source, dir, { recursive: true, filter: (from) => path.relative(source, from).split(path.sep)[0] !== ".opencode" });
    expect(existsSync(file(".opencode"))).toBe(false);
    const ci = () => runCli(args, { cwd: dir }); // CI runs it from the project's root, with no --project

    expect((await ci()).exitCode).toBe(1); // nothing converted yet: missing
    const converted = await runCli(["convert"], { cwd: dir });
    expect(converted.exitCode, converted.stdout + converted.stderr).toBe(0);
    const clean = await ci();
    expect(clean.exitCode, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toContain(`up to date: ${PLUGIN}`);

    // One more hook, appended where it moves no other hook's location.
    const original = await readFile(file(SETTINGS), "utf8");
    const group = { matcher: "Bash", hooks: [{ type: "command", command: "echo ci-example-drift" }] };
    const format = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
    await writeFile(file(SETTINGS), applyEdits(original, modify(original, ["hooks", "PreToolUse", -1], group, { ...format, isArrayInsertion: true })));
    const stale = await ci();
    expect(stale.exitCode, stale.stdout + stale.stderr).toBe(1);
    expect(stale.stdout).toContain(`stale: ${PLUGIN}`);

    expect((await runCli(["convert"], { cwd: dir })).exitCode).toBe(0);
    const plugin = await readFile(file(PLUGIN), "utf8");
    expect(plugin).toContain('"echo ci-example-drift"'); // the stale report was about that hook
    expect((await ci()).exitCode).toBe(0);
    await writeFile(file(PLUGIN), plugin.replace('"echo ci-example-drift"', '"true"'));
    const edited = await ci();
    expect(edited.exitCode, edited.stdout + edited.stderr).toBe(1);
    expect(edited.stdout).toContain(`edited: ${PLUGIN}`);

    // A typo (a mis-cased event name) is a warning: under --strict the build fails on it too.
    expect((await runCli(["convert", "--force"], { cwd: dir })).exitCode).toBe(0);
    const current = await readFile(file(SETTINGS), "utf8");
    await writeFile(file(SETTINGS), applyEdits(current, modify(current, ["hooks", "preToolUse"], [group], format)));
    const typo = await ci();
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain("[unknown-event]");
  });
});
