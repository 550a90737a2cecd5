// The folders depend one way: schema/ (the Claude settings model: events, handler fields, matcher
// and `if` syntax, Claude's tool names, and in schema/sources/ the reads of every hook source)
// imports neither plugin/ nor cli/; plugin/ (the runtime) imports schema/ only; cli/ may import both.
// A cycle would make the runtime bundle drag in the CLI. Inside plugin/, the build stages the live
// door shares with convert (plugin/load/) and the live door itself (plugin/live/) sit above the
// runtime: the runtime every generated plugin copies never reads settings. No file imports itself
// back through others (`import type` too), and plugin/'s folders stand on floors: each imports only
// what stands below it, so a module is read knowing only what is under it.
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
        found.push({
          file: path.relative(REPO_ROOT, file),
          target: path.relative(REPO_ROOT, path.resolve(path.dirname(file), match[1]!)).replace(/\.js$/, ".ts"),
        });
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

/** An import cycle among the files, as its files in import order (the first again last), or [] when there is none. */
function cycleIn(imports: ReadonlyArray<{ file: string; target: string }>): string[] {
  const targets = new Map<string, string[]>();
  for (const { file, target } of imports) targets.set(file, [...(targets.get(file) ?? []), target]);
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (trail.includes(file)) return [...trail.slice(trail.indexOf(file)), file];
    if (done.has(file)) return undefined;
    trail.push(file);
    for (const target of targets.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(file);
    return undefined;
  };
  for (const file of targets.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return [];
}

it("the imports inside plugin/, schema/ and cli/ form no cycle", async () => {
  const imports = (await Promise.all(["plugin", "schema", "cli"].map(importsOf))).flat();
  expect(cycleIn(imports)).toEqual([]);
});

it("the cycle check finds a cycle and names its files", () => {
  const imports = [
    { file: "a.ts", target: "b.ts" },
    { file: "b.ts", target: "c.ts" },
    { file: "c.ts", target: "b.ts" },
  ];
  expect(cycleIn(imports)).toEqual(["b.ts", "c.ts", "b.ts"]);
  expect(cycleIn(imports.slice(0, 2))).toEqual([]);
});

/**
 * plugin/'s folders and top-level files from the top floor down: each imports only those on lower
 * floors. The runtime's state (runtime.ts) stands right under the events that use it; what it is
 * made of (run/, opencode/, transcripts.ts, session-state.ts) declares what it needs of it instead.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["live/", "entry.ts"],
  ["load/", "index.ts"],
  ["events/"],
  ["env-file.ts"],
  ["decide/", "runtime.ts"],
  ["run/", "transcripts.ts", "local-hooks.ts"],
  ["opencode/", "compile.ts", "permissions/"],
  ["match/", "mcp/", "stop/", "dialects/", "substitute.ts", "settings-drift.ts"],
  ["tools/", "protocol/", "session-state.ts", "config.ts", "private-folder.ts"],
];

it("plugin/'s folders import only what stands on a lower floor", async () => {
  const room = (file: string) => /^plugin\/([^/]+\/?)/.exec(file)![1]!;
  const floor = (file: string) => FLOORS.length - FLOORS.findIndex((rooms) => rooms.includes(room(file)));
  const imports = (await importsOf("plugin")).filter(({ target }) => target.startsWith("plugin/"));
  const unplaced = [...new Set(imports.flatMap(({ file, target }) => [file, target]).map(room))].filter((name) => !FLOORS.flat().includes(name));
  expect(unplaced, "a folder or file of plugin/ with no floor in FLOORS").toEqual([]);
  const upward = imports.filter(({ file, target }) => room(file) !== room(target) && floor(target) >= floor(file));
  expect(upward.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
});
