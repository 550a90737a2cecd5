// Fuzzes convert with mutated settings files: whatever the file holds, convert answers 0 (converted,
// maybe with warnings) or 2 (errors with a file and line), never 70 or a stack trace, in seconds;
// and what it writes, check accepts and OpenCode's own Bun imports.
//
// Every variant runs in-process through convert() (milliseconds each, so hundreds fit in CI), with
// the same mapping of throws to exit codes as cli/index.ts. The real CLI is the honest judge of a
// crash (stack overflow depth, stderr, exit 70), so every variant with a heavy step (deep nesting,
// 10k entries, 1 MB strings, 40 KB rules) and every CLI_EVERY-th other one also runs through
// `node bin/hooks2opencode.js convert --json`, and its exit code must agree with the in-process one.
// All written plugins are imported in one Bun process at the end.
//
// FUZZ_SEED=<n|random> FUZZ_ITERATIONS=<n> [FUZZ_VARIANT=<i>] npx vitest run --project integration test/integration/settings-fuzz.test.ts
// (FUZZ_DEBUG=1 prints each variant before it runs: the way to find one that takes the worker down.)
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { parse } from "jsonc-parser";
import { afterAll, expect, it } from "vitest";
import { check } from "../../cli/commands/check.js";
import { convert } from "../../cli/commands/convert.js";
import { EXIT, ExitError, UsageError } from "../../cli/errors.js";
import { type Base, fuzzRun, isHeavy, type Plan, randomPlan, renderPlan, Rng, sameKind, shrinkPlan, variantIndexes, variantSeed } from "../helpers/fuzz.js";
import { REPO_ROOT } from "../helpers/project.js";

const BIN = path.join(REPO_ROOT, "bin", "hooks2opencode.js");
const OPENCODE = path.join(REPO_ROOT, "node_modules", "opencode-linux-x64", "bin", "opencode");
const PLUGIN = path.join(".opencode", "plugins", "claude-hooks.js");
/** About 20 s on a 2-core machine, the Bun import included (FUZZ_ITERATIONS=2000: about 2 minutes). */
const RUN = fuzzRun("settings-fuzz", { seed: 20_260_401, iterations: 400 });
const CLI_EVERY = 8;
const MAX_RUN_MS = 3000;
const STACK_TRACE = /^\s+at .+|RangeError|TypeError|Maximum call stack/m;

const example = await readFile(path.join(REPO_ROOT, "examples", "format-and-guard", ".claude", "settings.json"), "utf8");
const cmd = (command: string, extra: object = {}) => ({ type: "command", command, ...extra });
const BASES: Record<string, Base> = {
  example: { value: parse(example), text: example },
  tools: {
    value: {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [cmd("echo no >&2; exit 2", { if: "Bash(git push *)", timeout: 5 }), cmd("./guard.sh", { if: "Bash(rm:*)" })] },
          { matcher: "Edit|Write|MultiEdit", hooks: [cmd("jq -r .tool_input.file_path", { if: "Edit(src/**/*.ts)", statusMessage: "checking" })] },
          { matcher: "mcp__memory__.*", hooks: [cmd("true", { if: "mcp__memory" })] },
          { matcher: "WebFetch", hooks: [cmd("true", { if: "WebFetch(domain:*.example.com)" })] },
        ],
        PostToolUse: [
          { matcher: "Edit|Write", hooks: [cmd("npx --no-install prettier --write", { timeout: 30, onFailure: "block" })] },
          { hooks: [cmd("true", { async: true })] },
        ],
        PostToolUseFailure: [{ matcher: "Bash", hooks: [cmd("cat >> failures.log")] }],
      },
    },
  },
  lifecycle: {
    value: {
      hooks: {
        Stop: [{ hooks: [cmd("npm test --silent || exit 2")] }],
        SubagentStop: [{ matcher: "explore", hooks: [cmd("true")] }],
        SessionStart: [
          { matcher: "startup|resume|compact", hooks: [cmd("git status --short")] },
          { matcher: "clear", hooks: [cmd("true")] },
        ],
        UserPromptSubmit: [{ hooks: [cmd("grep -q secret && exit 2; exit 0", { timeout: 10 })] }],
        SessionEnd: [{ hooks: [cmd("rm -f .session", { timeout: 2 })] }],
        Notification: [{ matcher: "permission_prompt|idle_prompt", hooks: [cmd("notify-send hi")] }],
        PreCompact: [{ matcher: "auto", hooks: [cmd("true")] }],
      },
      disableAllHooks: false,
    },
  },
  http: {
    value: {
      permissions: { allow: ["Bash(ls:*)"] },
      env: { FOO: "bar" },
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "http", url: "http://127.0.0.1:1/hook", headers: { Authorization: "Bearer $TOKEN" }, allowedEnvVars: ["TOKEN"], timeout: 3 }],
          },
        ],
        PostToolUse: [
          {
            hooks: [
              { type: "prompt", prompt: "Was this OK? $ARGUMENTS" },
              { type: "agent", prompt: "verify" },
              { type: "mcp_tool", server: "memory", tool: "save", input: { x: 1 } },
            ],
          },
        ],
        TeammateIdle: [{ hooks: [cmd("keep-going */ \u2028 `x`")] }],
        Stop: [{ hooks: [{ type: "http", url: "https://example.com/stop", onFailure: "continue" }] }],
      },
    },
  },
  exec: {
    value: {
      hooks: {
        PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "node", args: ["${CLAUDE_PROJECT_DIR}/hooks/check.js", "--strict", ""] }] }],
        PostToolUse: [
          {
            matcher: "*",
            hooks: [
              { type: "command", command: "pwsh", args: [], shell: "powershell" },
              { type: "command", command: "/bin/echo", args: ["a b", "$HOME"], asyncRewake: true },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: "command", command: "sh", args: ["-c", "exit 0"], timeout: 60000 }] }],
      },
    },
  },
  minimal: { value: { hooks: { Stop: [{ hooks: [cmd("true")] }] } } },
};

interface Diagnostic {
  code: string;
  file?: string;
  line?: number;
}
interface Outcome {
  via: "cli" | "in-process";
  exitCode: number;
  stdout: string;
  stderr: string;
  ms: number;
  result?: string;
  diagnostics?: Diagnostic[];
}

/** Convert as cli/index.ts runs it, minus the process: a known failure keeps its code, any other throw is a bug (70). */
async function convertInProcess(dir: string): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const started = performance.now();
  let exitCode: number;
  try {
    exitCode = (await convert({ project: dir, json: true, print: (text) => (stdout += text), printError: (text) => (stderr += text) })).exitCode;
  } catch (error) {
    if (error instanceof ExitError) exitCode = error.exitCode;
    else if (error instanceof UsageError) exitCode = EXIT.usage;
    else exitCode = EXIT.internal;
    stderr += `hooks2opencode: ${error instanceof Error && exitCode === EXIT.internal ? error.stack : String(error)}\n`;
  }
  return withJson({ via: "in-process", exitCode, stdout, stderr, ms: performance.now() - started });
}

async function convertCli(dir: string): Promise<Outcome> {
  const started = performance.now();
  const result = await execa("node", [BIN, "convert", "--project", dir, "--json"], { reject: false, timeout: 30_000, stripFinalNewline: false });
  return withJson({
    via: "cli",
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    ms: performance.now() - started,
  });
}

function withJson(outcome: Outcome): Outcome {
  try {
    const doc = JSON.parse(outcome.stdout) as { result: string; diagnostics: Diagnostic[] };
    return { ...outcome, result: doc.result, diagnostics: doc.diagnostics };
  } catch {
    return outcome;
  }
}

async function checkExit(dir: string, via: Outcome["via"]): Promise<{ exitCode: number; output: string }> {
  if (via === "cli") {
    const result = await execa("node", [BIN, "check", "--project", dir, "--json"], { reject: false, timeout: 30_000 });
    return { exitCode: result.exitCode ?? -1, output: `${result.stdout}${result.stderr}`.slice(0, 2000) };
  }
  let output = "";
  try {
    const result = await check({ project: dir, json: true, print: (text) => (output += text), printError: (text) => (output += text) });
    return { exitCode: result.exitCode, output: output.slice(0, 2000) };
  } catch (error) {
    return { exitCode: error instanceof ExitError ? error.exitCode : EXIT.internal, output: String(error instanceof Error ? error.stack : error) };
  }
}

/** What is wrong with one convert run, by the rules in the README (empty: nothing). */
function problems(outcome: Outcome): string[] {
  const found: string[] = [];
  const where = `${outcome.via} convert`;
  if (outcome.exitCode !== 0 && outcome.exitCode !== 2) found.push(`${where} exited ${outcome.exitCode}`);
  const trace = STACK_TRACE.exec(outcome.stderr);
  if (trace) found.push(`${where} printed a stack trace or a JS error on stderr: ${JSON.stringify(trace[0].slice(0, 200))}`);
  if (outcome.ms > MAX_RUN_MS) found.push(`${where} took ${Math.round(outcome.ms)} ms (limit ${MAX_RUN_MS})`);
  if (outcome.result === undefined && outcome.exitCode !== EXIT.internal)
    found.push(`${where} --json printed no JSON document (stdout starts ${JSON.stringify(outcome.stdout.slice(0, 100))})`);
  if (outcome.exitCode === 2 && !outcome.diagnostics?.some((d) => typeof d.file === "string" && d.file !== "" && typeof d.line === "number" && d.line >= 1)) {
    found.push(`${where} exited 2 without a located diagnostic: ${JSON.stringify(outcome.diagnostics ?? outcome.stderr.slice(0, 300))}`);
  }
  return found;
}

interface Judged {
  problems: string[];
  exitCode: number;
  ms: number;
  /** The written plugin, for the Bun import. */
  plugin?: string;
}

/** Writes the variant into a fresh project, converts it, and checks what convert wrote. */
async function judge({ bytes, local }: { bytes: Buffer; local?: boolean }, dir: string, via: Outcome["via"]): Promise<Judged> {
  await mkdir(path.join(dir, ".claude"), { recursive: true });
  await writeFile(path.join(dir, ".claude", "settings.json"), bytes);
  if (local) await writeFile(path.join(dir, ".claude", "settings.local.json"), bytes);
  const outcome = via === "cli" ? await convertCli(dir) : await convertInProcess(dir);
  const found = problems(outcome);
  if (outcome.exitCode !== 0 || outcome.result !== "written") return { problems: found, exitCode: outcome.exitCode, ms: outcome.ms };
  const checked = await checkExit(dir, via);
  if (checked.exitCode !== 0) found.push(`${via} check exited ${checked.exitCode} right after convert wrote the plugin: ${checked.output.slice(0, 300)}`);
  return { problems: found, exitCode: outcome.exitCode, ms: outcome.ms, plugin: path.join(dir, PLUGIN) };
}

const IMPORTER = `import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const list = JSON.parse(readFileSync(process.argv[2], "utf8"));
const results = [];
for (const { id, plugin, dir } of list) {
  console.error("importing " + id);
  try {
    const module = await import(pathToFileURL(plugin).href);
    const exports = Object.values(module);
    if (exports.length !== 1 || typeof exports[0] !== "function") throw new Error("exports: " + Object.keys(module).join(", "));
    const input = { client: {}, directory: dir, worktree: dir, project: { id: "fuzz" }, serverUrl: new URL("http://127.0.0.1:1") };
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the plugin function did not settle in 5 s")), 5000));
    const hooks = await Promise.race([exports[0](input), timeout]);
    if (!hooks || typeof hooks !== "object") throw new Error("the plugin function resolved to " + typeof hooks);
    results.push({ id, ok: true });
  } catch (error) {
    results.push({ id, ok: false, error: String((error && error.stack) || error).slice(0, 1500) });
  }
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
`;

/** Imports every plugin in one `bun` (the one inside the pinned opencode binary); the ids that failed, with why. */
async function importInBun(plugins: Array<{ id: string; plugin: string }>, workDir: string): Promise<Map<string, string>> {
  const failed = new Map<string, string>();
  if (plugins.length === 0) return failed;
  const script = path.join(workDir, "import-plugins.mjs");
  const list = path.join(workDir, "plugins.json");
  await writeFile(script, IMPORTER);
  await writeFile(list, JSON.stringify(plugins.map(({ id, plugin }) => ({ id, plugin, dir: path.dirname(path.dirname(path.dirname(plugin))) }))));
  const result = await execa(OPENCODE, [script, list], {
    reject: false,
    timeout: 120_000,
    env: { BUN_BE_BUN: "1" },
    cwd: workDir,
    maxBuffer: 64 * 1024 * 1024,
  });
  let results: Array<{ id: string; ok: boolean; error?: string }> = [];
  try {
    results = JSON.parse(String(result.stdout));
  } catch {
    // Bun died on the way: the last "importing" line on stderr names the plugin it was on.
    const last = /importing (\S+)\s*$/.exec(String(result.stderr))?.[1] ?? plugins[0]!.id;
    failed.set(last, `bun exited ${result.exitCode} (${result.signal ?? "no signal"}) while importing it: ${String(result.stderr).slice(-1500)}`);
    return failed;
  }
  for (const { id, ok, error } of results) if (!ok) failed.set(id, `bun could not import it: ${error}`);
  for (const { id } of plugins) if (!results.some((entry) => entry.id === id)) failed.set(id, "bun never reported on it");
  return failed;
}

/** A pool of `width` workers over `items`, in order. */
async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

let workDir: string | undefined;
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

it("answers every mutated settings file with exit 0 or 2 and located errors, and writes only plugins that check accepts and Bun imports", async () => {
  const started = performance.now();
  await mkdir(path.join(REPO_ROOT, ".tmp"), { recursive: true });
  workDir = await mkdtemp(path.join(REPO_ROOT, ".tmp", "settings-fuzz-"));
  const variants = variantIndexes(RUN).map((index) => {
    const plan = randomPlan(new Rng(variantSeed(RUN.seed, index)), Object.keys(BASES));
    return { index, plan, viaCli: plan.steps.some(isHeavy) || index % CLI_EVERY === 0 };
  });
  const failures = new Map<number, { via: Outcome["via"]; problems: string[] }>();
  const fail = (index: number, via: Outcome["via"], found: string[]) => {
    if (found.length > 0 && !failures.has(index)) failures.set(index, { via, problems: found });
  };
  const plugins: Array<{ id: string; plugin: string }> = [];
  const exits = new Map<number, number>();
  const tally = new Map<string, number>();
  const slowest = { "in-process": 0, cli: 0 };

  for (const { index, plan } of variants) {
    const rendered = renderPlan(plan, BASES);
    if (process.env.FUZZ_DEBUG) process.stderr.write(`[settings-fuzz] variant ${index}, ${rendered.bytes.length} bytes: ${rendered.log.join("; ")}\n`);
    const judged = await judge(rendered, path.join(workDir, `v${index}`), "in-process");
    fail(index, "in-process", judged.problems);
    exits.set(index, judged.exitCode);
    slowest["in-process"] = Math.max(slowest["in-process"], judged.ms);
    if (judged.plugin) plugins.push({ id: String(index), plugin: judged.plugin });
    const key = judged.plugin ? "written" : `exit ${judged.exitCode}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  // The CLI after the in-process runs: a blocked event loop here would add to its measured time.
  const sampled = variants.filter((variant) => variant.viaCli);
  await pool(sampled, 2, async ({ index, plan }) => {
    const judged = await judge(renderPlan(plan, BASES), path.join(workDir!, `cli${index}`), "cli");
    const inProcess = exits.get(index);
    if (inProcess !== judged.exitCode) judged.problems.push(`the CLI exited ${judged.exitCode}, convert() in-process ${inProcess}`);
    slowest.cli = Math.max(slowest.cli, judged.ms);
    fail(index, "cli", judged.problems);
  });
  for (const [id, why] of await importInBun(plugins, workDir)) fail(Number(id), "in-process", [why]);
  console.log(
    `[settings-fuzz] ${variants.length} variants (${sampled.length} also through the CLI), ${[...tally].map(([key, n]) => `${n} ${key}`).join(", ")}; ` +
      `${plugins.length} plugins imported in Bun; slowest convert ${Math.round(slowest["in-process"])} ms in-process, ${Math.round(slowest.cli)} ms CLI; ${Math.round(performance.now() - started)} ms in all`,
  );

  const reports: string[] = [];
  for (const [index, { via, problems: found }] of failures) {
    const plan = variants.find((variant) => variant.index === index)!.plan;
    // Shrinking replays a variant up to 40 times: the first ten failures are enough to go on.
    if (reports.length >= 10) {
      reports.push(`variant ${index} (FUZZ_SEED=${RUN.seed} FUZZ_VARIANT=${index}), ${via}: ${found[0]}`);
      continue;
    }
    const fails = async (candidate: Plan) => (await replay(candidate, via)).some((problem) => sameKind(problem, found[0]!));
    const minimal = await shrinkPlan(plan, fails, (best) => ({ ...best, base: "minimal" }));
    const rendered = renderPlan(minimal, BASES);
    const saved = path.join(REPO_ROOT, ".tmp", "fuzz-failures", `settings-${RUN.seed}-${index}.json`);
    await mkdir(path.dirname(saved), { recursive: true });
    await writeFile(saved, rendered.bytes);
    const text = rendered.bytes.toString("utf8");
    reports.push(
      [
        `variant ${index} (FUZZ_SEED=${RUN.seed} FUZZ_VARIANT=${index}), ${via}:`,
        ...found.map((problem) => `  - ${problem}`),
        `  minimal input (${rendered.bytes.length} bytes, saved to ${path.relative(REPO_ROOT, saved)}): ${rendered.log.join("; ")}`,
        `  starts: ${JSON.stringify(text.slice(0, 300))}`,
      ].join("\n"),
    );
  }
  if (reports.length > 0) console.error(`[settings-fuzz] ${reports.length} failing variants:\n${reports.join("\n")}`);
  expect(reports).toEqual([]);
}, 240_000);

// Found by this fuzzer: a note quoting a lone surrogate went raw into a comment, was written as U+FFFD,
// and check reported the plugin stale forever.
it("writes a plugin that check accepts when a dropped hook's matcher holds a lone surrogate", async () => {
  // The fuzzer's minimal input (FUZZ_SEED=1, variants 510 and 727): "W\udbffrite" names no tool, so the hook is
  // dropped and its note `matcher "W\udbffrite" never fires` goes into the "Not replayed" comment.
  const dir = await mkdtemp(path.join(REPO_ROOT, ".tmp", "settings-fuzz-bug-"));
  try {
    const bytes = Buffer.from('{"hooks":{"PreToolUse":[{"matcher":"W\\udbffrite","hooks":[{"type":"command","command":"x"}]}]}}');
    const judged = await judge({ bytes }, dir, "cli");
    expect(judged.problems).toEqual([]);
    expect(judged.plugin).toBeDefined();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** One variant again, alone, for the shrinker: its problems, the Bun import included. */
async function replay(plan: Plan, via: Outcome["via"]): Promise<string[]> {
  const dir = await mkdtemp(path.join(workDir!, "shrink-"));
  const judged = await judge(renderPlan(plan, BASES), dir, via);
  if (judged.plugin) for (const [, why] of await importInBun([{ id: "0", plugin: judged.plugin }], dir)) judged.problems.push(why);
  await rm(dir, { recursive: true, force: true });
  return judged.problems;
}
