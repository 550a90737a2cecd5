// `prompt`: one call of OpenCode's model, no tools, answering {ok, reason} (ask-the-model.ts).
import { askTheModel, costRemark } from "./ask-the-model.js";
import { defineRunner } from "./define-runner.js";

export default defineRunner({
  type: "prompt",
  remarks: () => [costRemark("prompt")],
  run: (request) =>
    askTheModel(request, { kind: "prompt", tools: { "*": false }, continueOnBlock: request.handler.continueOnBlock === true, honoursImpossible: true }),
});
