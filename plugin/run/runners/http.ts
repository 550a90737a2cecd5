// `http`: POST the input (run-http.ts), then read the response body like stdout; only to a URL
// Claude's allowedHttpHookUrls allows (http-policy.ts).
import { decodeResult } from "../../protocol/decode-result.js";
import { urlRefusal } from "../http-policy.js";
import { runHttp } from "../run-http.js";
import { defineRunner } from "./define-runner.js";
import { failureBlocks } from "./failure-policy.js";

export default defineRunner({
  type: "http",
  async run({ handler, compiled, event, stdin, context }) {
    const policy = context.host?.runtime.httpPolicy ?? {};
    // Claude skips an http hook whose URL the policy does not allow: no request is sent.
    const refused = urlRefusal(handler.url, policy);
    if (refused !== undefined) return { result: { status: "error", message: `not sent: ${refused}` } };
    const outcome = await runHttp(handler, stdin, context.env, compiled.timeoutMs, policy);
    return { outcome, result: decodeResult(event, outcome, { onFailureBlock: failureBlocks(event, handler) }) };
  },
});
