// Which of Claude's permission rules decides a tool call: deny, then ask, then allow, whatever the
// files' order, rules of every settings file together (a deny anywhere wins); undefined when none
// matches (the call goes on to OpenCode's own permission check). Each rule is matched by the `if`
// filter's engine (plugin/match/if-rule.ts: Claude's Bash, gitignore path and domain: matching),
// reading only a command's literal text where Claude's analysis gives up, plus what only permission
// lists have: tool-name globs, `Tool(param:value)` deny and ask rules, allow rules that must cover
// every subcommand, `Edit` rules for every file-editing tool and `Read` rules for reads, searches
// and (deny) edits of the same path, and `src/**` matching at any depth in deny and ask rules. Pure.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #compound-commands,
// #process-wrappers, #read-and-edit, #match-by-input-parameter, #tool-name-wildcards, #settings-precedence).
import path from "node:path";
import { RULE_LISTS, type PermissionRule, type RuleList } from "../../schema/permissions/model.js";
import { anchoredAllowGlob, parsePermissionRule } from "../../schema/permissions/rule-syntax.js";
import { canonicalName } from "../../schema/claude-tools.js";
import { hasDynamicParts, subcommands } from "../match/bash-command.js";
import { compileGlob } from "../match/glob.js";
import { compileIfRule, type ToolCall } from "../match/if-rule.js";
import { byClaudeName } from "../tools/table.js";

/** A Claude tool call as the rules see it: the tool's name, its snake_case input, the project root. */
export interface PermissionCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The project root (OpenCode's directory): relative rules and paths start there. */
  projectDir: string;
}

export interface Verdict {
  decision: RuleList;
  rule: PermissionRule;
}

export interface PermissionOptions {
  /** `~/.claude` (or $CLAUDE_CONFIG_DIR): where a user-settings `/path` rule is anchored. */
  configDir: string;
}

interface Compiled {
  rule: PermissionRule;
  test: (call: PermissionCall) => boolean;
  /** `Bash` or `Bash(*)`: every command, whatever it is made of. */
  everyCommand: boolean;
}

export type CompiledPermissions = Readonly<Record<RuleList, readonly Compiled[]>>;

/** Tools whose file checks read Edit rules, and the input field holding their path. */
const EDITS: Readonly<Record<string, string>> = { Edit: "file_path", Write: "file_path", NotebookEdit: "notebook_path" };
/** Tools Claude applies Read rules to (best effort for searches), and the field holding their path. */
const READS: Readonly<Record<string, string>> = { Read: "file_path", Grep: "path", Glob: "path" };

export function compilePermissions(rules: readonly PermissionRule[], options: PermissionOptions): CompiledPermissions {
  const lists: Record<RuleList, Compiled[]> = { deny: [], ask: [], allow: [] };
  for (const rule of rules) {
    const test = compileRule(rule, options);
    const parsed = parsePermissionRule(rule.text);
    const everyCommand = parsed.ok && !parsed.toolGlob && parsed.tool === "Bash" && parsed.specifier === undefined;
    if (test) lists[rule.list].push({ rule, test, everyCommand });
  }
  return lists;
}

/** The rule that decides the call, in Claude's order; undefined when no rule matches. */
export function decidePermission(compiled: CompiledPermissions, call: PermissionCall): Verdict | undefined {
  for (const list of RULE_LISTS) {
    const rule = list === "allow" ? allowingRule(compiled.allow, call) : compiled[list].find((each) => each.test(call))?.rule;
    if (rule) return { decision: list, rule };
  }
  return undefined;
}

/** An allow rule decides a command only if every subcommand is allowed by one (Claude's compound rule). */
function allowingRule(rules: readonly Compiled[], call: PermissionCall): PermissionRule | undefined {
  const command = call.toolInput.command;
  if (canonicalName(call.toolName) !== "Bash" || typeof command !== "string") return rules.find((each) => each.test(call))?.rule;
  const whole = rules.find((each) => each.everyCommand);
  if (whole) return whole.rule;
  // What Claude cannot analyse, or an assignment it would not strip for an allow rule, is not allowed by a pattern.
  const parts = subcommands(command);
  if (!parts || parts.length === 0 || hasDynamicParts(command) || /(^|[;&|\n(]\s*)[A-Za-z_][A-Za-z0-9_]*=/.test(command)) return undefined;
  let first: PermissionRule | undefined;
  for (const part of parts) {
    const rule = rules.find((each) => each.test({ ...call, toolInput: { ...call.toolInput, command: part } }))?.rule;
    if (!rule) return undefined;
    first ??= rule;
  }
  return first;
}

function compileRule(rule: PermissionRule, options: PermissionOptions): ((call: PermissionCall) => boolean) | undefined {
  const parsed = parsePermissionRule(rule.text);
  if (!parsed.ok) return undefined;
  if (parsed.toolGlob) {
    if (rule.list === "allow" && !anchoredAllowGlob(parsed.tool)) return undefined;
    const name = compileGlob(parsed.tool);
    return (call) => name(call.toolName);
  }
  const { tool, specifier } = parsed;
  const param = specifier === undefined || rule.list === "allow" ? undefined : paramRule(tool, specifier);
  if (param) return param;
  const restricting = rule.list !== "allow";
  const text = specifier !== undefined && restricting && (tool === "Read" || tool === "Edit") ? `${tool}(${anyDepth(specifier)})` : rule.text;
  const compiled = compileIfRule(text, "literal");
  if (!compiled.ok) return undefined;
  const anchor = rule.source === "user" ? options.configDir : undefined;
  const matches = (call: PermissionCall, toolName: string, toolInput: Record<string, unknown>) =>
    compiled.rule({ toolName, toolInput, cwd: call.projectDir, projectDir: anchor ?? call.projectDir } satisfies ToolCall);
  if (specifier === undefined || (tool !== "Read" && tool !== "Edit")) return (call) => matches(call, call.toolName, call.toolInput);
  // A path rule: checked against every tool whose file check reads it, with that tool's path.
  return (call) => {
    const name = canonicalName(call.toolName);
    const file = (tool === "Edit" ? EDITS : READS)[name] ?? (tool === "Read" && restricting ? EDITS[name] : undefined);
    const value = file === undefined ? undefined : call.toolInput[file];
    return typeof value === "string" && value !== "" && matches(call, tool, { file_path: path.resolve(call.projectDir, value) });
  };
}

/** Deny and ask rules: a relative pattern of one folder (`secrets/**`) matches that folder at any depth. */
function anyDepth(specifier: string): string {
  const single = /^(?:\.\/)?([^/*?[{~][^/*?[{]*)\/\*\*$/.exec(specifier);
  return single ? `**/${single[1]}/**` : specifier;
}

/** `Tool(param:value)` (deny and ask only): a top-level scalar input field, `*` wildcards, exact otherwise. */
function paramRule(tool: string, specifier: string): ((call: PermissionCall) => boolean) | undefined {
  const parsed = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([\s\S]*?)\s*$/.exec(specifier);
  const mapping = byClaudeName(tool);
  if (!parsed || !mapping || mapping.rule?.key === parsed[1] || !mapping.args.some(([claude]) => claude === parsed[1])) return undefined;
  const key = parsed[1]!;
  const value = compileGlob(parsed[2]!);
  return (call) => {
    const given = call.toolInput[key];
    return (
      canonicalName(call.toolName) === tool && (typeof given === "string" || typeof given === "number" || typeof given === "boolean") && value(String(given))
    );
  };
}
