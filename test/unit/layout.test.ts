// The folders depend one way: schema/ (the Claude settings model: events, handler fields, matcher
// and `if` syntax, Claude's tool names, and in schema/sources/ the reads of every hook source)
// imports neither plugin/ nor cli/; plugin/ (the runtime) imports schema/ only; cli/ may import both.
// A cycle would make the runtime bundle drag in the CLI. Inside plugin/, the build stages the live
// door shares with convert (plugin/load/) and the live door itself (plugin/live/) sit above the
// runtime: the runtime every generated plugin copies never reads settings.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

async function importsOf(folder: string): Promise<Array<{ file: string; target: string }>> {
  const found: Array<{ file: string; target: string }> = [];
  for (const entry of await readdir(path.join(REPO_ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/^(?:import|export)(?:[^"']*from)?\s*["']([^"']+)["']/gm)) {
      if (match[1]!.startsWith("."))
        found.push({ file: path.relative(REPO_ROOT, file), target: path.relative(REPO_ROOT, path.resolve(path.dirname(file), match[1]!)) });
    }
  }
  return found;
}

it("schema/ imports nothing from plugin/ or cli/; plugin/ nothing from cli/", async () => {
  const outside = (folder: string, forbidden: string[]) =>
    importsOf(folder).then((imports) => imports.filter(({ target }) => forbidden.some((other) => target.startsWith(`${other}/`))));
  expect(await outside("schema", ["plugin", "cli"])).toEqual([]);
  expect(await outside("plugin", ["cli"])).toEqual([]);
});

it("the runtime of a generated plugin imports neither the build stages, the live door nor the source readers", async () => {
  const above = ["plugin/live/", "plugin/load/", "schema/sources/"];
  const runtime = (await importsOf("plugin")).filter(({ file }) => !file.startsWith("plugin/live/") && !file.startsWith("plugin/load/"));
  expect(runtime.filter(({ target }) => above.some((stage) => target.startsWith(stage)))).toEqual([]);
});
