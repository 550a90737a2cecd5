// Fuzzes tool.execute.before/after of one generated plugin with random tool calls: OpenCode's tools,
// an MCP tool and unknown ids, with arguments of any shape (5,000 levels deep, 1 MB strings, 10k
// arrays, "__proto__" keys, NUL, lone surrogates, wrong types) and bash commands built against the
// `if` matcher. Whatever the call, it settles within the hook timeout, is never let through
// unrecorded (the `.*` recorder saw it, every file of an apply_patch that OpenCode's own parser
// would write included, or the call was blocked: fail closed), the PostToolUse recorder sees what
// the PreToolUse one saw, nothing but a block is thrown, and `rm` is blocked in every form the `if`
// rule covers (plugin/match/if-rule.ts, bash-command.ts: subcommands, wrappers, `$(`/backticks,
// and past 32 levels of nesting the hook simply runs).
//
// FUZZ_SEED=<n|random> FUZZ_ITERATIONS=<n> [FUZZ_VARIANT=<i>] npx vitest run --project integration test/integration/tool-args-fuzz.test.ts
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  deepValue,
  fuzzRun,
  hugeString,
  nastyString,
  ODD_NUMBERS,
  randomJson,
  Rng,
  sameKind,
  setOwn,
  shrinkPlan,
  variantIndexes,
  variantSeed,
  WEIRD_KEYS,
} from "../helpers/fuzz.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, REPO_ROOT, settings, type TempProject } from "../helpers/project.js";

/** About 12 s on a 2-core machine (FUZZ_ITERATIONS=2000: about 50 s). */
const RUN = fuzzRun("tool-args-fuzz", { seed: 20_260_402, iterations: 500 });
const TIMEOUT_S = 5;
/** The hook timeout, plus a margin for spawning and a loaded machine. */
const SETTLE_MS = (TIMEOUT_S + 5) * 1000;
const CONCURRENCY = 4;

const command = (text: string, extra: object = {}) => ({ type: "command", command: text, timeout: TIMEOUT_S, ...extra });
// The recorder appends "<tool_name>\t<tool_use_id>". jq 1.6 cannot read some valid JSON (a lone
// surrogate escape, nesting past 256 levels): then the id is read off the end of the input, where
// the plugin writes it (as bytes, LC_ALL=C: the tail may cut a character in two). A recorder that
// finds no id blocks (exit 2), so "recorded or blocked" holds.
const RECORDER = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" | jq -r '[.tool_name, .tool_use_id] | @tsv' >> "$1" 2>/dev/null && exit 0
id=$(printf '%s' "$input" | tail -c 400 | LC_ALL=C sed -n 's/.*"tool_use_id":"\\([^"]*\\)".*/\\1/p')
[ -n "$id" ] && printf 'jq-failed\\t%s\\n' "$id" >> "$1" && exit 0
echo 'recorder: found no tool_use_id in its input' >&2
exit 2
`;
const record = (file: string) => `"$CLAUDE_PROJECT_DIR"/.claude/hooks/record.sh "$CLAUDE_PROJECT_DIR/${file}"`;
const SETTINGS = settings({
  PreToolUse: [
    { matcher: "Bash", hooks: [command("echo 'rm guard: no rm here' >&2; exit 2", { if: "Bash(rm *)" })] },
    // Many wildcards on a 20 KB command: linear, never a backtracking regex (plugin/match/glob.ts).
    { matcher: "Bash", hooks: [command("echo 'ab guard' >&2; exit 2", { if: "Bash(*a*a*a*a*a*a*b)" })] },
    { matcher: ".*", hooks: [command(record("pre.log"))] },
  ],
  PostToolUse: [{ matcher: ".*", hooks: [command(record("post.log"))] }],
});
/** OpenCode's MCP config: `memory_create_entities` is the tool `create_entities` of server `memory`. */
const CONFIG = { permission: "allow", mcp: { memory: { type: "local", command: ["true"] } } };

type Expect = "block" | "pass";
interface Call {
  tool: string;
  args: Record<string, unknown>;
  /** What the `if` rules promise for this bash command, when they promise something. */
  expect?: Expect;
  /** Claude calls OpenCode 1.18.33 makes of it (apply_patch: one per file), each must be recorded. */
  calls: number;
  log: string[];
}

// ---------------------------------------------------------------------------------------------
// Calls. A plan is a tool, a shape of its arguments, and steps that mutate them, each with a seed.

const TOOLS = [
  "bash",
  "bash",
  "bash",
  "edit",
  "write",
  "read",
  "glob",
  "grep",
  "apply_patch",
  "webfetch",
  "task",
  "memory_create_entities",
  "unknown",
] as const;
const UNKNOWN_IDS = [
  "custom_tool",
  "Bash",
  "mcp__memory__create_entities",
  "memory_",
  "",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "🔧",
  "a\u0000b",
  "t\ud800",
  "x".repeat(5000),
  "invalid",
];

/** Well-formed arguments, as OpenCode would pass them. */
function validArgs(tool: string, rng: Rng): Record<string, unknown> {
  const file = () => rng.pick(["src/a.ts", "/etc/passwd", ".env", "../outside.txt", "", "dir/", "ü/ñ.md", "a b/c d.txt"]);
  switch (tool) {
    case "bash":
      return { command: rng.pick(["ls -la", "npm test", "git status", "echo hi"]), description: "run", ...(rng.chance(0.3) ? { timeout: 120000 } : {}) };
    case "edit":
      return { filePath: file(), oldString: "a", newString: "b", ...(rng.chance(0.3) ? { replaceAll: true } : {}) };
    case "write":
      return { filePath: file(), content: "hello\n" };
    case "read":
      return { filePath: file(), ...(rng.chance(0.3) ? { offset: 1, limit: 10 } : {}) };
    case "glob":
      return { pattern: "**/*.ts", ...(rng.chance(0.5) ? { path: "src" } : {}) };
    case "grep":
      return { pattern: "TODO", ...(rng.chance(0.5) ? { include: "*.ts", path: "." } : {}) };
    case "apply_patch":
      return { patchText: "*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** End Patch" };
    case "webfetch":
      return { url: rng.pick(["https://example.com/", "http://127.0.0.1:1/", "file:///etc/passwd", "not a url", ""]), format: "markdown" };
    case "task":
      return { description: "explore", prompt: "find the tests", subagent_type: rng.pick(["explore", "general", ""]) };
    case "memory_create_entities":
      return { entities: [{ name: "x", entityType: "t", observations: ["o"] }] };
    default:
      return rng.chance(0.5) ? {} : { input: "x" };
  }
}

/** Bash commands the `if` rules say something about, and some they do not. */
function bashCommand(rng: Rng): { command: string; expect?: Expect; what: string } {
  const rm = rng.pick(["rm -rf x", "rm -rf /", "rm", "rm\t-r build", "rm -- -x"]);
  const kind = rng.pick(["wrapped", "nested", "nested-plain", "unbalanced", "long", "star", "quotes", "safe"] as const);
  switch (kind) {
    case "wrapped": {
      // bash-command.ts: split on && || ; | |& & newlines, inside $( ) and backticks, VAR= and wrappers removed.
      const form = rng.pick([
        (c: string) => c,
        (c: string) => `   ${c}  `,
        (c: string) => `ls && ${c}`,
        (c: string) => `ls || ${c}`,
        (c: string) => `ls; ${c}`,
        (c: string) => `ls | ${c}`,
        (c: string) => `ls |& ${c}`,
        (c: string) => `sleep 1 & ${c}`,
        (c: string) => `ls\n${c}`,
        (c: string) => `FOO=1 BAR=2 ${c}`,
        (c: string) => `FOO=1 BAR="x y" ${c}`,
        (c: string) => `MSG='a b' ${c}`,
        (c: string) => `NOW=$(date +%s) ${c}`,
        (c: string) => `timeout 10 ${c}`,
        (c: string) => `nice -n 5 ${c}`,
        (c: string) => `nohup ${c}`,
        (c: string) => `time ${c}`,
        (c: string) => `command ${c}`,
        (c: string) => `stdbuf -oL ${c}`,
        (c: string) => `timeout 5 nice -n 2 FOO=1 ${c}`,
        (c: string) => `echo $(${c})`,
        (c: string) => `echo "$(${c})"`,
        (c: string) => `echo \`${c}\``,
        (c: string) => `find . | xargs ${c}`,
      ]);
      return { command: form(rm), expect: "block", what: `rm, wrapped` };
    }
    case "nested": {
      // Up to 32 levels the rm inside is found; deeper, the command is not parsed and the hook runs: blocked either way.
      const depth = rng.logRange(1, 5000);
      return { command: `${"echo $(".repeat(depth)}${rm}${")".repeat(depth)}`, expect: "block", what: `rm in ${depth} levels of $(` };
    }
    case "nested-plain": {
      const depth = rng.logRange(1, 5000);
      // Past MAX_DEPTH (32) the guard runs, and it always blocks; within it, nothing matches `rm`.
      return { command: `${"echo $(".repeat(depth)}ls${")".repeat(depth)}`, expect: depth > 32 ? "block" : "pass", what: `ls in ${depth} levels of $(` };
    }
    case "unbalanced":
      // Unbalanced quotes cannot be split: the hook runs (fails closed here).
      return {
        command: `echo ${rng.pick(['"unclosed', "'unclosed", "`unclosed", "$(unclosed"])} ${rng.chance(0.5) ? rm : "ls"}`,
        expect: "block",
        what: "unbalanced quote",
      };
    case "long": {
      const filler = Array.from({ length: 2500 }, () => rng.pick(["ls", "-la", "foo", "'q'", '"d"', "x=1", "--flag"]))
        .join(" ")
        .slice(0, 20_000);
      const withRm = rng.chance(0.5);
      return {
        command: withRm ? `${filler} && ${rm}` : filler,
        ...(withRm ? { expect: "block" as const } : {}),
        what: `20 KB command${withRm ? " && rm" : ""}`,
      };
    }
    case "star": {
      const size = rng.logRange(1000, 20_000);
      const text = rng.pick([() => "a".repeat(size), () => "*a".repeat(size / 2), () => `${"a ".repeat(size / 2)}b`, () => `${"a".repeat(size)}b`])();
      // `*a*a*a*a*a*a*b` matches whenever six a's come before the last character b.
      // Counted, not matched with /a.*a.*…b$/: that regex backtracks for minutes on 20,000 a's.
      const expect: Expect | undefined = text.endsWith("b") && text.slice(0, -1).split("a").length > 6 ? "block" : undefined;
      return { command: text, ...(expect ? { expect } : {}), what: `${text.length} characters of a/*` };
    }
    case "quotes": {
      const parts = Array.from({ length: rng.range(1, 30) }, () =>
        rng.pick(["'", '"', "`", "$(", ")", "\\", "rm", " ", "x", ";", "&&", "|", "$VAR", "${X}", "\n"]),
      );
      return { command: parts.join(""), what: "quotes and backticks" };
    }
    case "safe":
      // Claude's word boundary: `rm *` never matches rmdir, and a quoted or echoed rm is an argument.
      return {
        command: rng.pick(["ls -l", "rmdir build", "echo rm -rf x", "git rm --cached f", "printf '%s' 'rm -rf /'", "cat rm.txt", "./rm.sh"]),
        expect: "pass",
        what: "safe",
      };
  }
}

/** Mutations of the arguments; each returns what it did. Calls with an expectation are not mutated. */
const ARG_STEPS: Record<string, (args: Record<string, unknown>, rng: Rng, tool: string) => string> = {
  "drop-key": (args, rng) => {
    const keys = Object.keys(args);
    if (keys.length === 0) return "no key";
    const key = rng.pick(keys);
    delete args[key];
    return key;
  },
  "wrong-type": (args, rng) => {
    const key = rng.pick([...Object.keys(args), "command", "filePath", "patchText", "url", "pattern"]);
    const value = rng.pick<unknown>([42, {}, [], null, true, -0, 1e308, ["rm -rf x"], { toString: "x" }, "", [["nested"]]]);
    setOwn(args, key, value);
    return `${key}: ${JSON.stringify(value)}`;
  },
  "weird-key": (args, rng) => {
    const key = rng.pick(WEIRD_KEYS);
    setOwn(args, key, rng.chance(0.5) ? randomJson(rng) : { polluted: true });
    return JSON.stringify(key);
  },
  "random-value": (args, rng) => {
    const key = rng.chance(0.5) && Object.keys(args).length > 0 ? rng.pick(Object.keys(args)) : nastyString(rng, 8);
    setOwn(args, key, randomJson(rng));
    return JSON.stringify(key);
  },
  "deep-nesting": (args, rng) => {
    const depth = rng.logRange(100, 5000);
    const key = rng.pick([...Object.keys(args), "extra"]);
    setOwn(args, key, deepValue(depth, args[key] ?? null, rng.pick(["array", "object", "mixed"] as const)));
    return `${key} in ${depth} levels`;
  },
  "huge-string": (args, rng) => {
    const length = rng.logRange(100_000, 1_000_000);
    const key = rng.pick([...Object.keys(args), "extra"]);
    setOwn(args, key, hugeString(rng, length));
    return `${key}: string(${length})`;
  },
  "huge-array": (args, rng) => {
    const key = rng.pick([...Object.keys(args), "extra"]);
    const item = randomJson(rng, 3);
    setOwn(
      args,
      key,
      Array.from({ length: 10_000 }, () => item),
    );
    return `${key}: 10,000 × ${JSON.stringify(item)?.slice(0, 30)}`;
  },
  "odd-number": (args, rng) => {
    const key = rng.pick([...Object.keys(args), "timeout", "offset", "limit"]);
    const value = rng.pick(ODD_NUMBERS);
    setOwn(args, key, value);
    return `${key}: ${Object.is(value, -0) ? "-0" : value}`;
  },
  "nul-surrogate": (args, rng) => {
    const strings = Object.keys(args).filter((key) => typeof args[key] === "string");
    const key = strings.length > 0 ? rng.pick(strings) : "extra";
    const piece = rng.pick(["\u0000", "\ud800", "\udfff", "\u0000\ud83d", "\u2028", "\u001b[2J"]);
    const old = String(args[key] ?? "");
    const at = rng.int(old.length + 1);
    setOwn(args, key, old.slice(0, at) + piece + old.slice(at));
    return `${key}: ${JSON.stringify(piece)} at ${at}`;
  },
  "patch-headers": (args, rng, tool) => {
    if (tool !== "apply_patch") return "not apply_patch";
    // Header spellings OpenCode 1.18.33's parser accepts: `startsWith("*** Add File:")`, then the rest trimmed.
    const header = () => rng.pick(["*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Add File:", "*** Update File:\t", "*** Add File:  "]);
    const files = Array.from(
      { length: rng.range(1, 5) },
      () => `${header()}${rng.pick([".env", "src/a.ts", "x y.txt", "../up.txt"])}\n${rng.pick(["+a", "@@\n-a\n+b", "", "+\u2028"])}`,
    );
    const wrap = rng.pick([
      (t: string) => `*** Begin Patch\n${t}\n*** End Patch`,
      (t: string) => `*** Begin Patch\r\n${t.replace(/\n/g, "\r\n")}\r\n*** End Patch`,
      (t: string) => `cat <<'EOF'\n*** Begin Patch\n${t}\n*** End Patch\nEOF`,
      (t: string) => t,
    ]);
    args.patchText = wrap(files.join("\n"));
    return `${files.length} file sections`;
  },
};

interface CallPlan {
  tool: string;
  seed: number;
  steps: Array<{ kind: string; seed: number }>;
}

function randomCallPlan(rng: Rng): CallPlan {
  const pick = rng.pick(TOOLS);
  const tool = pick === "unknown" ? rng.pick(UNKNOWN_IDS) : pick;
  const kinds = Object.keys(ARG_STEPS);
  const count =
    tool === "bash" && rng.chance(0.6)
      ? 0
      : rng.weighted([
          [0, 2],
          [1, 4],
          [2, 2],
          [3, 1],
        ] as const);
  const steps = Array.from({ length: count }, () => ({
    kind: tool === "apply_patch" && rng.chance(0.5) ? "patch-headers" : rng.pick(kinds),
    seed: rng.fork(),
  }));
  return { tool, seed: rng.fork(), steps };
}

function renderCall(plan: CallPlan): Call {
  const rng = new Rng(plan.seed);
  const args = validArgs(plan.tool, rng);
  const log = [`tool ${JSON.stringify(plan.tool.slice(0, 40))}`];
  let expect: Expect | undefined;
  if (plan.tool === "bash" && plan.steps.length === 0) {
    const bash = bashCommand(rng);
    args.command = bash.command;
    expect = bash.expect;
    log.push(`command: ${bash.what}`);
  }
  for (const step of plan.steps) log.push(`${step.kind}: ${ARG_STEPS[step.kind]!(args, new Rng(step.seed), plan.tool)}`);
  const calls = plan.tool === "invalid" ? 0 : plan.tool === "apply_patch" ? opencodePatchFiles(args.patchText) : 1;
  return { tool: plan.tool, args, ...(expect ? { expect } : {}), calls, log };
}

/**
 * The files OpenCode 1.18.33 adds or updates for an apply_patch call (its parser, as bundled in the
 * pinned binary: trimmed text, lines split on "\n", between the Begin/End markers, a header is
 * `startsWith("*** Add File:")` or Update with a non-empty trimmed path). A patch it cannot parse
 * runs nothing. `invalid` is OpenCode's stand-in for a malformed call: it runs nothing either.
 */
function opencodePatchFiles(patchText: unknown): number {
  if (typeof patchText !== "string") return 0;
  let text = patchText.trim();
  const heredoc = /^(?:cat\s+)?<<['"]?(\w+)['"]?\s*\n([\s\S]*?)\n\1\s*$/.exec(text);
  if (heredoc) text = heredoc[2]!;
  const lines = text.split("\n");
  const begin = lines.findIndex((line) => line.trim() === "*** Begin Patch");
  const end = lines.findIndex((line) => line.trim() === "*** End Patch");
  if (begin === -1 || end === -1 || begin >= end) return 0;
  let files = 0;
  for (const line of lines.slice(begin + 1, end)) {
    const header = /^\*\*\* (Add|Update) File:([\s\S]*)$/.exec(line);
    if (header && header[2]!.trim() !== "") files++;
  }
  return files;
}

// ---------------------------------------------------------------------------------------------

let project: TempProject;
let plugin: Awaited<ReturnType<typeof loadPlugin>>;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  project = await makeProject({ ".claude/settings.json": SETTINGS, ".claude/hooks/record.sh": RECORDER }, "tool-args-fuzz-");
  plugin = await loadPlugin(project.dir, CONFIG);
});
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await project?.remove();
});

/** Resolves to how the promise settled, or "hung" after `ms`. */
async function settle<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ state: "resolved"; value: T } | { state: "rejected"; error: unknown } | { state: "hung" }> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<{ state: "hung" }>((resolve) => (timer = setTimeout(() => resolve({ state: "hung" }), ms)));
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ state: "resolved" as const, value }),
        (error: unknown) => ({ state: "rejected" as const, error }),
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A deliberate block: the messages plugin/events/pre-tool-use.ts and build-hooks.ts throw. */
function isBlock(error: unknown): error is Error {
  // "PreToolUse:<tool> hook error", or "PreToolUse hook error" for a tool id that is empty.
  return (
    error instanceof Error &&
    /^(PreToolUse(:[\s\S]*?)? hook (error|rewrote)|PreToolUse hooks could not be run|Stopped by a PreToolUse hook)/.test(error.message)
  );
}

interface Outcome {
  before: "resolved" | "blocked" | "threw" | "hung";
  message?: string;
  beforeMs: number;
  after?: "resolved" | "threw" | "hung";
  afterMs?: number;
}

async function runCall(call: Call, callID: string): Promise<Outcome> {
  const started = performance.now();
  const before = await settle(plugin.before(call.tool, call.args, callID), SETTLE_MS);
  const beforeMs = performance.now() - started;
  if (before.state === "hung") return { before: "hung", beforeMs };
  if (before.state === "rejected") {
    const message = before.error instanceof Error ? before.error.message : String(before.error);
    return { before: isBlock(before.error) ? "blocked" : "threw", message: message.slice(0, 400), beforeMs };
  }
  const output = { title: "", output: "ok", metadata: call.tool === "bash" ? { exit: 0, output: "ok" } : {} };
  const afterStarted = performance.now();
  const after = await settle(plugin.after(call.tool, call.args, output, callID), SETTLE_MS);
  const afterMs = performance.now() - afterStarted;
  return {
    before: "resolved",
    beforeMs,
    after: after.state === "resolved" ? "resolved" : after.state === "rejected" ? "threw" : "hung",
    afterMs,
    ...(after.state === "rejected" ? { message: String(after.error).slice(0, 400) } : {}),
  };
}

/** What is wrong with one call's outcome, given what the recorders saw (empty: nothing). */
function problems(call: Call, outcome: Outcome, pre: number, post: number): string[] {
  const found: string[] = [];
  if (outcome.before === "hung") found.push(`before() did not settle in ${SETTLE_MS} ms`);
  if (outcome.before === "threw") found.push(`before() threw something other than a block: ${outcome.message}`);
  if (outcome.beforeMs > SETTLE_MS) found.push(`before() took ${Math.round(outcome.beforeMs)} ms`);
  if (outcome.before === "resolved" && pre < call.calls) found.push(`the tool would run, but the recorder saw ${pre} of its ${call.calls} Claude calls`);
  if (call.expect === "block" && outcome.before !== "blocked") found.push(`the if rule promises a block, but before() ${outcome.before}`);
  if (call.expect === "block" && outcome.before === "blocked" && !/guard/.test(outcome.message ?? ""))
    found.push(`blocked, but not by a guard: ${outcome.message}`);
  if (call.expect === "pass" && outcome.before !== "resolved") found.push(`no if rule matches, but before() ${outcome.before}: ${outcome.message}`);
  if (outcome.after === "hung") found.push(`after() did not settle in ${SETTLE_MS} ms`);
  if (outcome.after === "threw") found.push(`after() threw: ${outcome.message}`);
  if (outcome.after === "resolved" && post < Math.min(pre, call.calls))
    found.push(`the PostToolUse recorder saw ${post} of the ${Math.min(pre, call.calls)} calls the PreToolUse one saw`);
  return found;
}

/** How often the recorders saw each call id. */
async function recorded(file: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const text = await readFile(project.file(file), "utf8").catch(() => "");
  for (const line of text.split("\n")) {
    const id = line.slice(line.lastIndexOf("\t") + 1);
    if (line) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

it("settles every random tool call in time, lets none run unrecorded, throws only blocks, and blocks rm wherever the if rule reaches", async () => {
  const started = performance.now();
  const plans = variantIndexes(RUN).map((index) => ({ index, plan: randomCallPlan(new Rng(variantSeed(RUN.seed, index))) }));
  const outcomes = new Map<number, { call: Call; outcome: Outcome }>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < plans.length) {
        const { index, plan } = plans[next++]!;
        const call = renderCall(plan);
        outcomes.set(index, { call, outcome: await runCall(call, `fz_${RUN.seed}_${index}`) });
      }
    }),
  );
  const pre = await recorded("pre.log");
  const post = await recorded("post.log");
  const jqFailed = new Set(
    (await readFile(project.file("pre.log"), "utf8").catch(() => ""))
      .split("\n")
      .filter((line) => line.startsWith("jq-failed\t"))
      .map((line) => line.slice("jq-failed\t".length)),
  );
  const failing: Array<{ index: number; found: string[] }> = [];
  const tally = new Map<string, number>();
  for (const { index } of plans) {
    const { call, outcome } = outcomes.get(index)!;
    const id = `fz_${RUN.seed}_${index}`;
    const found = problems(call, outcome, pre.get(id) ?? 0, post.get(id) ?? 0);
    if (found.length > 0) failing.push({ index, found });
    const why =
      outcome.before === "blocked"
        ? /recorder/.test(outcome.message ?? "")
          ? "blocked: recorder found no id"
          : /guard/.test(outcome.message ?? "")
            ? "blocked: guard"
            : "blocked: fail-closed"
        : outcome.before;
    tally.set(why, (tally.get(why) ?? 0) + 1);
    if (jqFailed.has(id))
      tally.set(
        "seen only by the recorder's fallback (jq 1.6 could not parse)",
        (tally.get("seen only by the recorder's fallback (jq 1.6 could not parse)") ?? 0) + 1,
      );
  }
  const slowest = Math.max(...[...outcomes.values()].map(({ outcome }) => Math.max(outcome.beforeMs, outcome.afterMs ?? 0)));
  console.log(
    `[tool-args-fuzz] ${plans.length} calls: ${[...tally].map(([key, n]) => `${n} ${key}`).join(", ")}; slowest ${Math.round(slowest)} ms; ${Math.round(performance.now() - started)} ms in all`,
  );

  const reports: string[] = [];
  for (const { index, found } of failing.slice(0, 10)) {
    const plan = plans.find((entry) => entry.index === index)!.plan;
    // Replayed alone on fresh call ids: a step is dropped while the call still fails.
    let replays = 0;
    const minimal = await shrinkPlan(plan, async (candidate) => {
      const call = renderCall(candidate);
      const id = `shrink_${index}_${++replays}`;
      const outcome = await runCall(call, id);
      return problems(call, outcome, (await recorded("pre.log")).get(id) ?? 0, (await recorded("post.log")).get(id) ?? 0).some((problem) =>
        sameKind(problem, found[0]!),
      );
    });
    const call = renderCall(minimal);
    // What the plugin logged while it ran the minimal call once more.
    const logsBefore = plugin.client.logs().length;
    await runCall(call, `shrink_${index}_final`);
    const logs = plugin.client
      .logs()
      .slice(logsBefore)
      .map((line) => `  log: ${line.slice(0, 300)}`);
    const saved = path.join(REPO_ROOT, ".tmp", "fuzz-failures", `tool-args-${RUN.seed}-${index}.json`);
    await mkdir(path.dirname(saved), { recursive: true });
    await writeFile(saved, JSON.stringify({ tool: call.tool, args: call.args }));
    const args = JSON.stringify(call.args, (_key, value: unknown) =>
      typeof value === "string" && value.length > 200 ? `${value.slice(0, 200)}…(${value.length})` : value,
    );
    reports.push(
      [
        `call ${index} (FUZZ_SEED=${RUN.seed} FUZZ_VARIANT=${index}):`,
        ...found.map((problem) => `  - ${problem}`),
        `  minimal call (saved to ${path.relative(REPO_ROOT, saved)}): ${call.log.join("; ")}`,
        `  plugin.before(${JSON.stringify(call.tool.slice(0, 60))}, ${args.length > 600 ? `${args.slice(0, 600)}…` : args})`,
        ...logs.slice(0, 5),
      ].join("\n"),
    );
  }
  if (reports.length > 0) console.error(`[tool-args-fuzz] ${failing.length} failing calls:\n${reports.join("\n")}`);
  expect(reports).toEqual([]);
  expect(unhandled.map(String)).toEqual([]);
}, 240_000);

// Found by this fuzzer: headers without a space after the colon ("*** Add File:.env") are applied by
// OpenCode 1.18.33 but were never shown to PreToolUse hooks, so Write/Edit guards failed open.
it("shows every file OpenCode's apply_patch writes to PreToolUse hooks, however the header is spaced", async () => {
  // The fuzzer's minimal inputs (FUZZ_SEED=20260402, calls 144 and 197). OpenCode's parser (in the pinned
  // binary) takes `line.startsWith("*** Add File:")` and trims the rest: both patches write .env.
  for (const patchText of [
    "*** Begin Patch\n*** Add File:.env\n+KEY=value\n*** End Patch",
    "*** Begin Patch\n*** Update File:\t.env\n@@\n-a\n+b\n*** End Patch",
  ]) {
    const call: Call = { tool: "apply_patch", args: { patchText }, calls: opencodePatchFiles(patchText), log: [] };
    expect(call.calls).toBe(1);
    const id = `bug_${call.calls}_${patchText.length}`;
    const outcome = await runCall(call, id);
    expect(problems(call, outcome, (await recorded("pre.log")).get(id) ?? 0, (await recorded("post.log")).get(id) ?? 0)).toEqual([]);
  }
});

// Found by this fuzzer: a leading assignment whose value holds a space or $( ) (FOO="x y" rm -rf x) was
// not stripped, so `if: "Bash(rm *)"` did not match and the guard never ran.
it("strips leading VAR=value assignments with quoted or $( ) values before matching the if rule", async () => {
  // The fuzzer's minimal inputs (FUZZ_SEED=11 call 1320, FUZZ_SEED=12 call 568), and two of the same kind.
  for (const command of ['FOO=1 BAR="x y" rm -rf x', 'FOO=1 BAR="x y" rm\t-r build', "MSG='a b' rm -rf x", "NOW=$(date +%s) rm -rf x"]) {
    await expect(plugin.before("bash", { command }), command).rejects.toThrow("rm guard");
  }
});
