// Until hooks2opencode is on the npm registry, the README's way in is `npm pack` in a clone and
// `npm install --save-dev <tarball>` in the user's project. This does exactly that, offline: the
// package and its dependencies are packed from this checkout, installed by npm into a fresh project
// outside the repository, and its bin converts that project's hooks.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

const run = promisify(execFile);
let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** This package's runtime dependencies and theirs, as installed here: what npm would fetch. */
async function dependencyFolders(manifest: string, seen = new Set<string>()): Promise<string[]> {
  const { dependencies = {} } = JSON.parse(await readFile(manifest, "utf8")) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    const folder = path.join(REPO_ROOT, "node_modules", name);
    if (seen.has(folder)) continue;
    seen.add(folder);
    await dependencyFolders(path.join(folder, "package.json"), seen);
  }
  return [...seen];
}

it("the packed package installs with npm into another project, offline, and its bin converts there", { timeout: 120_000 }, async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "hooks2opencode-install-"));
  const tarballs = path.join(scratch, "tarballs");
  const app = path.join(scratch, "my-app");
  await mkdir(tarballs);
  await mkdir(path.join(app, ".claude"), { recursive: true });
  // dist/ is fresh (test/global-setup.ts): no prepare run here.
  const packed = await run(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", tarballs, REPO_ROOT, ...(await dependencyFolders(path.join(REPO_ROOT, "package.json")))],
    {
      cwd: scratch,
    },
  );
  const files = (JSON.parse(packed.stdout) as Array<{ filename: string }>).map((entry) => path.join(tarballs, entry.filename));
  // The README names the file npm pack writes.
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  expect(readme).toContain(`\`npm ci && npm pack\` there\nwrites \`${path.basename(files[0]!)}\``);

  await writeFile(path.join(app, "package.json"), JSON.stringify({ name: "my-app", private: true }));
  await writeFile(
    path.join(app, ".claude/settings.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] } }),
  );
  await run("npm", ["install", "--save-dev", "--offline", "--no-audit", "--no-fund", ...files], { cwd: app });
  const manifest = JSON.parse(await readFile(path.join(app, "package.json"), "utf8"));
  expect(manifest.devDependencies.hooks2opencode).toMatch(/^file:.*hooks2opencode-.*\.tgz$/);

  const converted = await run("npx", ["--no-install", "hooks2opencode", "convert"], { cwd: app });
  expect(converted.stdout).toContain("1 hook: 1 translated, 0 degraded, 0 dropped");
  expect(existsSync(path.join(app, ".opencode/plugins/claude-hooks.js"))).toBe(true);
  expect(existsSync(path.join(app, ".opencode/plugins/claude-hooks.runtime.mjs"))).toBe(true);
  const checked = await run("npx", ["--no-install", "hooks2opencode", "check", "--strict"], { cwd: app });
  expect(checked.stdout).toContain("up to date: .opencode/plugins/claude-hooks.js");
});
