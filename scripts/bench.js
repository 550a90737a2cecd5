// npm run bench: what the generated plugin costs where it runs, as ratios against a floor timed in
// the same process, interleaved call by call (absolute times vary between machines; ratios much less).
// The plugin is measured under the Bun inside the pinned opencode binary (BUN_BE_BUN=1: the runtime
// that loads plugins) and under Node, and so is the live plugin's start-up (dist/live.js, which
// reads, validates and compiles the hooks at load) against the generated plugin's load; its first
// start in a fresh process is timed too (one process per sample). One table; the peer figures of
// issue 11 are reference rows.
//
//   node scripts/bench.js            prepare the projects, run both workers, print the table
//   BENCH_ROUNDS=400 npm run bench   more samples
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const HOOK_INPUT = `${JSON.stringify({ session_id: "ses_bench", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls -la" } })}\n`;

if (process.env.BENCH_WORKER) {
  process.stdout.write(`${JSON.stringify(await worker(process.env.BENCH_WORKER))}\n`);
} else if (process.env.BENCH_FIRST_START) {
  process.stdout.write(`${await firstStart(JSON.parse(process.env.BENCH_FIRST_START))}\n`);
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// Orchestrator (Node): fixtures, convert timings, the two workers, the table.

async function main() {
  const { convert } = await import("../dist/cli/commands/convert.js");
  mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  const work = mkdtempSync(path.join(ROOT, ".tmp", "bench-"));
  try {
    const quiet = { print: () => {}, printError: () => {} };
    const project = async (name, hooks) => {
      const dir = path.join(work, name);
      mkdirSync(path.join(dir, ".claude"), { recursive: true });
      writeFileSync(path.join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
      if (Object.keys(hooks).length > 0) await convert({ project: dir, ...quiet });
      return dir;
    };
    const unmatched = (n) => Array.from({ length: n }, (_, i) => ({ matcher: `^Tool${i}$`, hooks: [{ type: "command", command: `echo ${i}` }] }));
    const fixtures = {
      crowd: await project("crowd", { PreToolUse: unmatched(200) }),
      one: await project("one", { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] }),
      eight: await project("eight", {
        PreToolUse: [{ matcher: "Bash", hooks: Array.from({ length: 8 }, (_, i) => ({ type: "command", command: `sleep 0.1 # ${i}` })) }],
      }),
      load0: await emptyPlugin(path.join(work, "load0"), await project("load10", { PreToolUse: unmatched(10) })),
      load10: path.join(work, "load10"),
      load500: await project("load500", { PreToolUse: unmatched(500) }),
    };

    const settings500 = await project("convert500", {});
    writeFileSync(path.join(settings500, ".claude", "settings.json"), JSON.stringify({ hooks: manyEvents(500) }, null, 2));
    // The live door on the same 500 hooks: settings only, and the project's opencode.json names the
    // plugin (so the folder is trusted and every hook is compiled, as in a project that chose it).
    const live500 = await project("live500", {});
    cpSync(path.join(settings500, ".claude", "settings.json"), path.join(live500, ".claude", "settings.json"));
    writeFileSync(path.join(live500, "opencode.json"), JSON.stringify({ plugin: ["hooks2opencode"] }));
    const live0 = await project("live0", {});
    writeFileSync(path.join(live0, "opencode.json"), JSON.stringify({ plugin: ["hooks2opencode"] }));
    fixtures.live = { generated: settings500, project: live500, empty: live0, module: path.join(ROOT, "dist/live.js"), hooks: 500 };
    // Neither the user's Claude settings nor a generated plugin in the user's OpenCode config may change what is measured.
    const home = path.join(work, "home");
    mkdirSync(home);
    const isolated = {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
    };
    const convertMs = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      await convert({ project: settings500, force: true, ...quiet });
      convertMs.push(performance.now() - start);
    }
    // Timed alone: beside the workers, it took one of the machine's cores from them.
    const cli = await interleave(
      () => run(process.execPath, ["-e", ""]),
      () => run(process.execPath, [path.join(ROOT, "bin/hooks2opencode.js"), "convert", "--quiet", "--project", settings500]),
      3,
      4,
    );

    const opencode = opencodeBinary();
    const bun = JSON.parse(await capture(opencode, [fileURLToPath(import.meta.url)], { ...isolated, BUN_BE_BUN: "1", BENCH_WORKER: JSON.stringify(fixtures) }));
    const node = JSON.parse(await capture(process.execPath, [fileURLToPath(import.meta.url)], { ...isolated, BENCH_WORKER: JSON.stringify(fixtures) }));
    bun.live.first = await firstStarts(opencode, { ...isolated, BUN_BE_BUN: "1" }, fixtures.live);
    node.live.first = await firstStarts(process.execPath, isolated, fixtures.live);
    const example = path.join(work, "example");
    cpSync(path.join(ROOT, "examples/format-and-guard"), example, { recursive: true });
    await convert({ project: example, ...quiet });
    const size = (file) => statSync(path.join(example, ".opencode/plugins", file)).size;

    printTable({
      bun,
      node,
      convertMs: median(convertMs),
      cli: await cli,
      plugin: size("claude-hooks.js"),
      runtime: size("claude-hooks.runtime.mjs"),
      install: await installSize(),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A plugin with no handlers at all (convert writes none for settings without hooks): the load floor of the runtime itself. */
async function emptyPlugin(dir, from) {
  cpSync(path.join(from, ".opencode"), path.join(dir, ".opencode"), { recursive: true });
  const file = path.join(dir, ".opencode/plugins/claude-hooks.js");
  const text = readFileSync(file, "utf8").replace(/const HOOKS2OPENCODE_CONFIG = [\s\S]*?\n};\n/, (config) => {
    const parsed = JSON.parse(config.replace("const HOOKS2OPENCODE_CONFIG = ", "").replace(/;\n$/, ""));
    return `const HOOKS2OPENCODE_CONFIG = ${JSON.stringify({ ...parsed, handlers: [] }, null, 2)};\n`;
  });
  writeFileSync(file, text);
  return dir;
}

/** 500 hooks spread over the events and shapes real settings use. */
function manyEvents(n) {
  const hooks = {};
  const events = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionStart", "Notification"];
  for (let i = 0; i < n; i++) {
    const event = events[i % events.length];
    const tool = event.endsWith("ToolUse");
    (hooks[event] ??= []).push({
      ...(tool ? { matcher: ["Bash", "Edit|Write", "mcp__memory__.*", "Read"][i % 4] } : {}),
      hooks: [
        {
          type: "command",
          command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/hook-${i}.sh --flag ${i}`,
          timeout: 30,
          ...(tool && i % 3 === 0 ? { if: "Bash(git push *)" } : {}),
        },
      ],
    });
  }
  return hooks;
}

/** What installing the package costs: its tarball (npm pack), unpacked, plus the dependencies npm installs with it. */
async function installSize() {
  const [packed] = JSON.parse(await capture("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {}, true));
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const dependencies = new Set();
  const visit = (name) => {
    if (dependencies.has(name)) return;
    dependencies.add(name);
    const own = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8"));
    for (const dependency of Object.keys(own.dependencies ?? {})) visit(dependency);
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) visit(name);
  const bytes = (entry) =>
    statSync(entry).isDirectory() ? readdirSync(entry).reduce((sum, name) => sum + bytes(path.join(entry, name)), 0) : statSync(entry).size;
  return {
    packed: packed.size,
    unpacked: packed.unpackedSize,
    files: packed.entryCount,
    dependencies: [...dependencies],
    dependencyBytes: [...dependencies].reduce((sum, name) => sum + bytes(path.join(ROOT, "node_modules", name)), 0),
    live: statSync(path.join(ROOT, "dist/live.js")).size,
  };
}

function opencodeBinary() {
  const candidates = ["opencode-linux-x64", "opencode-linux-arm64", "opencode-darwin-arm64", "opencode-darwin-x64"].map((name) =>
    path.join(ROOT, "node_modules", name, "bin", "opencode"),
  );
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error("bench: the pinned opencode binary is missing (npm ci installs it)");
  return found;
}

/**
 * The live plugin's first start in a process, as when OpenCode starts: one process per sample, its
 * 500-hook project (nothing cached) and its hookless one in turn. Within one process the copies of
 * dist/live.js share what the engine compiled of its identical text, so only here does the code run
 * for the first time.
 */
async function firstStarts(runtime, env, { project, empty, module, hooks }) {
  const cache = path.join(env.XDG_CACHE_HOME, "hooks2opencode");
  const samples = { floor: [], figure: [] };
  for (let i = 0; i < 10; i++) {
    for (const [dir, expected, into] of i % 2 === 0
      ? [
          [project, hooks, samples.figure],
          [empty, 0, samples.floor],
        ]
      : [
          [empty, 0, samples.floor],
          [project, hooks, samples.figure],
        ]) {
      rmSync(cache, { recursive: true, force: true });
      into.push(Number(await capture(runtime, [fileURLToPath(import.meta.url)], { ...env, BENCH_FIRST_START: JSON.stringify({ module, dir, expected }) })));
    }
  }
  return { floor: median(samples.floor), figure: median(samples.figure) };
}

/** A child's stdout: its last line (a worker's result), or all of it (`whole`). */
function capture(file, args, env, whole = false) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(whole ? out : out.trim().split("\n").pop()) : reject(new Error(`bench: ${file} ${args.join(" ")} exited ${code}`)),
    );
  });
}

function run(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// Worker (Bun or Node): loads the generated plugins the way OpenCode does and times them.

async function worker(spec) {
  const fixtures = JSON.parse(spec);
  const crowd = await load(fixtures.crowd);
  const one = await load(fixtures.one);
  const eight = await load(fixtures.eight);

  // Dispatch: 200 handlers, none matching; no spawn, so the floor is 0 and the figure is per call.
  let n = 0;
  const dispatch = () => crowd["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: `d${n++}` }, { args: { command: "ls -la" } });
  for (let i = 0; i < 2000; i++) await dispatch();
  const dispatchRounds = 20000;
  const start = performance.now();
  for (let i = 0; i < dispatchRounds; i++) await dispatch();
  const dispatchUs = ((performance.now() - start) * 1000) / dispatchRounds;

  const call = (hooks) => () => hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: `c${n++}` }, { args: { command: "ls -la" } });
  const single = await interleave(() => pipedSpawn("true"), call(one), ROUNDS, 1);
  const parallel = await interleave(() => pipedSpawn("sleep 0.1"), call(eight), 6, 2);

  const loads = {};
  for (const [name, dir] of [
    ["0", fixtures.load0],
    ["10", fixtures.load10],
    ["500", fixtures.load500],
  ])
    loads[name] = await loadTimes(dir);
  const live = await liveTimes(fixtures.live);

  return {
    runtime: process.versions.bun ? `Bun ${process.versions.bun}` : `Node ${process.versions.node}`,
    dispatchUs,
    single,
    parallel,
    loads,
    live,
  };
}

/**
 * One first start (firstStarts): what OpenCode has used by the time it loads plugins (files read and
 * written, a hash) is used first, then dist/live.js is imported and its server() timed.
 */
async function firstStart({ module, dir, expected }) {
  const { createHash } = await import("node:crypto");
  const { readFile } = await import("node:fs/promises");
  await readFile(fileURLToPath(import.meta.url), "utf8");
  await readFile(path.join(dir, "absent"), "utf8").catch(() => {});
  createHash("sha256")
    .update(readFileSync(path.join(dir, "opencode.json")))
    .digest("hex");
  const plugin = (await import(pathToFileURL(module).href)).default;
  const logged = [];
  const start = performance.now();
  const opened = await plugin.server(pluginInput(dir, logged), { watchInterval: 0 });
  const ms = performance.now() - start;
  await opened.dispose?.();
  inForce(logged, expected);
  return ms;
}

/** A figure for fewer hooks (a generated plugin found, an untrusted folder) would look good and mean nothing. */
function inForce(logged, expected) {
  if (!logged.some((line) => line.startsWith(`live: ${expected} hooks in force`)))
    throw new Error(`bench: the live plugin did not put ${expected} hooks in force:\n${logged.join("\n")}`);
}

/** The floor every command hook pays: spawn /bin/sh -c, write its stdin, collect both streams. */
function pipedSpawn(command) {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(out + err));
    child.stdin.on("error", () => {});
    child.stdin.end(HOOK_INPUT);
  });
}

async function load(dir) {
  const module = await import(pathToFileURL(path.join(dir, ".opencode/plugins/claude-hooks.js")).href);
  return Object.values(module)[0](pluginInput(dir));
}

/** `logged` collects what the plugin logs through OpenCode's client. */
function pluginInput(dir, logged = []) {
  const ok = async () => ({ data: true });
  const log = async ({ body }) => {
    logged.push(body.message);
    return { data: true };
  };
  return {
    client: { app: { log }, tui: { showToast: ok }, session: { messages: async () => ({ data: [] }), promptAsync: ok, abort: ok } },
    directory: dir,
    worktree: dir,
    project: { id: "bench" },
    serverUrl: new URL("http://127.0.0.1:4096"),
  };
}

/**
 * From `import` of a generated plugin to its ready hooks object. Each sample loads a fresh copy of
 * the folder (a module is evaluated once per URL); the floor is importing an empty module the same way.
 */
async function loadTimes(dir) {
  const samples = { floor: [], plugin: [] };
  for (let i = 0; i < 12; i++) {
    const copy = `${dir}-copy${i}`;
    cpSync(dir, copy, { recursive: true });
    writeFileSync(path.join(copy, "empty.mjs"), "export const nothing = 0;\n");
    let start = performance.now();
    await import(pathToFileURL(path.join(copy, "empty.mjs")).href);
    samples.floor.push(performance.now() - start);
    start = performance.now();
    await load(copy);
    samples.plugin.push(performance.now() - start);
  }
  return { floor: median(samples.floor.slice(2)), figure: median(samples.plugin.slice(2)) };
}

/**
 * The live plugin's start-up as OpenCode does it: import a fresh copy of dist/live.js (self-contained,
 * so the file alone is the module) and call its `server(input, options)`, which reads the project's
 * settings, validates, classifies and compiles them. Floors, sample by sample in turn: the generated
 * plugin's load of the same hooks, and for `server()` alone, a project whose settings have no hooks.
 */
async function liveTimes({ generated, project, empty, module, hooks }) {
  const samples = { floor: [], figure: [], server: [], server0: [], warm: [] };
  // Cold: the first start after the settings changed (nothing cached); warm: settings seen at an earlier start.
  const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(process.env.HOME ?? "", ".cache"), "hooks2opencode");
  mkdirSync(`${project}-modules`, { recursive: true });
  const generatedLoad = async (i) => {
    const copy = `${generated}-live${i}`;
    cpSync(generated, copy, { recursive: true });
    const start = performance.now();
    await load(copy);
    samples.floor.push(performance.now() - start);
  };
  const liveStart =
    (dir, expected, times, cached = false) =>
    async (i) => {
      const copy = path.join(`${project}-modules`, `live${expected}-${i}${cached ? "-warm" : ""}.js`);
      cpSync(module, copy);
      // The cold 500-hook start removes what an earlier start cached; the warm one runs after a start that cached it.
      if (!cached && expected > 0) rmSync(cache, { recursive: true, force: true });
      const logged = [];
      const start = performance.now();
      const plugin = (await import(pathToFileURL(copy).href)).default;
      const imported = performance.now();
      const opened = await plugin.server(pluginInput(dir, logged), { watchInterval: 0 });
      const end = performance.now();
      times.startup?.push(end - start);
      times.server.push(end - imported);
      await opened.dispose?.();
      inForce(logged, expected);
    };
  const steps = [
    generatedLoad,
    liveStart(project, hooks, { startup: samples.figure, server: samples.server }),
    liveStart(empty, 0, { server: samples.server0 }),
    liveStart(project, hooks, { server: samples.warm }, true),
  ];
  // 16 rounds: a sample that a garbage collection lands in takes twice as long, and the median must not be one.
  for (let i = 0; i < 16; i++) for (const step of i % 2 === 0 ? steps : [...steps].reverse()) await step(i);
  const settled = (values) => median(values.slice(2));
  return {
    startup: { floor: settled(samples.floor), figure: settled(samples.figure) },
    server: { floor: settled(samples.server0), figure: settled(samples.server) },
    warm: { floor: settled(samples.server0), figure: settled(samples.warm) },
  };
}

// ---------------------------------------------------------------------------------------------
// Timing and the table.

/** Alternating blocks of floor and subject calls after a warm-up; medians of the per-call times. */
async function interleave(floorCall, subjectCall, blocks, perBlock) {
  for (let i = 0; i < 3; i++) {
    await floorCall();
    await subjectCall();
  }
  const floor = [];
  const figure = [];
  for (let block = 0; block < blocks; block++) {
    for (const [fn, into] of block % 2 === 0
      ? [
          [floorCall, floor],
          [subjectCall, figure],
        ]
      : [
          [subjectCall, figure],
          [floorCall, floor],
        ]) {
      for (let i = 0; i < perBlock; i++) {
        const start = performance.now();
        await fn();
        into.push(performance.now() - start);
      }
    }
  }
  return { floor: median(floor), figure: median(figure) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function printTable({ bun, node, convertMs, cli, plugin, runtime, install }) {
  const ms = (value) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);
  const us = (value) => `${value.toFixed(1)} µs`;
  const ratio = ({ floor, figure }) => `${(figure / floor).toFixed(2)}x`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = [["measure", "runtime", "floor", "hooks2opencode", "ratio", "goal"]];
  for (const result of [bun, node]) {
    const name = result.runtime;
    /** A row of a figure measured against its floor in the same run. */
    const timed = (measure, pair, goal = "") => [measure, name, ms(pair.floor), ms(pair.figure), ratio(pair), goal];
    rows.push(
      ["dispatch, 200 hooks, none matching", name, "0", `${us(result.dispatchUs)} / call`, "–", "< 20 µs"],
      timed("one matching hook `true` (floor: piped sh -c spawn)", result.single, "≤ 1.15x"),
      timed("8 matching hooks x `sleep 0.1` (floor: one)", result.parallel, "≤ 1.2x"),
      // Loading is parsing the runtime (the same for any number of hooks): 10 and 500 hooks against 0.
      timed("load: import to hooks object, 0 hooks (floor: empty module)", result.loads["0"]),
      ...["10", "500"].map((hooks) =>
        timed(`load: import to hooks object, ${hooks} hooks (floor: 0 hooks)`, { floor: result.loads["0"].figure, figure: result.loads[hooks].figure }),
      ),
      timed("live start-up, 500 hooks: import + server() (floor: generated load)", result.live.startup),
      timed("live server(), settings changed since the last start: read, validate, compile 500 hooks (floor: 0 hooks)", result.live.server),
      timed("live server(), settings as at the last start: read, compile 500 hooks (floor: 0 hooks)", result.live.warm, "< 20 ms"),
      timed("live server(), first start in a fresh process, settings changed: 500 hooks (floor: 0 hooks)", result.live.first),
    );
  }
  rows.push(
    ["convert, 500-hook settings, in-process", `Node ${process.versions.node}`, "–", ms(convertMs), "–", "< 1 s"],
    ["convert CLI, 500 hooks (floor: `node -e ''`)", `Node ${process.versions.node}`, ms(cli.floor), ms(cli.figure), ratio(cli), ""],
    ["generated plugin file (example, 6 hooks)", "", "–", `${(plugin / 1024).toFixed(1)} KB`, "–", "one screen"],
    ["generated runtime module", "", "–", `${(runtime / 1024).toFixed(1)} KB`, "–", "< 120 KB"],
    ["live plugin module (dist/live.js: all OpenCode loads)", "", "–", kb(install.live), "–", ""],
    [`npm package: packed / unpacked (${install.files} files)`, "", "–", `${kb(install.packed)} / ${kb(install.unpacked)}`, "–", ""],
    [`+ installed with it: ${install.dependencies.join(", ")}`, "", "–", kb(install.dependencyBytes), "–", ""],
  );
  const reference = [
    ["reference (issue 11, OpenCode's Bun, not this run)", "", "", "", "", ""],
    ["  most used Claude-hooks bridge: dispatch, 200 hooks", "Bun", "0", "88 µs / call", "–", ""],
    ["  that bridge: one matching hook `true`", "Bun", "~0.8 ms", "3.0 ms", "6.5x a bare spawn", ""],
    ["  that bridge: 8 x `sleep 0.1` (sequential)", "Bun", "102 ms", "856 ms", "8.4x", ""],
    ["  hooks2opencode with execa: one matching hook", "Bun", "~0.8 ms", "1.7 ms", "2.1x", ""],
    ["  hooks2opencode with execa: single plugin file", "", "", "362 KB", "", ""],
  ];
  const all = [...rows, ...reference];
  const widths = all[0].map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(line(rows[0]));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of all.slice(1)) console.log(line(row));
  console.log(
    `\n${ROUNDS} calls per figure (BENCH_ROUNDS), medians; opencode ${JSON.parse(readFileSync(path.join(ROOT, "node_modules/opencode-ai/package.json"), "utf8")).version}'s Bun with BUN_BE_BUN=1.`,
  );
}
