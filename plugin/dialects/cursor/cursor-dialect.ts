// Cursor as a dialect (dialect.ts): its tool table, matchers and the value each event's matcher is
// tested against, stdin, output rules, environment, shell and timeouts, each in its own module
// beside this one. Which events ride where, and their merges: decide/cursor-decisions.ts.
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js; https://cursor.com/docs/hooks.
import { compileCursorMatcher } from "../../../schema/dialects/cursor/cursor-matcher.js";
import { cursorTimeout } from "../../../schema/dialects/cursor/events.js";
import type { Dialect } from "../dialect.js";
import { CURSOR_VERSION, cursorInput, cursorNameOfClaude, cursorSubagentType } from "./cursor-input.js";
import { decodeCursorResult } from "./cursor-output.js";
import { cursorCalls, cursorToolResponse } from "./cursor-tools.js";

/** What Claude Code adds to a hook's environment and Cursor does not (Cursor sets CLAUDE_PROJECT_DIR too). */
const CLAUDE_ONLY_ENV = ["CLAUDECODE", "CLAUDE_CODE_SESSION_ID"];

/**
 * Cursor runs `$SHELL -lc '<command> <<'"'"'CURSOR_HOOK_EOF'"'"'\n<json>\nCURSOR_HOOK_EOF'` with
 * stdin closed: the JSON reaches the command through a heredoc, so in a pipeline only the LAST
 * command reads it (`jq ... | xargs ...` hands jq nothing). The wrapper reads the stdin the engine
 * writes and builds that same script.
 */
const HEREDOC = `payload=$(cat); exec "\${SHELL:-/bin/sh}" -lc "$1 <<'CURSOR_HOOK_EOF'
$payload
CURSOR_HOOK_EOF" </dev/null`;

/** The fixed word a matcher is tested against on each event that has one (and is not a tool's name). */
const FIXED_VALUE: Readonly<Record<string, string>> = {
  beforeReadFile: "Read",
  afterFileEdit: "Write",
  beforeSubmitPrompt: "UserPromptSubmit",
  stop: "Stop",
  afterAgentResponse: "AgentResponse",
};

export const CURSOR: Dialect = {
  name: "cursor",
  compileMatcher(event, matcher) {
    // Cursor's sessionStart fires once, when a session starts: not on OpenCode's resume, compaction or fork.
    if (event === "sessionStart") return { ok: true, matcher: { kind: "regex", test: (source) => source === "startup" } };
    const compiled = compileCursorMatcher(event, matcher);
    return { ok: true, matcher: { kind: compiled.kind, test: compiled.test } };
  },
  matchValue(event, claudeValue, call) {
    if (FIXED_VALUE[event]) return FIXED_VALUE[event];
    switch (event) {
      case "beforeShellExecution":
      case "afterShellExecution":
        return typeof call?.toolInput.command === "string" && call.toolInput.command !== "" ? call.toolInput.command : undefined;
      case "preToolUse":
      case "postToolUse":
      case "beforeMCPExecution":
      case "afterMCPExecution":
        return call?.toolName;
      case "postToolUseFailure":
        // The failed call in Cursor's names; a value given in Claude's names is turned into Cursor's.
        return call?.toolName ?? (claudeValue === undefined ? undefined : (cursorNameOfClaude(claudeValue) ?? claudeValue));
      case "sessionStart":
        return claudeValue;
      case "subagentStart":
        return cursorSubagentType(call?.toolInput.subagent_type) || undefined;
      case "subagentStop":
        return claudeValue === undefined ? undefined : cursorSubagentType(claudeValue) || undefined;
      default:
        // sessionEnd, preCompact: no value, so every hook runs whatever its matcher says.
        return undefined;
    }
  },
  spawned: (handler) => ({ ...handler, command: "/bin/sh", args: ["-c", HEREDOC, "cursor-hook", handler.command] }),
  timeoutSeconds: (_event, written) => cursorTimeout(written),
  toolCalls: cursorCalls,
  toolResponse: cursorToolResponse,
  input: cursorInput,
  env(claude) {
    const env: Record<string, string> = { ...claude, CURSOR_PROJECT_DIR: claude.CLAUDE_PROJECT_DIR ?? "", CURSOR_VERSION };
    for (const name of CLAUDE_ONLY_ENV) delete env[name];
    return env;
  },
  decode: decodeCursorResult,
};
