// Lints for hooks that load fine but will silently never work, each a small pure function over one
// matcher group or one handler that returns warnings (`--strict` makes them errors). Every rule
// comes from real settings files seen failing in Claude Code itself.
import type { ParsedIfRule } from "./if-rule-syntax.js";
import type { CompiledMatcher } from "./matcher.js";
import { misnamedAgent } from "./agents.js";
import { CLAUDE_TOOLS, LEGACY_ALIASES, REMOVED_TOOLS } from "./claude-tools.js";
import { closestName } from "./closest-name.js";
import { shellSyntax } from "./shell-text.js";
import { shown } from "./shown.js";
import { EVENT_NAMES, type EventName, eventInfo } from "./events.js";
import type { Handler, SourceKind } from "./types.js";

export interface GroupTarget {
  event: EventName;
  matcher: string;
  /** The matcher as the event reads it (compiled once for the group and all its lints). */
  compiled: CompiledMatcher;
}

export interface HandlerTarget {
  event: EventName;
  handler: Handler;
  /** Which kind of file the hook is in: only a plugin's hooks get CLAUDE_PLUGIN_ROOT. */
  kind: SourceKind;
  /** What this machine's /bin/sh is ("dash", "bash", ...), for bash-only syntax. */
  sh: string;
  /** The `if` rule as validation parsed it (a hook with `if` on a tool event), read here without parsing it again. */
  rule: ParsedIfRule | undefined;
  /** A command hook's command and args as one text, for the lints that look for a name in it ("" for other types). */
  text: string;
}

/** The target of the handler lints; the text is joined once for all of them. */
export function handlerTarget({ event, handler, kind, sh, rule }: Omit<HandlerTarget, "text">): HandlerTarget {
  const text = handler.type !== "command" ? "" : handler.args ? [handler.command, ...handler.args].join(" ") : handler.command;
  return { event, handler, kind, sh, rule, text };
}

export interface LintFinding {
  code: string;
  /** The handler field the finding is about, for its location. */
  field?: "command" | "timeout" | "if";
  message: string;
}

/** Bash-only constructs, and what to write in POSIX sh instead. */
const BASH_ONLY: ReadonlyArray<readonly [RegExp, string]> = [
  // The keyword only: `[[:space:]]` is a POSIX bracket expression (case patterns, globs).
  [/(^|[\s;&|(!{])\[\[\s/, "[[ … ]] (POSIX: [ … ] or case)"],
  [/=~/, "=~ (POSIX: case or grep -E)"],
  [/\$\{PIPESTATUS/, "${PIPESTATUS[…]}"],
  [/\b[A-Za-z_]\w*=\(/, "arrays"],
  [/\$\{[A-Za-z_]\w*\[/, "arrays"],
  // At the start of the command or of any later line, or after an operator.
  [/(^|[\n;&|({]\s*)function\s+[A-Za-z_]/, "the function keyword (POSIX: name() { … })"],
  [/(^|[\n;&|({]\s*)source\s/, "source (POSIX: .)"],
  [/<<</, "here-strings <<< (POSIX: printf '%s' … |)"],
  [/\$'/, "$'…' strings (POSIX: printf)"],
  [/&>/, "&> (POSIX: >file 2>&1)"],
];

/** Any of them: a command that has none (most) is tested once, not once per construct (the lint runs on every hook at the live plugin's start-up). */
const ANY_BASH_ONLY = new RegExp(BASH_ONLY.map(([pattern]) => pattern.source).join("|"));

/**
 * What a command must hold, as written, for shellSyntax's text of it to match a BASH_ONLY pattern:
 * shellSyntax only blanks text (quotes stay as marks, an escape becomes spaces, a here-document's
 * `<<WORD` becomes `<<`), so it joins no characters that were apart. A command with none of these
 * (most) is not read as sh reads it at all.
 */
export const MAY_BE_BASH_ONLY = /\[\[|=~|\$\{|=\(|function|source|<<|\$'|&>/;

/** The bash-only constructs in what sh reads of a shell-form command, each named once. */
export function bashOnlyConstructs(command: string): string[] {
  const syntax = shellSyntax(command);
  if (!ANY_BASH_ONLY.test(syntax)) return [];
  return [...new Set(BASH_ONLY.filter(([pattern]) => pattern.test(syntax)).map(([, what]) => what))];
}

/** Shell-form commands run through /bin/sh in Claude Code too (https://code.claude.com/docs/en/hooks#exec-form-and-shell-form), whatever "shell" says. */
function bashOnlySyntax({ handler, sh }: HandlerTarget): LintFinding[] {
  if (handler.type !== "command" || Array.isArray(handler.args) || handler.shell === "powershell" || sh === "bash") return [];
  const found = MAY_BE_BASH_ONLY.test(handler.command) ? bashOnlyConstructs(handler.command) : [];
  if (found.length === 0) return [];
  return [
    {
      code: "bash-only-syntax",
      field: "command",
      message:
        `this command uses bash-only syntax (${found.join(", ")}), but it runs with /bin/sh, which is ${sh} here (in Claude ` +
        `Code too): it fails, and a guard fails open. Run it with bash -c '…', move it into a script that starts with ` +
        `#!/usr/bin/env bash, or write POSIX sh ("shell": "bash" does not help: it is the default and still means /bin/sh)`,
    },
  ];
}

/** `timeout` is in seconds; values like 30000 were meant as milliseconds (an 8-hour hook). */
function timeoutInMilliseconds({ handler }: HandlerTarget): LintFinding[] {
  const timeout = handler.timeout;
  if (typeof timeout !== "number" || timeout <= 3600) return [];
  return [
    { code: "timeout-milliseconds", field: "timeout", message: `"timeout" is in seconds: ${timeout} s is ${hours(timeout)}; did you mean ${timeout / 1000}?` },
  ];
}

/** Environment variables from old docs and blog posts that Claude Code never sets: input is on stdin. */
const LEGACY_VARIABLES: Readonly<Record<string, string>> = {
  CLAUDE_TOOL_INPUT_FILE_PATH: "jq -r '.tool_input.file_path'",
  CLAUDE_FILE_PATHS: "jq -r '.tool_input.file_path'",
  CLAUDE_FILE_PATH: "jq -r '.tool_input.file_path'",
  CLAUDE_TOOL_FILE_PATH: "jq -r '.tool_input.file_path'",
  TOOL_ARGS: "jq -c '.tool_input'",
  TOOL_INPUT: "jq -c '.tool_input'",
  CLAUDE_EXIT_CODE: `jq -r '.error' in a PostToolUseFailure hook (a failed Bash call's "Exit code N"; PostToolUse runs only after a success)`,
  CLAUDE_TOOL_INPUT: "jq -c '.tool_input'",
  CLAUDE_TOOL_NAME: "jq -r '.tool_name'",
  CLAUDE_TOOL_OUTPUT: "jq -c '.tool_response'",
  CLAUDE_TOOL_RESULT: "jq -c '.tool_response'",
  CLAUDE_NOTIFICATION: "jq -r '.message'",
};

/** Each variable's use and assignment, compiled once: per hook, they cost the live plugin's start-up. */
const LEGACY_VARIABLE_PATTERNS = Object.entries(LEGACY_VARIABLES).map(([name, replacement]) => ({
  name,
  replacement,
  used: new RegExp(`\\$\\{?${name}\\b`),
  set: new RegExp(`(^|[\\s;&|(])(export\\s+)?${name}=`),
}));
/** The use of any of them: a command that uses none (most) is tested once. */
const ANY_LEGACY_VARIABLE = new RegExp(LEGACY_VARIABLE_PATTERNS.map(({ used }) => used.source).join("|"));

function unsetVariables({ handler, text }: HandlerTarget): LintFinding[] {
  if (handler.type !== "command") return [];
  if (!ANY_LEGACY_VARIABLE.test(text)) return [];
  return (
    LEGACY_VARIABLE_PATTERNS
      // A command that sets the variable itself (`CLAUDE_TOOL_INPUT=$(cat)`) reads its own value.
      .filter(({ used, set }) => used.test(text) && !set.test(text))
      .map(({ name, replacement }) => ({
        code: "unset-variable",
        field: "command" as const,
        message: `Claude Code never sets $${name}: the hook input arrives as JSON on stdin; read it with ${replacement}`,
      }))
  );
}

/** `Bash(git push *)` as a matcher is a regex that matches no tool name; it belongs in `if`. */
function permissionRuleMatcher({ event, matcher }: GroupTarget): LintFinding[] {
  if (!eventInfo(event).toolEvent) return [];
  const rule = /^\s*([A-Za-z0-9_]+)\((.*)\)\s*$/.exec(matcher);
  if (!rule) return [];
  return [
    {
      code: "matcher-is-a-rule",
      message: `matcher "${shown(matcher)}" is a permission rule, not a tool name: as a regex it matches no tool. Match "${shown(rule[1]!)}" and put "${shown(matcher)}" in the hook's "if"`,
    },
  ];
}

/** `tool == "Bash" && tool_input.command matches "git push"` (an old plugin format) is tested as a regex against the tool name: it never matches. */
function expressionMatcher({ event, matcher }: GroupTarget): LintFinding[] {
  if (!eventInfo(event).toolEvent || !/\btool(_name)?\s*[!=]=|\btool_input\.|&&/.test(matcher)) return [];
  // Every `tool == "X"` it compares with, as the exact list to match instead.
  const tool = [...new Set([...matcher.matchAll(/\btool(?:_name)?\s*==\s*["']?([A-Za-z0-9_]+)/g)].map((found) => found[1]!))].join("|");
  return [
    {
      code: "matcher-is-an-expression",
      message:
        `matcher "${shown(matcher)}" is a condition, not a tool name: Claude Code tests it as a regex against the tool name, ` +
        `which it never matches, so these hooks never run. Match ${tool ? `"${shown(tool)}"` : "the tool"} and test the input in the hook ` +
        `(or in its "if", e.g. "Bash(git push *)")`,
    },
  ];
}

/** An exact matcher value Claude never sends for the event (`init` under SessionStart, a Setup trigger) leaves the group dead there too. */
function unsentMatcherValues({ event, matcher, compiled }: GroupTarget): LintFinding[] {
  const { values, matchField } = eventInfo(event);
  if (!values || compiled.kind !== "exact") return [];
  return (compiled.names ?? [])
    .filter((name) => !values.includes(name))
    .map((name) => {
      const elsewhere = EVENT_NAMES.find((other) => other !== event && eventInfo(other).values?.includes(name));
      const guess = closestName(name, values);
      const hint = elsewhere
        ? `; it is a ${elsewhere} ${eventInfo(elsewhere).matchField}: did you mean the ${elsewhere} event?`
        : guess
          ? `; did you mean "${guess}"?`
          : "";
      return {
        code: "matcher-value-never-sent",
        message: `"${shown(name)}" in matcher "${shown(matcher)}" is never a ${event} ${matchField} (Claude Code sends ${values.join(", ")}), so it matches nothing${hint}`,
      };
    });
}

const KNOWN_TOOLS = [...CLAUDE_TOOLS, ...Object.keys(LEGACY_ALIASES), ...REMOVED_TOOLS];

/** Exact tool names are case-sensitive; an unknown one matches only a custom tool of that name. */
function unknownToolNames({ event, matcher, compiled }: GroupTarget): LintFinding[] {
  if (!eventInfo(event).toolEvent || compiled.kind !== "exact") return [];
  const servers = (compiled.names ?? []).filter(isMcpServerName).map((name) => ({
    code: "mcp-server-not-tool",
    message:
      `"${shown(name)}" in matcher "${shown(matcher)}" names an MCP server, not a tool: as an exact name it matches no tool ` +
      `(MCP tools are mcp__<server>__<tool>); match the server's tools with "${shown(name.endsWith("_") ? `${name}.*` : `${name}__.*`)}"`,
  }));
  const findings: LintFinding[] = [];
  let more = 0;
  // Each name once; past a screenful, one finding counts the rest (a generated matcher may list thousands).
  for (const name of new Set(compiled.names ?? [])) {
    if (findings.length >= NAMES_SHOWN) {
      if (toolNameProblem(name, [], false)) more++;
      continue;
    }
    const problem = toolNameProblem(name);
    if (!problem) continue;
    const why = problem.code === "tool-name-case" ? "tool names are case-sensitive" : "Claude Code has no tool of that name";
    findings.push({
      code: problem.code,
      message: `"${shown(name)}" in matcher "${shown(matcher)}" matches only a custom tool named "${shown(name)}": ${why}${problem.guess ? `; did you mean "${problem.guess}"?` : ""}`,
    });
  }
  if (more > 0)
    findings.push({
      code: "unknown-tool",
      message: `${more} more name${more === 1 ? "" : "s"} in matcher "${shown(matcher)}" match${more === 1 ? "es" : ""} only custom tools of that name: Claude Code has no such tool`,
    });
  return findings.concat(servers);
}

/** Unknown tool names reported one by one in a matcher; the rest are counted in one finding. */
const NAMES_SHOWN = 20;

/**
 * A name no known tool has (MCP tools aside): `bash` for `Bash` (tool-name-case) or a typo
 * (unknown-tool), with the close name. `extra` adds names (`test --tool` also takes OpenCode's ids).
 */
export function toolNameProblem(
  name: string,
  extra: readonly string[] = [],
  /** false: whether there is a problem only, without the search for a close name. */
  guess = true,
): { code: "tool-name-case" | "unknown-tool"; guess?: string } | undefined {
  const known = extra.length > 0 ? [...KNOWN_TOOLS, ...extra] : KNOWN_TOOLS;
  if (known.includes(name) || name.startsWith("mcp__")) return undefined;
  const sameLetters = known.find((tool) => tool.toLowerCase() === name.toLowerCase());
  const close = sameLetters ?? (guess ? closestName(name, known) : undefined);
  return { code: sameLetters ? "tool-name-case" : "unknown-tool", ...(close ? { guess: close } : {}) };
}

/** A SubagentStart/SubagentStop matcher naming a built-in agent in a spelling hooks never see (schema/agents.ts). */
function misnamedAgentMatcher({ event, matcher, compiled }: GroupTarget): LintFinding[] {
  if (eventInfo(event).matchField !== "agent_type" || compiled.kind !== "exact") return [];
  return (compiled.names ?? []).flatMap((name) => agentFindings(name, `matcher "${shown(matcher)}"`));
}

/** `if: "Agent(explore)"`: the rule reads the call's subagent_type, which names built-in agents as Claude does. */
function misnamedAgentRule({ event, handler, rule }: HandlerTarget): LintFinding[] {
  if (typeof handler.if !== "string" || !eventInfo(event).toolEvent || !rule) return [];
  if (!rule.ok || rule.tool !== "Agent" || rule.specifier === undefined || rule.specifier.includes("*")) return [];
  return agentFindings(rule.specifier, `"if": "${shown(handler.if)}"`).map((finding) => ({ ...finding, field: "if" as const }));
}

function agentFindings(name: string, where: string): LintFinding[] {
  const misnamed = misnamedAgent(name);
  if (!misnamed) return [];
  const named = `"${shown(name)}" in ${where}`;
  const meant = `did you mean "${misnamed.claude}"?`;
  if (misnamed.opencodeSpelling)
    return [
      {
        code: "agent-opencode-name",
        message:
          `${named} never matches: it is OpenCode's name for its built-in agent, which hooks see as Claude Code's "${misnamed.claude}", ` +
          `and OpenCode can have no other agent of that name (a config or agent file named so changes the built-in); ${meant}`,
      },
    ];
  return [
    {
      code: "agent-name-case",
      message: `${named} matches only a custom agent named "${shown(name)}": agent names are case-sensitive, and Claude Code names this built-in agent "${misnamed.claude}"; ${meant}`,
    },
  ];
}

/** `mcp__memory` (or `mcp__plugin_x_`): a server part with no `__<tool>` after it. */
function isMcpServerName(name: string): boolean {
  return name.startsWith("mcp__") && !name.slice(5).includes("__");
}

/** A NUL cannot be passed to any program (C strings end there): the hook never starts. */
function nulInCommand({ handler, text }: HandlerTarget): LintFinding[] {
  if (handler.type !== "command" || !text.includes("\u0000")) return [];
  return [
    {
      code: "nul-in-command",
      field: "command",
      message: "this command holds a NUL character (\\u0000); no program can be started with one, so the hook never runs",
    },
  ];
}

/** Which of ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} Claude sets, by the kind of file the hook is in (https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents). */
const PLUGIN_VARIABLES_SET: Partial<Record<SourceKind, readonly string[]>> = {
  plugin: ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
  // A skill's hooks get the skill's folder as CLAUDE_PLUGIN_ROOT, and no data folder.
  skill: ["CLAUDE_PLUGIN_ROOT"],
};

const PLUGIN_VARIABLE_PATTERNS = ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"].map((name) => ({ name, used: new RegExp(`\\$\\{?${name}\\b`) }));
const ANY_PLUGIN_VARIABLE = new RegExp(PLUGIN_VARIABLE_PATTERNS.map(({ used }) => used.source).join("|"));

/** ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} exist for a plugin's (and a skill's) hooks only: in a settings file Claude reports an error. */
function pluginVariableOutsidePlugin({ handler, kind, text }: HandlerTarget): LintFinding[] {
  if (handler.type !== "command") return [];
  if (!ANY_PLUGIN_VARIABLE.test(text)) return [];
  const set = PLUGIN_VARIABLES_SET[kind] ?? [];
  const named = PLUGIN_VARIABLE_PATTERNS.filter(({ name, used }) => !set.includes(name) && used.test(text)).map(({ name }) => name);
  return named.map((name) => ({
    code: "plugin-variable-outside-plugin",
    field: "command" as const,
    message:
      kind === "skill"
        ? `$${name} is set for a Claude Code plugin's hooks only; a skill's hooks get $CLAUDE_PLUGIN_ROOT (the skill's folder) but not this one, in Claude Code and here`
        : `$${name} is set for a Claude Code plugin's hooks only; in a settings file Claude Code reports this hook as an error, and here it is unset too`,
  }));
}

export const HANDLER_LINTS: ReadonlyArray<(target: HandlerTarget) => LintFinding[]> = [
  bashOnlySyntax,
  timeoutInMilliseconds,
  unsetVariables,
  nulInCommand,
  pluginVariableOutsidePlugin,
  misnamedAgentRule,
];
export const GROUP_LINTS: ReadonlyArray<(target: GroupTarget) => LintFinding[]> = [
  permissionRuleMatcher,
  expressionMatcher,
  unknownToolNames,
  unsentMatcherValues,
  misnamedAgentMatcher,
];

function hours(seconds: number): string {
  return seconds >= 86_400 ? `${(seconds / 86_400).toFixed(1)} days` : `${(seconds / 3600).toFixed(1)} hours`;
}
