// The real command line, as a user runs it: `node bin/hooks2opencode.js ...`, never throwing on a
// non-zero exit (tests assert the code), in this process's environment plus what a test adds.
import path from "node:path";
import { execa } from "execa";
import { afterEach } from "vitest";
import { makeProject, REPO_ROOT, type TempProject } from "./project.js";

export const BIN = path.join(REPO_ROOT, "bin", "hooks2opencode.js");

export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return execa("node", [BIN, ...args], { reject: false, cwd: options.cwd ?? REPO_ROOT, env: options.env ?? {} });
}

/** A temp project maker for one test file: every project it made is removed after each test. */
export function tempProjects(prefix: string): (files: Record<string, string | object>) => Promise<TempProject> {
  const made: TempProject[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((project) => project.remove()));
  });
  return async (files) => {
    const project = await makeProject(files, prefix);
    made.push(project);
    return project;
  };
}
