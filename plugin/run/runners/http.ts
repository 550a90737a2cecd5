// `http`: POST the input (run-http.ts), then read the response body like stdout.
import { decodeResult } from "../../protocol/decode-result.js";
import { runHttp } from "../run-http.js";
import { defineRunner } from "./define-runner.js";
import { failureBlocks } from "./failure-policy.js";

export default defineRunner({
  type: "http",
  differences: () => ["http: the allowedHttpHookUrls and httpHookAllowedEnvVars settings are not applied"],
  async run({ handler, compiled, event, stdin, context }) {
    const outcome = await runHttp(handler, stdin, context.env, compiled.timeoutMs);
    return { outcome, result: decodeResult(event, outcome, { onFailureBlock: failureBlocks(event, handler) }) };
  },
});
