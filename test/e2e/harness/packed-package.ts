// The package as a user installs it: `npm pack` of this repository, unpacked into a temp folder with
// no node_modules beside it. The live plugin is loaded from there through opencode.json (the e2e
// runs without a registry), so a test proves that dist/live.js needs nothing it does not carry.
import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { REPO_ROOT } from "../../helpers/project.js";

let packed: Promise<string> | undefined;

/** The unpacked package folder (packed once per test file). */
export function packedPackage(): Promise<string> {
  packed ??= pack();
  return packed;
}

async function pack(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "hooks2opencode-pack-"));
  // --ignore-scripts: the global setup has built dist/ already.
  await execa("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: REPO_ROOT });
  const tarball = (await readdir(dir)).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`);
  await execa("tar", ["-xzf", tarball], { cwd: dir });
  return path.join(dir, "package");
}
