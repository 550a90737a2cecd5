// Codex CLI 0.171.0 as a dialect (dialect.ts): its tool table, matchers, stdin, output rules,
// environment and timeouts, each in its own module beside this one.
import { CODEX_MATCH_FIELD, codexTimeout, type CodexEvent } from "../../../schema/dialects/codex/events.js";
import { compileCodexMatcher } from "../../../schema/dialects/codex/codex-matcher.js";
import type { Dialect } from "../dialect.js";
import { codexInput } from "./codex-input.js";
import { codexMcpArguments } from "./codex-mcp.js";
import { codexBackgroundContext, decodeCodexResult } from "./codex-output.js";
import { CODEX_MATCHER_ALIASES, codexCalls, codexToolResponse } from "./codex-tools.js";

/** What Claude Code adds to a hook's environment and Codex does not (no CLAUDE_PROJECT_DIR). */
const CLAUDE_ONLY_ENV = ["CLAUDE_PROJECT_DIR", "CLAUDECODE", "CLAUDE_CODE_SESSION_ID"];

export const CODEX: Dialect = {
  name: "codex",
  compileMatcher(event, matcher) {
    // Events without a matcher field ignore it (common.rs matcher_pattern_for_event).
    const compiled = compileCodexMatcher(CODEX_MATCH_FIELD[event as CodexEvent] ? matcher : undefined);
    if (!compiled.ok) return compiled;
    // A tool's matcher aliases are tested too (common.rs matcher_inputs): `Edit` and `Write` match apply_patch.
    const test = (value: string) => compiled.test(value) || (CODEX_MATCHER_ALIASES[value] ?? []).some((alias) => compiled.test(alias));
    return { ok: true, matcher: { kind: compiled.kind, test } };
  },
  // Codex runs `$SHELL -lc <command>` (/bin/sh when SHELL is unset): a login shell, which reads the user's profile (command_runner.rs).
  spawned: (handler) => ({ ...handler, command: "/bin/sh", args: ["-c", 'exec "${SHELL:-/bin/sh}" -lc "$1"', "codex-hook", handler.command] }),
  timeoutSeconds: (event, written) => codexTimeout(event as CodexEvent, written),
  toolCalls: (event, tool, args, where) => codexCalls(tool, args, where, event),
  toolResponse: (_event, call, output) => codexToolResponse(call, output),
  // No transcript yet is `null` in Codex's schema (NullableString); OpenCode has no turn id: the session's stands for it.
  input: (event, facts, own) => codexInput(event, { ...facts, transcriptPath: facts.transcriptPath || null, turnID: facts.sessionID }, own),
  env(claude) {
    const env = { ...claude };
    for (const name of CLAUDE_ONLY_ENV) delete env[name];
    return env;
  },
  decode: decodeCodexResult,
  mcpArguments: codexMcpArguments,
  background: codexBackgroundContext,
};
