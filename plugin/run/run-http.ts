// Runs one `http` handler: the hook input is POSTed as JSON; a 2xx JSON body is read like stdout
// JSON, anything else is a non-blocking error; a timeout makes no decision. HTTP status alone never
// blocks. Source: https://code.claude.com/docs/en/hooks#http-hook-fields, https://code.claude.com/docs/en/hooks#http-response-handling.
import type { HandlerOf } from "../../schema/handlers.js";
import { allowedEnvVars, type HttpPolicy } from "./http-policy.js";
import type { ProcessOutcome } from "../protocol/decode-result.js";

export async function runHttp(
  handler: HandlerOf<"http">,
  body: string,
  env: Record<string, string>,
  timeoutMs: number,
  policy: HttpPolicy = {},
): Promise<ProcessOutcome> {
  const allowed = allowedEnvVars(handler.allowedEnvVars, policy);
  const headers: Record<string, string> = { "content-type": "application/json" };
  for (const [name, value] of Object.entries(handler.headers ?? {})) {
    if (/^(content-length|transfer-encoding)$/i.test(name)) continue;
    headers[name] = value.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, variable: string) => (allowed.has(variable) ? (env[variable] ?? "") : ""));
  }
  try {
    const response = await fetch(handler.url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) return { stdout: "", stderr: "", spawnError: `HTTP ${response.status}` };
    if (text.trim() !== "" && !text.trim().startsWith("{")) return { stdout: "", stderr: "", spawnError: "response is not a JSON object" };
    return { exitCode: 0, stdout: text, stderr: "" };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") return { stdout: "", stderr: "", timedOut: true };
    return { stdout: "", stderr: "", spawnError: (error as Error).message };
  }
}
