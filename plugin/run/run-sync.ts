// Running command handlers synchronously, blocking OpenCode's whole event loop until they finish.
// Used in one place only: a permission prompt under `opencode run` (in-process or attached to
// `opencode serve`), which answers every prompt itself with `reject` a few milliseconds after the
// event (docs/opencode-observed.md §7); a hook's answer can only come first if nothing else runs until
// it is sent. Timeouts kill the hook itself (spawnSync cannot kill a process group).
import { spawnSync } from "node:child_process";
import type { HandlerOf } from "../../schema/handlers.js";
import type { CompiledHandler } from "../compile.js";
import { decodeResult } from "../protocol/decode-result.js";
import { type Firing, type HandlerRun, type RunContext, runsInBackground } from "./run-handlers.js";
import { spawnRequest } from "./runners/command.js";
import { failureBlocks } from "./runners/failure-policy.js";
import { commandLine } from "./spawn-command.js";

/** Only command handlers can run this way; undefined when another type is among them. */
export function runHandlersSync(selected: readonly CompiledHandler[], firing: Firing, context: RunContext): HandlerRun[] | undefined {
  if (selected.some((compiled) => compiled.handler.type !== "command")) return undefined;
  const stdin = `${JSON.stringify(firing.input)}\n`;
  return selected
    .filter((compiled) => !runsInBackground(compiled.handler))
    .map((compiled) => {
      const handler = compiled.handler as HandlerOf<"command">;
      const started = context.trace ? performance.now() : 0;
      const request = spawnRequest(handler, compiled, stdin, context);
      const [file, args, shell] = commandLine(request);
      const done = spawnSync(file, args, {
        shell,
        cwd: request.cwd,
        env: request.env,
        input: request.stdin,
        timeout: request.timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: 64 * 1024 * 1024,
        encoding: "utf8",
      });
      const timedOut = (done.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
      const outcome = timedOut
        ? { stdout: "", stderr: "", timedOut: true }
        : done.error
          ? { stdout: done.stdout ?? "", stderr: done.stderr ?? "", spawnError: done.error.message }
          : done.status === null
            ? { stdout: done.stdout ?? "", stderr: done.stderr ?? "", signal: done.signal ?? "a signal" }
            : { exitCode: done.status, stdout: done.stdout, stderr: done.stderr };
      const result = decodeResult(firing.event, outcome, { onFailureBlock: failureBlocks(firing.event, handler) });
      context.trace?.ran(firing.event, compiled, outcome, result, performance.now() - started);
      return { handler: compiled, result };
    });
}
