// One Node version range, said three times: package.json's `engines`, the README's "Needs Node.js",
// and what every installed package accepts (npm ci warns EBADENGINE otherwise). CI checks it first.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JS script without type declarations
import { lowestVersions, satisfies } from "../../scripts/check-node.js";
import { REPO_ROOT } from "../helpers/project.js";

const readJson = async (file: string) => JSON.parse(await readFile(path.join(REPO_ROOT, file), "utf8"));

describe("satisfies, as npm reads engines", () => {
  it.each([
    ["20.19.0", "^20.19.0 || >=22.12.0", true],
    ["20.18.3", "^20.19.0 || >=22.12.0", false],
    ["21.7.0", "^20.19.0 || >=22.12.0", false],
    ["22.11.0", "^20.19.0 || >=22.12.0", false],
    ["26.1.0", "^20.19.0 || >=22.12.0", true],
    ["20.20.2", "^22.22.2 || ^24.15.0 || >=26.0.0", false],
    ["20.0.0", ">= 8", true],
    ["13.8.0", "^10 || ^12 || ^13.7 || ^14 || >=15.0.1", true],
    ["13.6.0", "^10 || ^12 || ^13.7 || ^14 || >=15.0.1", false],
    ["0.10.5", "^0.10.2", true],
    ["0.11.0", "^0.10.2", false],
    ["1.2.9", "~1.2.3", true],
    ["1.3.0", "~1.2.3", false],
    ["20.5.1", "20", true],
    ["21.0.0", "20", false],
    ["20.0.0", ">=20 <21", true],
  ])("%s in %j: %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe("the Node version range", () => {
  it("every package npm ci installs accepts the lowest Node that engines allows (no EBADENGINE)", async () => {
    const range: string = (await readJson("package.json")).engines.node;
    const lowest: string[] = lowestVersions(range);
    expect(lowest.length).toBeGreaterThan(0);
    const packages: Record<string, { engines?: { node?: string }; optional?: boolean }> = (await readJson("package-lock.json")).packages;
    const refused = Object.entries(packages)
      // Optional packages for other platforms (wasm, darwin, ...) are not installed here.
      .filter(([name, entry]) => entry.engines?.node && (!entry.optional || existsSync(path.join(REPO_ROOT, name))))
      .flatMap(([name, entry]) =>
        lowest.filter((version) => !satisfies(version, entry.engines!.node!)).map((version) => `${name} (${entry.engines!.node}) refuses Node ${version}`),
      );
    expect(refused).toEqual([]);
  });

  it("the README names the same versions, and CI checks this Node before installing", async () => {
    const range: string = (await readJson("package.json")).engines.node;
    const named = lowestVersions(range).map((version: string) => `${version.replace(/\.0$/, "")}+`);
    const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain(`Needs Node.js ${named.join(" or ")}`);
    const ci = await readFile(path.join(REPO_ROOT, ".ci/run"), "utf8");
    expect(ci.indexOf("node scripts/check-node.js")).toBeGreaterThan(-1);
    expect(ci.indexOf("node scripts/check-node.js")).toBeLessThan(ci.indexOf("\nnpm ci "));
  });

  it("scripts/check-node.js passes this Node and stops an older one in one line", async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ["scripts/check-node.js", ...args], { cwd: REPO_ROOT }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
    expect(await run([])).toEqual({ code: 0, stderr: "" });
    const old = await run(["20.18.0"]);
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(
      /^hooks2opencode needs Node\.js .+ \(package\.json "engines", as the README says\); this is Node\.js 20\.18\.0\. Install a newer Node\.js\.\n$/,
    );
  });
});
