// GitHub Copilot CLI 1.0.102 as a dialect (dialect.ts): its matchers, tool table, stdin, output
// rules, environment, working directory and timeouts, each in its own module beside this one. The
// agent event is the spelling the hook was written under: `preToolUse` and `PreToolUse` are the same
// event with two payloads (events.ts).
import { opencodeAgentName } from "../../../schema/agents.js";
import { COPILOT_MATCH_FIELD, copilotEventOf, copilotTimeout, isPascal } from "../../../schema/dialects/copilot/events.js";
import { compileClaudeFormatMatcher, compileNativeMatcher, type MatchedTool } from "../../../schema/dialects/copilot/copilot-matcher.js";
import type { HandlerOf } from "../../../schema/handlers.js";
import type { Dialect } from "../dialect.js";
import { copilotInput } from "./copilot-input.js";
import { decodeCopilotResult } from "./copilot-output.js";
import { COPILOT_TOOLS, copilotCalls, copilotPermissionCalls, copilotResultText } from "./copilot-tools.js";

/** What Claude Code adds to a hook's environment and Copilot does not (Copilot does set CLAUDE_PROJECT_DIR). */
const CLAUDE_ONLY_ENV = ["CLAUDECODE", "CLAUDE_CODE_SESSION_ID"];

/** Tool events whose PascalCase spelling reads Claude-format matchers ("Claude-format matchers"). */
const CLAUDE_FORMAT = new Set(["PreToolUse", "PermissionRequest"]);

/** A tool-event match value: the Claude name and the runtime name, for a matcher that tests either. */
const SEPARATOR = "\u0000";
const CLAUDE_OF_RUNTIME = new Map(Object.values(COPILOT_TOOLS).map((tool) => [tool.runtime, tool.claude]));

function matchedTool(value: string): MatchedTool {
  const [first, second] = value.split(SEPARATOR) as [string, string | undefined];
  if (second !== undefined) return { claude: first, runtime: second };
  // A bare name: a runtime name (camelCase payloads) or a Claude name.
  const claude = CLAUDE_OF_RUNTIME.get(first);
  return claude ? { runtime: first, claude } : { runtime: first, claude: first };
}

export const COPILOT: Dialect = {
  name: "copilot",
  compileMatcher(spelled, matcher) {
    const event = copilotEventOf(spelled);
    if (event === "sessionStart") {
      // Copilot starts no session on a compaction, where Claude's SessionStart fires (source `compact`).
      return { ok: true, matcher: { kind: "regex", test: (source) => source !== "compact" } };
    }
    if (!COPILOT_MATCH_FIELD[event]) return { ok: true, matcher: { kind: "all", test: () => true } };
    if (event === "notification") {
      // Of OpenCode's notifications, only a permission prompt is one of Copilot's (its idle types are background agents').
      const native = compileNativeMatcher(matcher);
      return native.ok ? { ok: true, matcher: { kind: "regex", test: (type) => type === "permission_prompt" && native.test({ runtime: type }) } } : native;
    }
    if (event === "subagentStart") {
      // Copilot's general-purpose agent (OpenCode's general) emits no subagentStart.
      const native = compileNativeMatcher(matcher);
      return native.ok ? { ok: true, matcher: { kind: "regex", test: (agent) => agent !== "general" && native.test({ runtime: agent }) } } : native;
    }
    const compiled = CLAUDE_FORMAT.has(spelled) ? compileClaudeFormatMatcher(matcher) : compileNativeMatcher(matcher);
    if (!compiled.ok) return compiled;
    const test = compiled.test;
    return { ok: true, matcher: { kind: compiled.kind, test: (value) => test(matchedTool(value)) } };
  },
  // A PascalCase tool call names the Claude tool; a Claude-format matcher also reads its runtime name.
  matchValue(spelled, claudeValue, call) {
    // subagentStart matches the agent's own name (explore), not Claude's (Explore).
    if (spelled === "subagentStart" && claudeValue !== undefined) return opencodeAgentName(claudeValue);
    if (!call || !isPascal(spelled)) return claudeValue;
    const runtime = call.mapping ? COPILOT_TOOLS[call.mapping.opencode]?.runtime : undefined;
    return runtime ? `${call.toolName}${SEPARATOR}${runtime}` : claudeValue;
  },
  spawned: copilotSpawned,
  timeoutSeconds: (_event, written) => copilotTimeout(written),
  toolCalls(spelled, tool, args, where) {
    // A shell command that exits non-zero is a success for Copilot (its postToolUse follows), never a failure; a shell tool error is one.
    if (where.event === "PostToolUseFailure" && where.nonZeroExit) return [];
    return (copilotEventOf(spelled) === "permissionRequest" ? copilotPermissionCalls : copilotCalls)(tool, args, where.directory, isPascal(spelled));
  },
  toolResponse: (_event, call, output) => copilotResultText(call, output),
  input: (spelled, facts, own) =>
    copilotInput(spelled, { sessionID: facts.sessionID, transcriptPath: facts.transcriptPath, cwd: facts.cwd, now: Date.now() }, own),
  env(claude) {
    const env: Record<string, string> = { ...claude, COPILOT_CLI: "1" };
    for (const name of CLAUDE_ONLY_ENV) delete env[name];
    if (claude.CLAUDE_PROJECT_DIR !== undefined) env.COPILOT_PROJECT_DIR = claude.CLAUDE_PROJECT_DIR;
    return env;
  },
  decode: decodeCopilotResult,
};

/**
 * Copilot runs `bash` through bash (`exec` hooks were quoted into one command line by the reader), in
 * the hook's `cwd` (relative to the project) with its `env` on top (values expanded, as Copilot
 * expands them), and COPILOT_HOOK_DIR naming the folder of the file that holds the hook. `options` are
 * the hook's own fields (AgentHook.options: cwd, env, hookDir); the command runs in the project.
 */
export function copilotSpawned(handler: HandlerOf<"command">, options?: Record<string, unknown>): HandlerOf<"command"> {
  const cwd = typeof options?.cwd === "string" ? options.cwd : "";
  const hookDir = typeof options?.hookDir === "string" ? options.hookDir : "";
  const env = Object.entries((options?.env ?? {}) as Record<string, unknown>).filter(([name, value]) => ENV_NAME.test(name) && typeof value === "string");
  // $1 command, $2 cwd, $3 hook dir, then the env values: no user text is quoted into the script.
  const exports = env.map(([name], index) => `eval "export ${name}=\\"\$${index + 4}\\""`);
  const script = [
    'project="$PWD"',
    'if [ -n "$3" ]; then case "$3" in /*) COPILOT_HOOK_DIR="$3" ;; *) COPILOT_HOOK_DIR="$project/$3" ;; esac; export COPILOT_HOOK_DIR; fi',
    'if [ -n "$2" ]; then case "$2" in /*) cd "$2" ;; *) cd "$project/$2" ;; esac || exit 1; fi',
    ...exports,
    'if command -v bash >/dev/null 2>&1; then exec bash -c "$1"; fi',
    'exec /bin/sh -c "$1"',
  ].join("\n");
  return { ...handler, command: "/bin/sh", args: ["-c", script, "copilot-hook", handler.command, cwd, hookDir, ...env.map(([, value]) => value as string)] };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
