// What is written from the modules that own the facts: docs/events.md's events table from the event
// modules' rows and docs/cli.md's test table from their scenarios (npm run docs), and none of that
// text, nor the fields' descriptions or Claude's tool list, in the runtime every generated plugin
// copies (its size budget: plugin-size.test.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { withTestTable } from "../../cli/simulate/scenarios-table.js";
import { eventsTable, withEventsTable } from "../../plugin/events/event-docs.js";
import { EVENT_DOCS, EVENT_MODULES, isReplayed } from "../../plugin/events/index.js";
import { CLAUDE_ONLY_TOOLS } from "../../plugin/tools/table.js";
import { LEGACY_ALIASES } from "../../schema/claude-tools.js";
import { HANDLER_FIELDS } from "../../schema/handlers.js";
// @ts-expect-error: a plain JS build script without type declarations
import { RUNTIME_BUNDLE } from "../../scripts/bundle-runtime.js";
import { REPO_ROOT } from "../helpers/project.js";

describe("docs/events.md", () => {
  it("its events table is the event modules' rows (npm run docs writes it)", async () => {
    const page = await readFile(path.join(REPO_ROOT, "docs/events.md"), "utf8");
    expect(withEventsTable(page, EVENT_DOCS), "docs/events.md is stale: run npm run docs").toBe(page);
  });

  it("has a row for each event the generated plugin replays, once", () => {
    const replayed = [...EVENT_MODULES.keys()].filter((event) => isReplayed(event));
    expect(EVENT_DOCS.map((row) => row.event).sort()).toEqual(replayed.sort());
  });

  it("escapes | in a cell and leaves an empty cell blank", () => {
    const row = { event: "FileChanged", channel: "`a|b`", exact: ["one", "two"], differs: [] } as const;
    expect(eventsTable([row]).split("\n")[2]).toBe("| FileChanged | `a\\|b` | one; two | |");
    expect(withEventsTable("no markers", [row])).toBeUndefined();
  });
});

it("docs/cli.md's test table is the event modules' scenarios (npm run docs writes it)", async () => {
  const page = await readFile(path.join(REPO_ROOT, "docs/cli.md"), "utf8");
  expect(withTestTable(page), "docs/cli.md is stale: run npm run docs").toBe(page);
});

it("the runtime bundle carries no docs row, field description or Claude-only tool name", async () => {
  const bundled = await build({ ...RUNTIME_BUNDLE, write: false, outfile: "runtime.js" });
  const runtime = bundled.outputFiles![0]!.text;
  const docs = EVENT_DOCS.flatMap((row) => [row.channel, ...row.exact, ...row.differs]).filter((text) => text.length > 40);
  const fields = Object.values(HANDLER_FIELDS).flatMap((fields) => Object.values(fields).map((field) => field.description));
  // A legacy alias names its canonical tool, which the runtime's matcher needs (TaskStop for KillShell).
  const tools = CLAUDE_ONLY_TOOLS.filter((name) => !Object.values(LEGACY_ALIASES).includes(name)).map((name) => `"${name}"`);
  expect([...docs, ...fields, ...tools].filter((text) => runtime.includes(text))).toEqual([]);
});
