// Gemini CLI 0.61.0 as a dialect (dialect.ts): its tool table,
// matchers, stdin, output rules, shell, environment and timeouts, each in its own module beside
// this one; its events and merges are decide/gemini-decisions.ts. The only I/O here: whether OpenCode's read was handed a folder (Gemini's model would
// have called list_directory), and OpenCode's environment, which Gemini's settings loader would
// have expanded `$VARS` in commands and matchers with.
import { statSync } from "node:fs";
import path from "node:path";
import { geminiTimeoutSeconds } from "../../../schema/dialects/gemini/events.js";
import { expandSettingsEnv } from "../../../schema/dialects/gemini/expand-env.js";
import { compileGeminiMatcher } from "../../../schema/dialects/gemini/gemini-matcher.js";
import type { Dialect } from "../dialect.js";
import { geminiInput } from "./gemini-input.js";
import { geminiValue, NOT_FIRED } from "./gemini-lifecycle.js";
import { decodeGeminiResult } from "./gemini-output.js";
import { geminiQuoted, geminiSpawned, QUOTED_VARS } from "./gemini-shell.js";
import { geminiCalls, geminiToolResponse } from "./gemini-tools.js";

/** What Claude Code adds to a hook's environment and Gemini does not (CLAUDE_PROJECT_DIR it sets itself). */
const CLAUDE_ONLY_ENV = ["CLAUDECODE", "CLAUDE_CODE_SESSION_ID"];

export const GEMINI: Dialect = {
  name: "gemini",
  compileMatcher(event, matcher) {
    const compiled = compileGeminiMatcher(event, matcher === undefined ? undefined : expandSettingsEnv(matcher, process.env));
    // A moment Gemini has no name for (SessionStart after a compaction, an idle notification) fires no Gemini hook.
    return { ok: true, matcher: { kind: compiled.kind, test: (value) => value !== NOT_FIRED && compiled.test(value) } };
  },
  matchValue: (event, claudeValue, call) => (call ? call.toolName : geminiValue(event, claudeValue)),
  spawned: (handler, options) => geminiSpawned({ ...handler, command: expandSettingsEnv(handler.command, process.env) }, options?.env),
  timeoutSeconds: (_event, written) => geminiTimeoutSeconds(written),
  // Gemini's AfterTool follows every call, whether or not Claude's PostToolUse does (a shell command's non-zero exit is no error to Gemini).
  toolCalls: (_event, tool, args, where) =>
    geminiCalls(tool, args, {
      directory: where.directory,
      mcpServers: where.mcpServers,
      readsFolder: tool === "read" && isFolder(where.directory, args.filePath),
    }),
  toolResponse: (_event, call, output) => geminiToolResponse(call, output),
  input: (event, facts, own) => geminiInput(event, facts, own, new Date()),
  // JSON.stringify(input), then stdin is closed: no newline (hookRunner.ts).
  frame: (json) => json,
  env(claude) {
    const env = { ...claude };
    for (const name of CLAUDE_ONLY_ENV) delete env[name];
    const cwd = claude.CLAUDE_PROJECT_DIR ?? "";
    const session = claude.CLAUDE_CODE_SESSION_ID ?? "";
    // GEMINI_PLANS_DIR is Gemini's own plan-mode folder: OpenCode has none, so it is not set (and `$GEMINI_PLANS_DIR` reads as nothing).
    Object.assign(env, { GEMINI_PROJECT_DIR: cwd, GEMINI_CWD: cwd, GEMINI_SESSION_ID: session, CLAUDE_PROJECT_DIR: cwd });
    Object.assign(env, { [QUOTED_VARS.cwd]: geminiQuoted(cwd), [QUOTED_VARS.plans]: "", [QUOTED_VARS.session]: geminiQuoted(session) });
    return env;
  },
  decode: decodeGeminiResult,
};

function isFolder(directory: string, file: unknown): boolean {
  if (typeof file !== "string" || file === "") return false;
  try {
    return statSync(path.resolve(directory, file)).isDirectory();
  } catch {
    return false;
  }
}
