// The table of `npm run bench`: every row it measures (what, against which floor, to which goal),
// the raw results as docs/bench-results.json keeps them, and their rendering, which the bench prints
// and writes into docs/performance.md between the BENCH_MARKS (and the runtime's size into README.md). One module for the bench and for
// test/unit/bench-table.test.ts, which holds the page to the rendering of the results and the results
// to the rows defined here: a row added here without running the bench again fails it.
//
// A row: `measure`; `floor`, what the figure is held against (by runtime where it differs); `goal` (by runtime where it differs);
// `unit` of the figures; `pick(results, runtime)`, its figures from the bench's raw results:
// `{ floor?, figure, ratio?, detail? }` (ratio: figure / floor when not given; detail: shown after
// the measure, for what only the run knows, like a file count).

/** Rows measured under each runtime: OpenCode's Bun (BUN_BE_BUN=1), then Node. */
export const RUNTIME_ROWS = [
  // Dispatch (dispatchTimes in bench.js): a call no group matches, beside exact-name groups on both tool events; a curve that is flat.
  {
    measure: "dispatch, 200 PreToolUse + 200 PostToolUse exact matchers (`Tool0` …), none matching",
    floor: "none",
    unit: "µs",
    goal: "≤ 3 µs",
    pick: (_, r) => ({ floor: 0, figure: r.dispatch.exact200 }),
  },
  {
    measure: "dispatch, 10 / 100 / 1,000 exact matchers per tool event, none matching",
    floor: "10 per event",
    unit: "µs",
    goal: "flat: ≤ 1.2x",
    pick: (_, r) => ({
      floor: r.dispatch.exact10,
      figure: [r.dispatch.exact10, r.dispatch.exact100, r.dispatch.exact1000],
      ratio: r.dispatch.exact1000 / r.dispatch.exact10,
    }),
  },
  {
    measure: "dispatch, 200 PreToolUse regex matchers (`^mcp__server0__.*` …), none matching",
    floor: "none",
    unit: "µs",
    pick: (_, r) => ({ floor: 0, figure: r.dispatch.regex200 }),
  },
  {
    measure: "one matching hook `true`",
    floor: { Bun: "Bun.spawn piped", Node: "node:child_process piped" },
    unit: "ms",
    goal: "≤ 1.10x",
    pick: (_, r) => r.single,
  },
  { measure: "8 matching hooks x `sleep 0.1`", floor: "one `sleep 0.1`, piped", unit: "ms", goal: "≤ 1.15x", pick: (_, r) => r.parallel },
  {
    measure: "8 bare detached `sh -c 'sleep 0.1'` spawns in parallel, no plugin (the machine's limit for the row above)",
    floor: "one `sleep 0.1`, piped",
    unit: "ms",
    pick: (_, r) => r.bareParallel,
  },
  // Loading is parsing the runtime (the same for any number of hooks): 10 and 500 hooks against 0.
  { measure: "load: import to hooks object, 0 hooks", floor: "empty module", unit: "ms", pick: (_, r) => r.loads["0"] },
  ...["10", "500"].map((hooks) => ({
    measure: `load: import to hooks object, ${hooks} hooks`,
    floor: "0 hooks",
    unit: "ms",
    pick: (_, r) => ({ floor: r.loads["0"].figure, figure: r.loads[hooks].figure }),
  })),
  { measure: "live start-up, 500 hooks: import + server()", floor: "generated load", unit: "ms", pick: (_, r) => r.live.startup },
  {
    measure: "live server(), settings changed since the last start: read, validate, compile 500 hooks",
    floor: "0 hooks",
    unit: "ms",
    // Issue 17's goal is where OpenCode loads the plugin: its Bun.
    goal: { Bun: "< 20 ms" },
    pick: (_, r) => r.live.server,
  },
  {
    measure: "live server(), settings as at the last start: read, compile 500 hooks",
    floor: "0 hooks",
    unit: "ms",
    pick: (_, r) => r.live.warm,
  },
  {
    measure: "live server(), first start in a fresh process, settings changed: 500 hooks",
    floor: "0 hooks",
    unit: "ms",
    pick: (_, r) => r.live.first,
  },
];

/** The convert curve: files of one shape (scripts/big-settings.js) from 100 KB to 4 MB; wall time, each against the first in CPU time per byte. */
export const CURVE = [
  ["100 KB", 100_000],
  ["500 KB", 500_000],
  ["1 MB", 1_000_000],
  ["2 MB", 2_000_000],
  ["4 MB", 4_000_000],
];

/** Rows measured once: convert (Node), and sizes (no runtime). */
export const ONCE_ROWS = [
  { measure: "convert, 500-hook settings, in-process", runtime: "Node", unit: "ms", goal: "< 1 s", pick: (results) => ({ figure: results.convertMs }) },
  { measure: "convert CLI, 500 hooks", runtime: "Node", floor: "`node -e ''`", unit: "ms", pick: (results) => results.cli },
  ...CURVE.map(([label], index) => ({
    measure: `convert --dry-run, ${label} one-line settings of long hooks with warnings`,
    runtime: "Node",
    ...(index > 0 ? { floor: "100 KB, CPU time per byte" } : {}),
    unit: "ms",
    ...(index === CURVE.length - 1 ? { goal: "< 2 s" } : {}),
    pick: ({ curve }) => {
      const [first, point] = [curve[0], curve[index]];
      const detail = `${point.hooks} hooks, ${point.warnings} warnings; CPU ${Math.round(point.cpuMs)} ms`;
      if (index === 0) return { figure: point.ms, detail };
      // CPU time per byte against the 100 KB file's (load moves wall time, hardly CPU time): about 1.00x
      // or below (the 100 KB file's fixed cost weighs most) is linear.
      return { floor: first.cpuMs, figure: point.ms, ratio: point.cpuMs / point.bytes / (first.cpuMs / first.bytes), detail };
    },
  })),
  { measure: "generated plugin file (example, 6 hooks)", unit: "KB", goal: "one screen", pick: (results) => ({ figure: results.plugin }) },
  { measure: "generated runtime module", unit: "KB", goal: "< 150 KB", pick: (results) => ({ figure: results.runtime }) },
  { measure: "live plugin module (dist/live.js: all OpenCode loads)", unit: "KB", pick: (results) => ({ figure: results.install.live }) },
  {
    measure: "npm package: packed / unpacked",
    unit: "KB",
    pick: ({ install }) => ({ figure: [install.packed, install.unpacked], detail: `${install.files} files` }),
  },
  {
    measure: "+ installed with it",
    unit: "KB",
    pick: ({ install }) => ({ figure: install.dependencyBytes, detail: install.dependencies.join(", ") }),
  },
];

/** Figures from issue 11 (OpenCode's Bun, another run), printed as they are: measure, runtime, floor, floor's time, figure, ratio, goal. */
export const REFERENCE = [
  ["reference (issue 11, OpenCode's Bun, not this run)", "", "", "", "", "", ""],
  ["  most used Claude-hooks bridge: dispatch, 200 hooks", "Bun", "none", "0", "88 µs / call", "–", ""],
  ["  that bridge: one matching hook `true`", "Bun", "bare spawn", "~0.8 ms", "3.0 ms", "6.5x", ""],
  ["  that bridge: 8 x `sleep 0.1` (sequential)", "Bun", "one `sleep 0.1`", "102 ms", "856 ms", "8.4x", ""],
  ["  hooks2opencode with execa: one matching hook", "Bun", "bare spawn", "~0.8 ms", "1.7 ms", "2.1x", ""],
  ["  hooks2opencode with execa: single plugin file", "", "", "", "362 KB", "", ""],
];

export const BENCH_MARKS = ["<!-- bench table: written by `npm run bench` from docs/bench-results.json -->", "<!-- /bench table -->"];

/** Every row the bench defines, as the results file keeps them (measure, runtime, floor, goal), for these runtime names. */
export function definedRows(runtimes) {
  const named = (row, runtime) => ({
    measure: row.measure,
    runtime,
    floor: typeof row.floor === "object" ? row.floor[runtime.split(" ")[0]] : (row.floor ?? null),
    goal: (typeof row.goal === "object" ? row.goal[runtime.split(" ")[0]] : row.goal) ?? null,
    unit: row.unit,
  });
  const once = ONCE_ROWS.map((row) => named(row, row.runtime === "Node" ? runtimes.find((name) => name.startsWith("Node")) : ""));
  return [...runtimes.flatMap((runtime) => RUNTIME_ROWS.map((row) => named(row, runtime))), ...once];
}

/**
 * The results file: what was measured where, and every defined row with its figures. `raw` is what the
 * bench collected: `{ runtimes: [bun, node] worker results, convertMs, cli, curve, plugin, runtime, install }`.
 */
export function benchResults(raw, about) {
  const runtimes = raw.runtimes.map((result) => result.runtime);
  const picks = [...raw.runtimes.flatMap((result) => RUNTIME_ROWS.map((row) => row.pick(raw, result))), ...ONCE_ROWS.map((row) => row.pick(raw))];
  const rows = definedRows(runtimes).map((row, index) => {
    const { floor, figure, ratio, detail } = picks[index];
    const held = floor === undefined ? null : floor;
    return {
      ...row,
      ...(detail ? { detail } : {}),
      floorValue: held,
      figure,
      ratio: ratio ?? (held ? figure / held : null),
    };
  });
  return { ...about, runtimes, rows };
}

/** The table and the line under it, as the bench prints them and the page holds them. */
export function renderTable(results) {
  const value = (number, unit) => {
    if (unit === "KB") return `${(number / 1024).toFixed(1)} KB`;
    if (unit === "µs") return `${number.toFixed(1)} µs`;
    return number >= 100 ? `${number.toFixed(0)} ms` : `${number.toFixed(2)} ms`;
  };
  const figure = (row) => {
    if (Array.isArray(row.figure)) return row.figure.map((part) => value(part, row.unit)).join(" / ");
    return row.unit === "µs" ? `${value(row.figure, row.unit)} / call` : value(row.figure, row.unit);
  };
  const rows = [
    ["measure", "runtime", "floor", "floor's time", "hooks2opencode", "ratio", "goal"],
    ...results.rows.map((row) => [
      row.detail ? `${row.measure} (${row.detail})` : row.measure,
      row.runtime,
      row.floor ?? "",
      row.floorValue === null ? "–" : row.floorValue === 0 ? "0" : value(row.floorValue, row.unit),
      figure(row),
      row.ratio === null ? "–" : `${row.ratio.toFixed(2)}x`,
      row.goal ?? "",
    ]),
    ...REFERENCE,
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [
    line(rows[0]),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.slice(1).map(line),
    "",
    `${results.rounds} calls per figure (BENCH_ROUNDS), medians; opencode ${results.opencode}'s Bun with BUN_BE_BUN=1; ` +
      `${results.cores} cores (${results.cpu}).`,
  ].join("\n");
}

/** `page` with the text between the BENCH_MARKS replaced by `table`; the marks must be there, once each. */
export function withTable(page, table) {
  const [open, close] = BENCH_MARKS;
  const start = page.indexOf(open);
  const end = page.indexOf(close);
  if (start < 0 || end < start || page.indexOf(open, start + 1) >= 0) throw new Error(`bench: the page must hold ${open} and then ${close}, once each`);
  return `${page.slice(0, start + open.length)}\n${table}\n${page.slice(end)}`;
}

/** README's one figure from the bench: the generated runtime's size, "(about N KB minified". */
export const README_SIZE = /\(about (\d+) KB minified/;

/** `readme` with the runtime's size as the results have it, rounded to the KB; the figure must be there. */
export function withRuntimeSize(readme, results) {
  if (!README_SIZE.test(readme)) throw new Error("bench: README.md no longer says the runtime's size as `(about N KB minified`");
  const bytes = results.rows.find((row) => row.measure === "generated runtime module").figure;
  return readme.replace(README_SIZE, `(about ${Math.round(bytes / 1024)} KB minified`);
}

/** The text between the BENCH_MARKS (undefined without them). */
export function tableIn(page) {
  const [open, close] = BENCH_MARKS;
  const start = page.indexOf(open);
  const end = page.indexOf(close);
  return start < 0 || end < start ? undefined : page.slice(start + open.length + 1, end - 1);
}
