// npm run bench: what the generated plugin costs where it runs, as ratios against a floor timed in
// the same process, interleaved call by call (absolute times vary between machines; ratios much less).
// The plugin is measured under the Bun inside the pinned opencode binary (BUN_BE_BUN=1: the runtime
// that loads plugins) and under Node, and so is the live plugin's start-up (dist/live.js, which
// reads, validates and compiles the hooks at load) against the generated plugin's load; its first
// start in a fresh process is timed too (one process per sample); and convert, on files from 100 KB
// to 4 MB. One table; the peer figures of issue 11 are reference rows. Its rows (what, against which
// floor, to which goal) are defined in scripts/bench-table.js, which renders it; the bench prints it,
// writes it into docs/performance.md and its results into docs/bench-results.json.
//
//   node scripts/bench.js            prepare the projects, run both workers, print and write the table
//   BENCH_ROUNDS=400 npm run bench   more samples
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bigSettings } from "./big-settings.js";
import { benchResults, CURVE, renderTable, withRuntimeSize, withTable } from "./bench-table.js";

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
    // Dispatch: groups on both tool events that no call of the bench matches: exact names (custom
    // tools `Tool0` …, which convert keeps) at 10 to 1,000 per event, and regexes (convert keeps those naming MCP tools).
    const groups = (n, matcher) => Array.from({ length: n }, (_, i) => ({ matcher: matcher(i), hooks: [{ type: "command", command: `echo ${i}` }] }));
    const exactBoth = (n) => ({ PreToolUse: groups(n, (i) => `Tool${i}`), PostToolUse: groups(n, (i) => `Tool${i}`) });
    const fixtures = {
      dispatch: {
        exact10: await project("dispatch-exact10", exactBoth(10)),
        exact100: await project("dispatch-exact100", exactBoth(100)),
        exact200: await project("dispatch-exact200", exactBoth(200)),
        exact1000: await project("dispatch-exact1000", exactBoth(1000)),
        regex200: await project("dispatch-regex200", { PreToolUse: groups(200, (i) => `^mcp__server${i}__.*`) }),
      },
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
    const curve = await convertCurve(work);
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

    publish({
      runtimes: [bun, node],
      convertMs: median(convertMs),
      cli: await cli,
      curve,
      plugin: size("claude-hooks.js"),
      runtime: size("claude-hooks.runtime.mjs"),
      install: await installSize(),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * convert --dry-run of one-line files of the shape that once took 46 s (scripts/big-settings.js),
 * 100 KB to 4 MB (CURVE), sizes interleaved round by round after a warm-up; medians. Only convert()
 * is timed, with what it prints collected as the CLI would print it: wall time, and CPU time, which a
 * shared machine's load hardly moves (the curve's ratios are taken on it).
 */
async function convertCurve(work) {
  const { convert } = await import("../dist/cli/commands/convert.js");
  const points = CURVE.map(([label, bytes]) => {
    const dir = path.join(work, `curve-${label.replace(" ", "")}`);
    mkdirSync(path.join(dir, ".claude"), { recursive: true });
    const text = bigSettings(bytes);
    writeFileSync(path.join(dir, ".claude", "settings.json"), text);
    return { dir, bytes: text.length, samples: [], cpu: [] };
  });
  const once = async (point) => {
    let warnings = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    const { rows } = await convert({
      project: point.dir,
      dryRun: true,
      color: false,
      print: () => {},
      printError: (text) => (warnings += text.split(": warning: ").length - 1),
    });
    point.samples.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    point.cpu.push((used.user + used.system) / 1000);
    Object.assign(point, { hooks: rows.length, warnings });
  };
  for (let i = 0; i < 3; i++) await once(points[0]);
  Object.assign(points[0], { samples: [], cpu: [] });
  for (let round = 0; round < 5; round++) for (const point of round % 2 === 0 ? points : [...points].reverse()) await once(point);
  return points.map(({ bytes, hooks, warnings, samples, cpu }) => ({ bytes, hooks, warnings, ms: median(samples), cpuMs: median(cpu) }));
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
  const one = await load(fixtures.one);
  const eight = await load(fixtures.eight);

  const dispatch = await dispatchTimes(fixtures.dispatch);

  let n = 0;
  const call = (hooks) => () => hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: `c${n++}` }, { args: { command: "ls -la" } });
  const single = await interleave(() => pipedSpawn("true"), call(one), ROUNDS, 1);
  const parallel = await interleave(() => pipedSpawn("sleep 0.1"), call(eight), 6, 2);
  // The machine's own limit for the row above: the same 16 process creations with no plugin at all.
  const eightBare = () => Promise.all(Array.from({ length: 8 }, (_, i) => pipedSpawn(`sleep 0.1 # ${i}`, { detached: true })));
  const bareParallel = await interleave(() => pipedSpawn("sleep 0.1"), eightBare, 6, 2);

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
    dispatch,
    single,
    parallel,
    bareParallel,
    loads,
    live,
  };
}

/**
 * Dispatch: tool.execute.before as OpenCode calls it, on a call (bash) that no group matches; no
 * spawn, so the floor is 0 and the figure is per call. Blocks of 1,000 calls, the fixtures in turn,
 * 20 rounds: the median block of each (a garbage collection or a busy core spoils a block, not the
 * figure). CPU time, not wall time: with nothing to wait for, a call costs its CPU, and time the
 * process spent descheduled by other work on the machine is not the plugin's.
 */
async function dispatchTimes(dirs) {
  const plugins = [];
  for (const [name, dir] of Object.entries(dirs)) plugins.push([name, await load(dir)]);
  let n = 0;
  const call = (hooks) => hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: `d${n++}` }, { args: { command: "ls -la" } });
  // Steady state: each plugin's runtime is its own module copy, which Bun's JIT tiers up only after
  // thousands of calls (the first thousand cost several times more; see docs/performance.md).
  for (const [, hooks] of plugins) for (let i = 0; i < 20_000; i++) await call(hooks);
  const samples = {};
  for (let round = 0; round < 20; round++) {
    for (const [name, hooks] of round % 2 === 0 ? plugins : [...plugins].reverse()) {
      const start = process.cpuUsage();
      for (let i = 0; i < 1000; i++) await call(hooks);
      const used = process.cpuUsage(start);
      (samples[name] ??= []).push((used.user + used.system) / 1000); // µs per call
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
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

/**
 * The floor every command hook pays: spawn /bin/sh -c, write its stdin, collect both streams, with
 * the runtime's own spawn (under Bun, Bun.spawn: node:child_process there is a layer over it).
 */
/** `detached`: node:child_process in its own process group, as the runtime spawns every hook (in Bun too). */
function pipedSpawn(command, { detached = false } = {}) {
  if (globalThis.Bun && !detached) return bunPipedSpawn(command);
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"], detached });
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

async function bunPipedSpawn(command) {
  const child = Bun.spawn(["/bin/sh", "-c", command], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  child.stdin.write(HOOK_INPUT);
  child.stdin.end();
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return out + err;
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

/**
 * Prints the table (scripts/bench-table.js renders it from the results) and writes both where the
 * docs keep them: the results to docs/bench-results.json, the table into docs/performance.md (and the
 * runtime's size into README.md).
 */
function publish(raw) {
  const results = benchResults(raw, {
    opencode: JSON.parse(readFileSync(path.join(ROOT, "node_modules/opencode-ai/package.json"), "utf8")).version,
    rounds: ROUNDS,
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown",
  });
  const table = renderTable(results);
  console.log(table);
  writeFileSync(path.join(ROOT, "docs/bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const page = path.join(ROOT, "docs/performance.md");
  writeFileSync(page, withTable(readFileSync(page, "utf8"), table));
  const readme = path.join(ROOT, "README.md");
  writeFileSync(readme, withRuntimeSize(readFileSync(readme, "utf8"), results));
  console.log("\nWritten: docs/bench-results.json, the table in docs/performance.md, the runtime's size in README.md.");
}
