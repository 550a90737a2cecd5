// The `if` field compiled once (its syntax: schema/if-rule-syntax.ts). A handler
// whose rule does not match the call is not spawned at all. Best-effort like Claude's: what cannot be
// evaluated (unparsable command, `$VAR` in a command pattern) runs the hook.
// Source: https://code.claude.com/docs/en/hooks#common-fields (`if`); permission rule syntax (Bash word boundary, `:*`, gitignore paths):
// https://code.claude.com/docs/en/permissions#permission-rule-syntax, https://code.claude.com/docs/en/permissions#tool-specific-permission-rules.
import nodePath from "node:path";
import { homedir } from "node:os";
import { canonicalName } from "../../schema/claude-tools.js";
import { parseIfRule } from "../../schema/if-rule-syntax.js";
import { byClaudeName } from "../tools/table.js";
import { compileGlob, type Glob } from "./glob.js";
import { compilePathGlob } from "./path-glob.js";
import { hasDynamicParts, subcommands } from "./bash-command.js";

export interface ToolCall {
  /** Claude tool name (`Bash`, `Write`, `mcp__s__t`). */
  toolName: string;
  toolInput: Record<string, unknown>;
  cwd: string;
  projectDir: string;
}

export type IfRule = (call: ToolCall) => boolean;

export type IfRuleResult = { ok: true; rule: IfRule } | { ok: false; error: string };

/**
 * What a rule says of a call it cannot evaluate (an unparsable command, `$VAR` with a pattern naming
 * arguments, a specifier the tool does not take): an `if` filter matches (the hook runs); a
 * permission rule (plugin/permissions/) matches only on the command's literal text.
 */
export type WhenUncertain = "match" | "literal";

export function compileIfRule(text: string, uncertain: WhenUncertain = "match"): IfRuleResult {
  const parsed = parseIfRule(text);
  if (!parsed.ok) return parsed;
  const { tool, specifier } = parsed;
  const sameTool = (name: string) => canonicalName(name) === tool || mcpServerRule(tool, name);
  if (specifier === undefined) return { ok: true, rule: (call) => sameTool(call.toolName) };
  const test = specifierTest(tool, specifier, uncertain);
  return { ok: true, rule: (call) => sameTool(call.toolName) && test(call) };
}

/** `mcp__server` as a rule covers every tool of that server. */
function mcpServerRule(rule: string, name: string): boolean {
  return rule.startsWith("mcp__") && !rule.slice(5).includes("__") && name.startsWith(`${rule}__`);
}

/** The tool table says which input field a specifier reads, and how (plugin/tools/table.ts). */
function specifierTest(tool: string, specifier: string, uncertain: WhenUncertain): (call: ToolCall) => boolean {
  const field = byClaudeName(tool)?.rule;
  switch (field?.kind) {
    case "command":
      return bashTest(specifier, field.key, uncertain);
    case "path":
      return pathTest(specifier, field.key);
    case "url":
      if (specifier.startsWith("domain:")) return domainTest(specifier.slice("domain:".length), field.key);
      break;
    case "name": {
      const glob = wildcard(specifier);
      return (call) => glob.test(String(call.toolInput[field.key] ?? ""));
    }
  }
  const fallback = uncertain === "match";
  return () => fallback; // A specifier the tool does not take: run the hook, as Claude fails open.
}

function bashTest(specifier: string, key: string, uncertain: WhenUncertain): (call: ToolCall) => boolean {
  const pattern = specifier.endsWith(":*") ? `${specifier.slice(0, -2)} *` : specifier;
  const glob = wildcard(pattern);
  const namesOnlyCommand = !/\s/.test(pattern.replace(/ \*$/, ""));
  return (call) => {
    const command = String(call.toolInput[key] ?? "");
    const parts = subcommands(command);
    if (!parts) return uncertain === "match" || glob.test(command.trim());
    if (uncertain === "match" && !namesOnlyCommand && hasDynamicParts(command)) return true;
    return glob.test(command.trim()) || parts.some((part) => glob.test(part));
  };
}

/** `*` matches anything, spaces included; a trailing ` *` also matches the bare command (word boundary). */
function wildcard(pattern: string): { test: Glob } {
  return pattern.endsWith(" *") ? { test: compileGlob(pattern.slice(0, -2), true) } : { test: compileGlob(pattern) };
}

function pathTest(specifier: string, field: string): (call: ToolCall) => boolean {
  let base: (call: ToolCall) => string;
  let pattern: string;
  if (specifier.startsWith("//")) {
    base = () => "/";
    pattern = specifier.slice(2);
  } else if (specifier.startsWith("~/")) {
    base = () => homedir();
    pattern = specifier.slice(2);
  } else if (specifier.startsWith("/")) {
    base = (call) => call.projectDir;
    pattern = specifier.slice(1);
  } else {
    base = (call) => call.cwd;
    const anchored = specifier.startsWith("./");
    pattern = anchored ? specifier.slice(2) : specifier;
    // gitignore: a pattern without a slash matches a name at any depth; `./.env` is the cwd's `.env` only.
    if (!anchored && !pattern.replace(/\/$/, "").includes("/")) pattern = `**/${pattern}`;
  }
  if (pattern.endsWith("/")) pattern += "**";
  const matchers = [compilePathGlob(pattern), compilePathGlob(`${pattern}/**`)];
  return (call) => {
    const value = call.toolInput[field];
    const file = typeof value === "string" && value !== "" ? value : call.cwd;
    const relative = nodePath.relative(base(call), nodePath.resolve(call.cwd, file));
    if (relative.startsWith("..") || nodePath.isAbsolute(relative)) return false;
    return matchers.some((match) => match(relative));
  };
}

function domainTest(domain: string, key: string): (call: ToolCall) => boolean {
  const wanted = domain.toLowerCase().replace(/\.$/, "");
  return (call) => {
    let host: string;
    try {
      host = new URL(String(call.toolInput[key] ?? "")).hostname.toLowerCase().replace(/\.$/, "");
    } catch {
      return false;
    }
    if (wanted.startsWith("*.")) return host.endsWith(wanted.slice(1)) || host === wanted.slice(2);
    return host === wanted;
  };
}
