// npm run bench: the cost the generated plugin adds to a tool call, as ratios against baselines
// measured in the same run on the same machine (absolute times vary between machines, ratios less).
//   1. one matching command hook through the plugin  vs  spawning the same `sh -c` directly
//   2. the same call with 200 more handlers that do not match  vs  (1)
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { convert } from "../dist/cli/convert.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const HOOK = "cat > /dev/null";

function bareSpawn() {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", HOOK], { stdio: ["pipe", "pipe", "pipe"], detached: true });
    child.on("error", reject);
    child.on("close", resolve);
    child.stdin.end(`${JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } })}\n`);
  });
}

async function pluginBefore(extraHandlers) {
  await mkdir(".tmp", { recursive: true });
  const dir = await mkdtemp(path.join(".tmp", "bench-"));
  const groups = [{ matcher: "Bash", hooks: [{ type: "command", command: HOOK }] }];
  for (let i = 0; i < extraHandlers; i++) groups.push({ matcher: `^Tool${i}$`, hooks: [{ type: "command", command: `echo ${i}`, if: "Bash(never *)" }] });
  await mkdir(path.join(dir, ".claude"), { recursive: true });
  await writeFile(path.join(dir, ".claude", "settings.json"), JSON.stringify({ hooks: { PreToolUse: groups } }));
  const { pluginPath } = await convert({ project: dir, print: () => {}, printError: () => {} });
  const module = await import(pathToFileURL(pluginPath).href);
  const hooks = await Object.values(module)[0]({ client: {}, directory: path.resolve(dir), worktree: path.resolve(dir) });
  let n = 0;
  return {
    run: () => hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_bench", callID: `c${n++}` }, { args: { command: "ls" } }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function time(label, fn) {
  for (let i = 0; i < 5; i++) await fn(); // warm up
  const samples = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`${label.padEnd(58)} median ${median.toFixed(2)} ms`);
  return median;
}

const one = await pluginBefore(0);
const many = await pluginBefore(200);
try {
  const bare = await time("baseline: sh -c spawned directly", bareSpawn);
  const plugin = await time("plugin: PreToolUse with 1 matching hook", one.run);
  const crowded = await time("plugin: same, plus 200 handlers that do not match", many.run);
  console.log(`ratio plugin / bare spawn:            ${(plugin / bare).toFixed(2)}x`);
  console.log(`ratio 201 handlers / 1 handler:       ${(crowded / plugin).toFixed(2)}x`);
} finally {
  await one.cleanup();
  await many.cleanup();
}
