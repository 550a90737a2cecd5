// The README is the user's door: the report it shows for the bundled example is what convert prints;
// docs/cli.md's `test` samples and docs/failure-behaviour.md's lints table are what test and convert do.
import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { afterEach, expect, it } from "vitest";
import { makeProject, REPO_ROOT, type TempProject } from "../helpers/project.js";

let project: TempProject | undefined;
afterEach(() => project?.remove());

it("the README's report of examples/format-and-guard is exactly what convert prints for it", async () => {
  project = await makeProject({}, "readme-");
  await cp(path.join(REPO_ROOT, "examples/format-and-guard/.claude"), project.file(".claude"), { recursive: true });
  const result = await runCli(["convert", "--dry-run", "--project", project.dir]);
  expect(result.exitCode).toBe(0);
  const printed = result.stdout.split("\n").slice(1, -1).join("\n");
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const shown = /`convert` prints a line per hook[^\n]*\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
  expect(shown).toBe(printed);
});

it("docs/cli.md's `test` sample is what test prints for the bundled example (durations aside)", async () => {
  project = await makeProject({}, "readme-");
  await cp(path.join(REPO_ROOT, "examples/format-and-guard/.claude"), project.file(".claude"), { recursive: true });
  const result = await runCli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"rm -rf build"}', "--project", project.dir]);
  expect(result.exitCode).toBe(1);
  const doc = await readFile(path.join(REPO_ROOT, "docs/cli.md"), "utf8");
  const shown = /For the bundled example, `test`\nprints:\n\n```\n([\s\S]*?)\n```/.exec(doc)?.[1];
  const durations = (text: string) => text.replace(/ in \d+ ms/g, " in N ms");
  expect(shown && durations(shown)).toBe(durations(result.stdout.trimEnd()));
});

it("docs/cli.md's `test Stop` sample is what test prints for the bundled example, where it is: its own tests run", async () => {
  // In place, as a user runs it from a clone: the Stop hook's `npm test` must find the example's
  // package.json, not this repository's (whose suite would take minutes).
  const result = await runCli(["test", "Stop", "--project", path.join(REPO_ROOT, "examples/format-and-guard")]);
  expect(result.exitCode).toBe(0);
  const doc = await readFile(path.join(REPO_ROOT, "docs/cli.md"), "utf8");
  const shown = /`test Stop --project examples\/format-and-guard`[^`]*`npm test`[\s\S]*?prints:\n\n```\n([\s\S]*?)\n```/.exec(doc)?.[1];
  const durations = (text: string) => text.replace(/ in \d+ ms/g, " in N ms");
  expect(shown && durations(shown)).toBe(durations(result.stdout.trimEnd()));
});

it("every other hook of the bundled example works where it is, from a clone after npm ci", async () => {
  project = await makeProject({ "unformatted.js": "const a = {b:1}\n" }, "readme-");
  const example = ["--project", path.join(REPO_ROOT, "examples/format-and-guard")];
  const fire = (args: string[]) => runCli([...args, ...example]);
  const formatted = await fire([
    "test",
    "PostToolUse",
    "--tool",
    "Write",
    "--input",
    JSON.stringify({ file_path: project.file("unformatted.js"), content: "" }),
  ]);
  expect([formatted.exitCode, await readFile(project.file("unformatted.js"), "utf8")]).toEqual([0, "const a = { b: 1 };\n"]);
  const outcomes = await Promise.all([
    fire(["test", "PreToolUse", "--tool", "Write", "--input", JSON.stringify({ file_path: ".env.local", content: "KEY=1" })]),
    fire(["test", "SessionStart"]),
    fire(["test", "UserPromptSubmit", "--prompt", "my key is sk-abcdefghijklmnopqrstuvwx"]),
    fire(["test", "UserPromptSubmit", "--prompt", "add a test"]),
  ]);
  expect(outcomes.map((outcome) => outcome.stdout.split("\n").at(-1))).toEqual([
    "Outcome: blocked (exit 1)",
    "Outcome: went through (exit 0)",
    "Outcome: blocked (exit 1)",
    "Outcome: went through (exit 0)",
  ]);
  expect(outcomes[1]!.stdout).toContain("SessionStart:startup hook success: ## ");
});

it("docs/failure-behaviour.md's lints table names every lint code convert can warn with", async () => {
  const lints = await readFile(path.join(REPO_ROOT, "schema/lints.ts"), "utf8");
  const codes = [...new Set([...lints.matchAll(/code: "([a-z-]+)"/g)].map((match) => match[1]!))];
  expect(codes.length).toBeGreaterThan(5);
  const doc = await readFile(path.join(REPO_ROOT, "docs/failure-behaviour.md"), "utf8");
  const table = /\| Code \| Seen in real settings \|\n([\s\S]*?)\n\n/.exec(doc)?.[1] ?? "";
  expect(codes.filter((code) => !table.includes(`\`${code}\``))).toEqual([]);
});
