// docs/performance.md shows exactly what `npm run bench` printed: the table between its marks is the
// bench's own rendering (scripts/bench-table.js) of the results it wrote beside it
// (docs/bench-results.json), and those results have exactly the rows the bench defines, so a row
// added, renamed or given another floor or goal without running the bench again fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JS script without type declarations (the bench imports it too)
import * as untyped from "../../scripts/bench-table.js";
import { REPO_ROOT } from "../helpers/project.js";

interface Row {
  measure: string;
  runtime: string;
  floor: string | null;
  goal: string | null;
  unit: string;
  detail?: string;
  floorValue: number | null;
  figure: number | number[];
  ratio: number | null;
}
interface Results {
  opencode: string;
  rounds: number;
  cores: number;
  cpu: string;
  runtimes: string[];
  rows: Row[];
}
const bench = untyped as {
  BENCH_MARKS: [string, string];
  definedRows(runtimes: readonly string[]): Array<Pick<Row, "measure" | "runtime" | "floor" | "goal" | "unit">>;
  renderTable(results: Results): string;
  withTable(page: string, table: string): string;
  tableIn(page: string): string | undefined;
  withRuntimeSize(readme: string, results: Pick<Results, "rows">): string;
};

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");
const results = JSON.parse(read("docs/bench-results.json")) as Results;
const page = read("docs/performance.md");

describe("docs/performance.md is what npm run bench printed", () => {
  it("the table between the marks is the bench's rendering of docs/bench-results.json", () => {
    expect(bench.tableIn(page)).toBe(bench.renderTable(results));
  });

  it("the results have exactly the rows the bench defines (measure, runtime, floor, goal, unit), in its order", () => {
    const kept = results.rows.map(({ measure, runtime, floor, goal, unit }) => ({ measure, runtime, floor, goal, unit }));
    expect(kept).toEqual(bench.definedRows(results.runtimes));
  });

  it("every row was measured: a number for each figure, and for each floor the row names", () => {
    for (const row of results.rows) {
      for (const figure of [row.figure].flat()) expect(Number.isFinite(figure), row.measure).toBe(true);
      expect(row.floor === null || Number.isFinite(row.floorValue), row.measure).toBe(true);
    }
  });

  it("measured under OpenCode's Bun and Node, with the opencode version installed here and the machine's core count", () => {
    expect(results.runtimes.map((name) => name.split(" ")[0])).toEqual(["Bun", "Node"]);
    expect(results.opencode).toBe((JSON.parse(read("node_modules/opencode-ai/package.json")) as { version: string }).version);
    expect(results.cores).toBeGreaterThan(0);
  });

  it("one matching hook is held against the runtime's own piped spawn: Bun.spawn under Bun, node:child_process under Node", () => {
    const floors = results.rows.filter((row) => row.measure.startsWith("one matching hook")).map((row) => [row.runtime.split(" ")[0], row.floor]);
    expect(floors).toEqual([
      ["Bun", "Bun.spawn piped"],
      ["Node", "node:child_process piped"],
    ]);
  });

  it("README's size of the generated runtime is the bench's, rounded to the KB (the bench writes it)", () => {
    const readme = read("README.md");
    expect(bench.withRuntimeSize(readme, results)).toBe(readme);
  });
});

describe("the rendering (scripts/bench-table.js)", () => {
  const row = (fields: Partial<Row>): Row => ({
    measure: "m",
    runtime: "",
    floor: null,
    goal: null,
    unit: "ms",
    floorValue: null,
    figure: 1,
    ratio: null,
    ...fields,
  });
  const rendered = bench
    .renderTable({
      opencode: "1.2.3",
      rounds: 7,
      cores: 2,
      cpu: "a CPU",
      runtimes: ["Bun 1.0.0", "Node 20.0.0"],
      rows: [
        row({ measure: "spawn", runtime: "Bun 1.0.0", floor: "Bun.spawn piped", floorValue: 1.234, figure: 1.5, ratio: 1.5 / 1.234, goal: "≤ 1.10x" }),
        row({ measure: "dispatch", runtime: "Node 20.0.0", floor: "none", floorValue: 0, figure: 2.345, unit: "µs" }),
        row({ measure: "convert", detail: "3 hooks", figure: 1234.5 }),
        row({ measure: "package", unit: "KB", figure: [2048, 4096] }),
      ],
    })
    .split("\n");

  it("a line per row: the floor named and timed, figures in their unit, the ratio, the goal; then the reference rows and the run's line", () => {
    const cells = (line: string) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
    expect(cells(rendered[0]!)).toEqual(["measure", "runtime", "floor", "floor's time", "hooks2opencode", "ratio", "goal"]);
    expect(rendered[1]).toMatch(/^\|(-+\|){7}$/);
    expect(rendered.slice(2, 6).map(cells)).toEqual([
      ["spawn", "Bun 1.0.0", "Bun.spawn piped", "1.23 ms", "1.50 ms", "1.22x", "≤ 1.10x"],
      ["dispatch", "Node 20.0.0", "none", "0", "2.3 µs / call", "–", ""],
      ["convert (3 hooks)", "", "", "–", "1235 ms", "–", ""],
      ["package", "", "", "–", "2.0 KB / 4.0 KB", "–", ""],
    ]);
    expect(cells(rendered[6]!)[0]).toBe("reference (issue 11, OpenCode's Bun, not this run)");
    expect(rendered.at(-1)).toBe("7 calls per figure (BENCH_ROUNDS), medians; opencode 1.2.3's Bun with BUN_BE_BUN=1; 2 cores (a CPU).");
  });

  it("columns line up: every table line is as long as the header", () => {
    const table = rendered.filter((line) => line.startsWith("|"));
    for (const line of table) expect(line.length).toBe(table[0]!.length);
  });

  it("the page keeps its text around the marks; the table reads back; a page without both marks is refused", () => {
    const [open, close] = bench.BENCH_MARKS;
    const before = `# Title\n\nText.\n\n${open}\nold table\n${close}\n\nAfter.\n`;
    const after = bench.withTable(before, "| new |");
    expect(after).toBe(`# Title\n\nText.\n\n${open}\n| new |\n${close}\n\nAfter.\n`);
    expect(bench.tableIn(after)).toBe("| new |");
    expect(bench.withTable(after, "| new |")).toBe(after);
    expect(() => bench.withTable("# Title\n", "| new |")).toThrow(/once each/);
    expect(() => bench.withTable(`${close}\n${open}\n`, "| new |")).toThrow(/once each/);
  });

  it("README's runtime size: the figure replaced, rounded to the KB; a README without it is refused", () => {
    const rows = [row({ measure: "generated runtime module", unit: "KB", figure: 128_500 })];
    expect(bench.withRuntimeSize("the runtime (about 106 KB minified, the same", { rows })).toBe("the runtime (about 125 KB minified, the same");
    expect(() => bench.withRuntimeSize("the runtime", { rows })).toThrow(/README/);
  });
});
