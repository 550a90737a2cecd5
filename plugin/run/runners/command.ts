// `command`: spawn the command (spawn-command.ts), then read its exit code and output as Claude does.
import type { HandlerOf } from "../../../schema/handlers.js";
import { decodeResult } from "../../protocol/decode-result.js";
import type { RunContext } from "../run-handlers.js";
import { type SpawnRequest, spawnCommand } from "../spawn-command.js";
import { defineRunner } from "./define-runner.js";
import { failureBlocks } from "./failure-policy.js";

export default defineRunner({
  type: "command",
  differences: (handler) => [...(handler.shell === "powershell" ? ["shell powershell: runs with pwsh, which must be on PATH"] : [])],
  async run({ handler, compiled, event, stdin, context }) {
    const outcome = await spawnCommand(spawnRequest(handler, compiled.timeoutMs, stdin, context));
    return { outcome, result: decodeResult(event, outcome, { onFailureBlock: failureBlocks(event, handler) }) };
  },
});

/** How a command handler is spawned: exec form with `${CLAUDE_PROJECT_DIR}` substituted, or a shell. */
export function spawnRequest(handler: HandlerOf<"command">, timeoutMs: number, stdin: string, context: RunContext): SpawnRequest {
  const substitute = (text: string) => text.replaceAll("${CLAUDE_PROJECT_DIR}", context.projectDir);
  const args = handler.args?.map(substitute);
  return {
    command: args ? substitute(handler.command) : handler.command,
    ...(args ? { args } : {}),
    ...(handler.shell === "powershell" ? { shell: "powershell" as const } : {}),
    stdin,
    cwd: context.cwd,
    env: context.env,
    timeoutMs,
  };
}
