// The spawn of a command hook (plugin/run/spawn-command.ts), the same under both runtimes the plugin
// runs in: Node, and the Bun inside the real opencode binary, which implements node:child_process
// itself and where vitest cannot run. One table of real sh hooks (fixtures/spawn-driver.mjs runs them
// all in each runtime through dist's spawn module); each expectation holds for both. The fault suite
// (faults.test.ts) covers the same ground through the whole plugin, under Node.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";
import { opencodeBinary } from "../e2e/harness/opencode.js";

const DRIVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/spawn-driver.mjs");
const MODULE = path.join(REPO_ROOT, "dist/plugin/run/spawn-command.js");
const scratch = mkdtempSync(path.join(REPO_ROOT, ".tmp", "spawn-runtimes-"));
afterAll(() => {
  // A child that escaped its kill (a failing run) is ended here.
  for (const name of readdirSync(scratch, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".pid"))) {
    try {
      process.kill(Number(readFileSync(path.join(scratch, name), "utf8")), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(scratch, { recursive: true, force: true });
});

interface Result {
  exitCode?: number;
  stdout: string | { length: number; start: string };
  stderr: string | { length: number; start: string };
  timedOut?: boolean;
  spawnError?: string;
  signal?: string;
  ms: number;
  childAlive?: boolean;
}
interface Case {
  name: string;
  request: { command: string; args?: string[]; stdin?: string; cwd?: string; env?: Record<string, string>; timeoutMs?: number };
  stdinBytes?: number;
  sync?: boolean;
  /** Where (in the hook's cwd) the hook writes its background child's pid, checked `childCheckMs` after the outcome. */
  childPidFile?: string;
  childCheckMs?: number;
  expected: (result: Result) => void;
}
const FIVE_MB = 5 * 1024 * 1024;

const CASES: Case[] = [
  {
    name: "stdin reaches the hook whole; both streams and the exit code come back",
    request: { command: "cat; echo to-stderr >&2; exit 3", stdin: '{"a":1}\n' },
    expected: (result) => expect(result).toMatchObject({ exitCode: 3, stdout: '{"a":1}\n', stderr: "to-stderr\n" }),
  },
  {
    name: "5 MB of input reaches a hook that reads it all",
    request: { command: "wc -c" },
    stdinBytes: FIVE_MB,
    expected: (result) => expect(result).toMatchObject({ exitCode: 0, stdout: `${FIVE_MB + 1}\n` }),
  },
  {
    name: "a hook that closes stdin while 5 MB is written is no failure (EPIPE ignored)",
    request: { command: "exec 0<&-; echo closed; exit 0" },
    stdinBytes: FIVE_MB,
    expected: (result) => expect(result).toEqual({ exitCode: 0, stdout: "closed\n", stderr: "", ms: result.ms }),
  },
  {
    name: "cwd and env are the request's, and nothing else of the runtime's environment",
    request: { command: 'pwd; echo "$H2O_SPAWN_VAR|${HOME-unset}"', cwd: "/tmp", env: { H2O_SPAWN_VAR: "given" } },
    expected: (result) => expect(result.stdout).toBe("/tmp\ngiven|unset\n"),
  },
  {
    name: "the hook leads a process group and session of its own (setsid)",
    request: { command: "read -r _ _ _ _ pgid sid _ < /proc/$$/stat; echo $$ $pgid $sid" },
    expected: (result) => {
      const [pid, pgid, sid] = String(result.stdout).trim().split(" ");
      expect([pgid, sid]).toEqual([pid, pid]);
    },
  },
  {
    name: "at its timeout the hook's whole group is killed, even one ignoring SIGTERM; no output",
    request: { command: "trap '' TERM; sleep 600 & echo $! > timeout.pid; echo early; wait", timeoutMs: 1000 },
    childPidFile: "timeout.pid",
    childCheckMs: 500,
    expected: (result) => {
      expect(result).toMatchObject({ timedOut: true, stdout: "", stderr: "", childAlive: false });
      expect(result.ms).toBeGreaterThanOrEqual(900);
      expect(result.ms).toBeLessThan(4000);
    },
  },
  {
    name: "a child left holding stdout: what the hook printed counts 1 s after its exit; the child dies at the deadline",
    request: { command: "echo printed; sleep 30 & echo $! > lingering.pid; exit 0", timeoutMs: 2500 },
    childPidFile: "lingering.pid",
    childCheckMs: 3000,
    expected: (result) => {
      expect(result).toMatchObject({ exitCode: 0, stdout: "printed\n", childAlive: false });
      expect(result.ms).toBeGreaterThanOrEqual(900);
      expect(result.ms).toBeLessThan(2500);
    },
  },
  {
    name: "a hook killed by a signal reports the signal, not an exit code",
    request: { command: "kill -9 $$" },
    expected: (result) => expect(result).toMatchObject({ signal: "SIGKILL", stdout: "", stderr: "" }),
  },
  {
    name: "shell form: a missing command is the shell's exit 127",
    request: { command: "/no/such/h2o-cmd" },
    expected: (result) => expect(result).toMatchObject({ exitCode: 127, stderr: expect.stringContaining("not found") }),
  },
  {
    name: "exec form: a missing program is a spawn error (ENOENT)",
    request: { command: "/no/such/h2o-cmd", args: ["x"] },
    expected: (result) => expect(result.spawnError).toContain("ENOENT"),
  },
  {
    name: "exec form: arguments reach the program as given, no shell",
    request: { command: "/bin/echo", args: ["a  b", "$HOME", "*"] },
    expected: (result) => expect(result).toMatchObject({ exitCode: 0, stdout: "a  b $HOME *\n" }),
  },
  {
    name: "70 MB on stdout is kept up to the 64 MB bound; stderr is collected beside it",
    request: { command: "head -c 73400320 /dev/zero | tr '\\0' x; head -c 300000 /dev/zero | tr '\\0' y >&2" },
    expected: (result) =>
      expect(result).toMatchObject({ exitCode: 0, stdout: { length: 64 * 1024 * 1024, start: "x".repeat(20) }, stderr: { length: 300000 } }),
  },
  {
    name: "invalid UTF-8 is decoded with replacement characters",
    request: { command: "printf 'bad \\377\\376 bytes'" },
    expected: (result) => expect(result.stdout).toBe("bad \uFFFD\uFFFD bytes"),
  },
  {
    name: "sync: stdin, both streams and the exit code, as the async spawn",
    sync: true,
    request: { command: "cat; echo to-stderr >&2; exit 3", stdin: '{"a":1}\n' },
    expected: (result) => expect(result).toMatchObject({ exitCode: 3, stdout: '{"a":1}\n', stderr: "to-stderr\n" }),
  },
  {
    name: "sync: a hook that never reads 5 MB of input still decides (EPIPE ignored)",
    sync: true,
    request: { command: "echo ok" },
    stdinBytes: FIVE_MB,
    expected: (result) => expect(result).toMatchObject({ exitCode: 0, stdout: "ok\n" }),
  },
  {
    name: "sync: a hook past its timeout is cancelled",
    sync: true,
    request: { command: "exec sleep 5", timeoutMs: 500 },
    expected: (result) => expect(result).toMatchObject({ timedOut: true }),
  },
];

const RUNTIMES: Array<[runtime: string, file: string, env: Record<string, string>]> = [
  ["node", process.execPath, {}],
  ["bun", opencodeBinary(), { BUN_BE_BUN: "1" }],
];

describe.each(RUNTIMES)("under %s", (runtime, file, env) => {
  let report: { runtime: string; results: Record<string, Result> };
  beforeAll(async () => {
    const dir = path.join(scratch, runtime);
    mkdirSync(dir);
    const casesFile = path.join(dir, "cases.json");
    const specs = CASES.map(({ expected: _, ...spec }) => ({
      ...spec,
      request: { stdin: "{}\n", cwd: dir, env: {}, timeoutMs: 10_000, ...spec.request },
    }));
    writeFileSync(casesFile, JSON.stringify(specs));
    const { stdout } = await promisify(execFile)(file, [DRIVER, MODULE, casesFile], { env: { ...process.env, ...env }, maxBuffer: 1 << 20, timeout: 60_000 });
    report = JSON.parse(stdout.trim().split("\n").pop()!);
  }, 90_000);

  it(`runs in ${runtime}`, () => {
    expect(report.runtime).toBe(runtime);
  });

  it.each(CASES.map(({ name, expected }) => [name, expected] as const))("%s", (name, expected) => {
    expect(report.results[name], name).toBeDefined();
    expected(report.results[name]!);
  });
});
