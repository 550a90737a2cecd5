// `agent`: a model session that may read the project (read, grep, glob) before it answers {ok, reason};
// `ok: false` is handled as a prompt hook's with continueOnBlock (ask-the-model.ts).
import { askTheModel, costRemark } from "./ask-the-model.js";
import { defineRunner } from "./define-runner.js";

export const AGENT_TOOLS = { "*": false, read: true, grep: true, glob: true } as const;

export default defineRunner({
  type: "agent",
  remarks: () => [costRemark("agent")],
  differences: () => ["agent: Claude's 50-turn limit is not applied; the hook's timeout (60 s by default) bounds the evaluation"],
  run: (request) => askTheModel(request, { kind: "agent", tools: { ...AGENT_TOOLS }, continueOnBlock: true, honoursImpossible: false }),
});
