// `agent`: a model session that may read the project (read, grep, glob) for up to 50 turns before it
// answers {ok, reason};
// `ok: false` is handled as a prompt hook's with continueOnBlock (ask-the-model.ts).
import { askTheModel, costRemark } from "./ask-the-model.js";
import { defineRunner } from "./define-runner.js";

export const AGENT_TOOLS = { "*": false, read: true, grep: true, glob: true } as const;

/** Claude's agent hooks end after 50 turns; HOOKS2OPENCODE_AGENT_HOOK_TURNS changes it (tests, slow models). */
export function agentTurns(override: string | undefined): number {
  const turns = Number(override);
  return Number.isInteger(turns) && turns > 0 ? turns : 50;
}

export default defineRunner({
  type: "agent",
  remarks: () => [costRemark("agent")],
  run: (request) =>
    askTheModel(request, {
      kind: "agent",
      tools: { ...AGENT_TOOLS },
      continueOnBlock: true,
      honoursImpossible: false,
      maxSteps: agentTurns(process.env.HOOKS2OPENCODE_AGENT_HOOK_TURNS),
    }),
});
