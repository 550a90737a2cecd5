// http hooks: the input is POSTed as JSON and a 2xx JSON body is read like stdout JSON.
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { runCli as cli } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { makeProject, settings, type TempProject } from "../helpers/project.js";

let project: TempProject;
let server: Server;
afterEach(async () => {
  await project?.remove();
  await new Promise((resolve) => server?.close(resolve));
});

it("POSTs Claude's input with allowed env headers and applies a deny from the response", async () => {
  const received: Array<{ body: Record<string, unknown>; auth: string | undefined }> = [];
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    received.push({ body, auth: request.headers.authorization });
    const deny = (body.tool_input as { command: string }).command.includes("curl");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      deny ? JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no network" } }) : "",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  project = await makeProject({
    ".claude/settings.json": settings({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "http", url, headers: { Authorization: "Bearer $HOOK_TOKEN $SECRET" }, allowedEnvVars: ["HOOK_TOKEN"] }] },
      ],
    }),
  });
  process.env.HOOK_TOKEN = "t0ken";
  process.env.SECRET = "not-sent";
  try {
    const plugin = await loadPlugin(project.dir);
    await expect(plugin.before("bash", { command: "curl example.com" })).rejects.toThrow("PreToolUse:Bash hook error: no network");
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    expect(received[0]?.auth).toBe("Bearer t0ken"); // $SECRET is not in allowedEnvVars: empty (and trimmed by HTTP)
    expect(received[0]?.body).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "curl example.com" } });
  } finally {
    delete process.env.HOOK_TOKEN;
    delete process.env.SECRET;
  }
});

it("allowedHttpHookUrls and httpHookAllowedEnvVars from every settings file: a URL outside the list gets no request", async () => {
  const received: Array<{ path: string; auth: string | undefined }> = [];
  server = createServer((request, response) => {
    received.push({ path: request.url ?? "", auth: request.headers.authorization });
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = (path: string) => ({
    type: "http",
    url: `${base}${path}`,
    headers: { Authorization: "$HOOK_TOKEN|$OTHER" },
    allowedEnvVars: ["HOOK_TOKEN", "OTHER"],
  });
  project = await makeProject({
    ".claude/settings.json": settings(
      { PreToolUse: [{ matcher: "Bash", hooks: [http("/allowed/a"), http("/elsewhere")] }] },
      {
        allowedHttpHookUrls: [`${base.toUpperCase().replace("HTTP://", "http://")}/allowed/*`],
        httpHookAllowedEnvVars: ["HOOK_TOKEN"],
      },
    ),
    // The local file's list merges with the project's: both paths are allowed on this machine.
    ".claude/settings.local.json": { allowedHttpHookUrls: [`${base}/elsewhere`] },
  });
  process.env.HOOK_TOKEN = "t0ken";
  process.env.OTHER = "other";
  try {
    const plugin = await loadPlugin(project.dir);
    await plugin.before("bash", { command: "ls" });
    expect(received.map((request) => request.path).sort()).toEqual(["/allowed/a", "/elsewhere"]);
    expect(received[0]?.auth).toBe("t0ken|"); // OTHER is in the hook's list but not in httpHookAllowedEnvVars
    await writeFile(project.file(".claude/settings.local.json"), "{}");
    received.length = 0;
    const projectOnly = await loadPlugin(project.dir);
    await projectOnly.before("bash", { command: "ls" });
    expect(received.map((request) => request.path)).toEqual(["/allowed/a"]);
    expect(projectOnly.client.logs().some((line) => line.includes("is not in allowedHttpHookUrls"))).toBe(true);
  } finally {
    delete process.env.HOOK_TOKEN;
    delete process.env.OTHER;
  }
});

it("an http hook allowedHttpHookUrls does not allow is reported as never running, with why, by convert, explain and test (which sends nothing)", async () => {
  let requests = 0;
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  project = await makeProject({
    ".claude/settings.json": settings(
      { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url }] }] },
      { allowedHttpHookUrls: ["https://hooks.example.com/*"] },
    ),
  });
  const why = `never sent: ${url} is not in allowedHttpHookUrls (https://hooks.example.com/*)`;
  const converted = await cli(["convert", "--project", project.dir]);
  expect(converted.stdout).toMatch(/dropped +PreToolUse \[Bash\] http/);
  expect(converted.stdout).toContain(`why: ${why}; Claude Code skips it too`);
  expect((await cli(["explain", "--project", project.dir])).stdout).toContain(`1. why: ${why}; Claude Code skips it too`);
  const tested = await cli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}', "--project", project.dir]);
  expect(tested.stdout).toContain(`skipped [${url}] at .claude/settings.json:`);
  expect(tested.stdout).toContain(`: ${why}`);
  expect(tested.stdout).toContain("Outcome: no hook ran (exit 0)");
  expect(requests).toBe(0);
  // The local file's list merges with the project's, in the report as in the plugin: allowed on this machine.
  await writeFile(project.file(".claude/settings.local.json"), JSON.stringify({ allowedHttpHookUrls: [`${url}`] }));
  const allowed = await cli(["convert", "--project", project.dir]);
  expect(allowed.stdout).toMatch(/translated +PreToolUse \[Bash\] http/);
  expect((await cli(["test", "PreToolUse", "--tool", "Bash", "--input", '{"command":"ls"}', "--project", project.dir])).exitCode).toBe(0);
  expect(requests).toBe(1);
});
