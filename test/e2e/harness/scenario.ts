// One end-to-end scenario: a temp project with .claude/settings.json and hook scripts, our real
// `convert`, the plugin preflight, the fake LLM, and one real `opencode run`. A failing test
// prints what the model received and OpenCode's log tail, so CI output alone explains it.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { execa } from "execa";
import { afterEach, onTestFailed } from "vitest";
import { convert } from "../../../cli/commands/convert.js";
import { makeProject, type TempProject } from "../../helpers/project.js";
import { type FakeLlm, type Judge, type Step, startFakeLlm } from "./fake-llm.js";
import { opencodeConfig, preflightPlugin, type RunResult, runOpencode, runOpencodeServed, seedConfigDir } from "./opencode.js";
import type { ServedSession } from "./served-session.js";
import { packedPackage } from "./packed-package.js";

export interface ScenarioSpec {
  settings: object;
  files?: Record<string, string | object>;
  script: Step[];
  /** Scripts for subagent sessions, by a text their first prompt contains (fake-llm.ts). */
  subagentScripts?: Record<string, Step[]>;
  /** Extra convert options (e.g. `plugins`), given the project folder. */
  convert?: (projectDir: string) => { plugins?: string[]; permissions?: boolean };
  /** Answers prompt and agent hook evaluations (fake-llm.ts). */
  judge?: Judge;
  /** Run this /command (defined under `files`, e.g. `.opencode/command/<name>.md`); `prompt` is its arguments. */
  command?: string;
  /** Extra environment for OpenCode (and so for the hooks). */
  env?: Record<string, string>;
  prompt?: string;
  timeoutMs?: number;
  /** Model id under the fake provider; "gpt-5-fake" makes OpenCode offer apply_patch. */
  model?: string;
  /**
   * Run `opencode serve` + `run --attach` instead of `opencode run`, for scenarios whose plugin
   * starts a follow-up turn; the run is over when `settled` holds for the fake LLM's requests.
   */
  serve?: {
    settled: (llm: FakeLlm, projectDir: string) => boolean;
    /**
     * Who sends the prompt: `opencode run --attach` (the default; it rejects every permission prompt
     * itself, about 12 ms after the ask), or the server's HTTP API as the TUI does (prompts wait).
     */
    client?: "run-attach" | "api";
    /** With the `api` client: what the user does next, through the server's API (more prompts, permission answers). */
    drive?: (server: ServedSession, projectDir: string) => Promise<void>;
  };
  /** Extra opencode.json keys (e.g. `mcp`), given the project folder. */
  opencode?: (projectDir: string) => object;
  /**
   * The live door instead of convert: the packed package named in opencode.json, the project's
   * (`project`, the project chose it) or the global one (`global`), with these plugin options;
   * `withGenerated`: convert runs too, so both doors are present.
   */
  live?: { config: "project" | "global"; options?: object; withGenerated?: boolean };
  /** Before OpenCode starts, given the project and the run folder (HOME is `<runDir>/home`). */
  before?: (projectDir: string, runDir: string) => Promise<void>;
}

export interface Scenario {
  project: TempProject;
  llm: FakeLlm;
  run: RunResult;
  /** What the model received as the result of this tool call. */
  toolResult(callId: string): string | undefined;
  cleanup(): Promise<void>;
}

export async function runScenario(spec: ScenarioSpec): Promise<Scenario> {
  const project = await makeProject({ ...spec.files, ".claude/settings.json": spec.settings }, "e2e-");
  const runDir = path.join(project.dir, ".e2e-run");
  const llm = await startFakeLlm(spec.script, spec.subagentScripts, spec.judge);
  const cleanup = async () => {
    await llm.close();
    // E2E_KEEP=1 keeps the temp project (opencode.log, hook logs) for a look after a failure.
    if (process.env.E2E_KEEP !== "1") await project.remove();
  };
  let run: RunResult | undefined;
  onTestFailed(() => {
    console.error(explain(spec, llm, run, project.dir));
  });
  try {
    // Real projects are git repositories: OpenCode then scopes the worktree to the project.
    await execa("git", ["init", "-q"], { cwd: project.dir });
    const live = spec.live;
    const packageUrl = live ? pathToFileURL(await packedPackage()).href : undefined;
    const entry = live?.options ? [packageUrl, live.options] : packageUrl;
    if (!live || live.withGenerated) {
      const converted = await convert({
        project: project.dir,
        ...spec.convert?.(project.dir),
        print: () => {},
        printError: (text) => process.stderr.write(text),
      });
      if (converted.result !== "written") throw new Error(`convert did not write the plugin (${converted.result}, exit ${converted.exitCode})`);
      await preflightPlugin(project.dir, converted.pluginPath);
    }
    await seedConfigDir(path.join(project.dir, ".opencode"));
    const projectPlugin = live?.config === "project" ? { plugin: [entry] } : {};
    await writeFile(project.file("opencode.json"), JSON.stringify({ ...opencodeConfig(llm.url), ...projectPlugin, ...spec.opencode?.(project.dir) }, null, 2));
    if (live?.config === "global") {
      await mkdir(path.join(runDir, "xdg", "config", "opencode"), { recursive: true });
      await writeFile(path.join(runDir, "xdg", "config", "opencode", "opencode.json"), JSON.stringify({ plugin: [entry] }, null, 2));
    }
    await spec.before?.(project.dir, runDir);
    const options = {
      runDir,
      projectDir: project.dir,
      prompt: spec.prompt ?? "run the scripted steps",
      timeoutMs: spec.timeoutMs ?? 120_000,
      ...(spec.model ? { model: spec.model } : {}),
      ...(spec.env ? { env: spec.env } : {}),
      ...(spec.command ? { command: spec.command } : {}),
    };
    const serve = spec.serve;
    run = serve
      ? await runOpencodeServed({
          ...options,
          settled: () => serve.settled(llm, project.dir),
          ...(serve.client ? { client: serve.client } : {}),
          ...(serve.drive ? { drive: (server: ServedSession) => serve.drive!(server, project.dir) } : {}),
        })
      : await runOpencode(options);
    await writeFile(path.join(project.dir, "opencode.log"), run.stderr);
    if (run.timedOut) throw new Error(`opencode run did not finish within ${spec.timeoutMs ?? 120_000} ms`);
  } catch (error) {
    await llm.close();
    throw error;
  }
  return { project, llm, run, toolResult: (id) => llm.toolResult(id), cleanup };
}

function hookLog(runDir: string): string {
  try {
    return readFileSync(path.join(runDir, "hooks2opencode.log"), "utf8");
  } catch {
    return "(empty)";
  }
}

function explain(spec: ScenarioSpec, llm: FakeLlm, run: RunResult | undefined, projectDir: string): string {
  const runDir = path.join(projectDir, ".e2e-run");
  const lines = [`--- e2e scenario failed (project ${projectDir}) ---`, `script: ${JSON.stringify(spec.script)}`];
  for (const request of llm.requests) {
    if (request.kind !== "agent") continue;
    lines.push(`request at step ${request.step}: tool results the model received:`);
    for (const result of request.toolResults) lines.push(`  ${result.tool_call_id}: ${JSON.stringify(result.content)}`);
  }
  if (run) {
    lines.push(`opencode exit ${run.exitCode} after ${run.durationMs} ms${run.timedOut ? " (timed out)" : ""}`);
    lines.push("--- hooks2opencode log ---", hookLog(runDir));
    lines.push("--- opencode log tail ---", run.stderr.split("\n").slice(-60).join("\n"));
  } else {
    lines.push("opencode did not run");
  }
  return lines.join("\n");
}

/** Registers cleanup after each test of the file and returns the function that runs a scenario. */
export function scenarios(): (spec: ScenarioSpec) => Promise<Scenario> {
  let current: Scenario | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return async (spec) => {
    await current?.cleanup(); // a test that runs two scenarios
    current = await runScenario(spec);
    return current;
  };
}

/** A command handler as settings.json writes it. */
export const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });
