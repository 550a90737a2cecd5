// The README is the user's door: the report it shows for the bundled example is what convert prints.
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

it("the README's `test` sample is what test prints for the bundled example (durations aside)", async () => {
  project = await makeProject({}, "readme-");
  await cp(path.join(REPO_ROOT, "examples/format-and-guard/.claude"), project.file(".claude"), { recursive: true });
  const result = await runCli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"rm -rf build"}', "--project", project.dir]);
  expect(result.exitCode).toBe(1);
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const shown = /For the bundled example, `test`\nprints:\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
  const durations = (text: string) => text.replace(/ in \d+ ms/g, " in N ms");
  expect(shown && durations(shown)).toBe(durations(result.stdout.trimEnd()));
});

it("the README's lints table names every lint code convert can warn with", async () => {
  const lints = await readFile(path.join(REPO_ROOT, "schema/lints.ts"), "utf8");
  const codes = [...new Set([...lints.matchAll(/code: "([a-z-]+)"/g)].map((match) => match[1]!))];
  expect(codes.length).toBeGreaterThan(5);
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const table = /\| Code \| Seen in real settings \|\n([\s\S]*?)\n\n/.exec(readme)?.[1] ?? "";
  expect(codes.filter((code) => !table.includes(`\`${code}\``))).toEqual([]);
});
