// Copilot CLI's hooks from the texts of its files. Two formats: a hooks file (`.github/hooks/*.json`,
// `~/.copilot/hooks/*.json`: `{"version": 1, "hooks": {...}}`), where a malformed item is dropped
// alone; and the inline `hooks` field of a settings file (`.github/copilot/settings.json`,
// `settings.local.json`, `~/.copilot/settings.json`), where any item error rejects the whole field.
// Both hold, per event, a flat list of entries (`{type, bash, powershell, command, exec, args, cwd,
// env, timeoutSec, matcher}`) or Claude's nested `{matcher, hooks: [...]}` groups. `disableAllHooks`
// skips its own file; at the top of the repository's settings.json it skips every hook (policy hooks
// aside). Findings are located (file:line:col) warnings: Copilot goes on without what it cannot read.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Hook configuration format",
// "Disable all hooks"); nested groups and an optional `type`/`version`: the CLI's changelog (1.0.5, 1.0.6). Pure.
import path from "node:path";
import { type Node, type ParseError, parseTree } from "jsonc-parser";
import { closestName } from "../../closest-name.js";
import type { Diagnostic } from "../../diagnostics.js";
import { positionsOf } from "../../validate/json-text.js";
import type { AgentHook, AgentHooks, AgentText } from "../agent-hooks.js";
import { compileClaudeFormatMatcher, compileNativeMatcher } from "./copilot-matcher.js";
import { COPILOT_EVENTS, COPILOT_MATCH_FIELD, copilotEventOf, isCopilotEvent } from "./events.js";
import { nodeValue, pairs } from "../json-nodes.js";

/** A hooks file of a hooks directory, or a settings file with an inline `hooks` field. */
export type CopilotFormat = "hooks-file" | "settings";

/** The repository settings file whose top-level `disableAllHooks` turns every hook off. */
export const REPO_SETTINGS = ".github/copilot/settings.json";

type Place = { line: number; column: number };

interface FileRead {
  hooks: AgentHook[];
  diagnostics: Diagnostic[];
  disablesAll?: boolean;
}

/** Every file's hooks in Copilot's order (policy, user, repository; hooks files before settings); all of them run. */
export function readCopilotHooks(texts: readonly AgentText[]): AgentHooks {
  const result: AgentHooks = { hooks: [], diagnostics: [] };
  const ordered = [...texts].sort((a, b) => rank(a) - rank(b));
  for (const text of ordered) {
    const read = readCopilotFile(text);
    result.hooks.push(...read.hooks);
    result.diagnostics.push(...read.diagnostics);
    if (read.disablesAll) result.disabledIn = text.display;
  }
  return result;
}

function rank(text: AgentText): number {
  const layer = { managed: 0, user: 1, project: 2 }[text.layer];
  return layer * 2 + (text.format === "hooks-file" ? 0 : 1);
}

export function readCopilotFile(text: AgentText): FileRead {
  const at = positionsOf(text.text);
  const warn = (code: string, place: Place, message: string): Diagnostic => ({ code, severity: "warning", file: text.display, ...place, message });
  const skipFile = (code: string, offset: number, why: string): FileRead => ({
    hooks: [],
    diagnostics: [warn(code, at(offset), `${why}; Copilot skips ${text.format === "settings" ? "its hooks" : "this hooks file"}`)],
  });
  const errors: ParseError[] = [];
  const root = parseTree(text.text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !root) return skipFile("copilot-json-syntax", errors[0]?.offset ?? 0, "invalid JSON");
  if (root.type !== "object") return skipFile("copilot-hooks-shape", root.offset, "the file is not a JSON object");
  const field = (node: Node, key: string) => pairs(node).find(([name]) => name.value === key)?.[1];
  const settings = text.format === "settings";
  const disabled = field(root, "disableAllHooks");
  if (disabled?.value === true) return { hooks: [], diagnostics: [], ...(settings && text.display === REPO_SETTINGS ? { disablesAll: true } : {}) };
  const version = field(root, "version");
  if (!settings && version && version.value !== 1) return skipFile("copilot-hooks-shape", version.offset, '"version" must be 1');
  const hooksNode = field(root, "hooks");
  if (!hooksNode) return { hooks: [], diagnostics: [] };
  if (hooksNode.type !== "object") return skipFile("copilot-hooks-shape", hooksNode.offset, '"hooks" is an object of events');
  const hooks: AgentHook[] = [];
  const itemErrors: Diagnostic[] = [];
  const notes: Diagnostic[] = [];
  const hookDir = path.posix.dirname(text.display.split(path.sep).join("/"));
  for (const [key, list] of pairs(hooksNode)) {
    const event = String(key.value);
    if (!isCopilotEvent(event)) {
      const near = closestName(event, COPILOT_EVENTS);
      notes.push(
        warn("copilot-unknown-event", at(key.offset), `"${event}" is not a Copilot hook event; Copilot ignores it${near ? ` (did you mean "${near}"?)` : ""}`),
      );
      continue;
    }
    if (list.type !== "array") return skipFile("copilot-hooks-shape", list.offset, `${event} holds a list of hooks`);
    for (const item of list.children ?? []) {
      const group = item.type === "object" ? field(item, "hooks") : undefined;
      // Claude's nested shape: a matcher for the group, its handlers in `hooks`.
      const entries = group?.type === "array" ? (group.children ?? []) : [item];
      const groupMatcher = group ? field(item, "matcher") : undefined;
      if (groupMatcher && groupMatcher.type !== "string") {
        itemErrors.push(warn("copilot-invalid-hook", at(groupMatcher.offset), "`matcher` is a string"));
        continue;
      }
      for (const entry of entries) {
        const read = copilotEntry(entry, groupMatcher?.value as string | undefined);
        const place = at(entry.offset);
        if (typeof read === "string") {
          itemErrors.push(warn("copilot-invalid-hook", place, read));
          continue;
        }
        const invalid = matcherError(event, read.matcher);
        if (invalid) {
          notes.push(
            warn("copilot-invalid-matcher", place, `matcher ${JSON.stringify(read.matcher)} is not a valid regex (${invalid}); Copilot skips this hook`),
          );
          continue;
        }
        hooks.push({ event, ...read, layer: text.layer, where: `${text.display}:${place.line}:${place.column}`, options: { ...read.options, hookDir } });
      }
    }
  }
  if (settings && itemErrors.length > 0) {
    // Inline hooks are all or nothing: one bad item rejects the whole `hooks` field.
    return {
      hooks: [],
      diagnostics: [...notes, ...itemErrors.map((d) => ({ ...d, message: `${d.message}; Copilot rejects every hook of this file's "hooks" field` }))],
    };
  }
  return { hooks, diagnostics: [...notes, ...itemErrors.map((d) => ({ ...d, message: `${d.message}; Copilot drops this hook` }))] };
}

/** Why Copilot cannot compile a hook's matcher on an event that reads one. */
function matcherError(event: string, matcher: string | undefined): string | undefined {
  if (!COPILOT_MATCH_FIELD[copilotEventOf(event)]) return undefined;
  const compiled = event === "PreToolUse" || event === "PermissionRequest" ? compileClaudeFormatMatcher(matcher) : compileNativeMatcher(matcher);
  return compiled.ok ? undefined : compiled.error;
}

type EntryRead = Omit<AgentHook, "event" | "layer" | "where">;

/** One entry's fields, or why Copilot cannot read it. */
function copilotEntry(node: Node, groupMatcher: string | undefined): EntryRead | string {
  if (node.type !== "object") return "a hook is an object";
  const value = nodeValue(node) as Record<string, unknown>;
  const type = value.type ?? "command";
  if (type !== "command" && type !== "http" && type !== "prompt") return `unknown hook type ${JSON.stringify(type)}`;
  const matcher = value.matcher ?? groupMatcher;
  if (matcher !== undefined && typeof matcher !== "string") return "`matcher` is a string";
  // `timeout` is an alias read only when `timeoutSec` is absent.
  const timeout = value.timeoutSec ?? value.timeout;
  if (timeout !== undefined && (typeof timeout !== "number" || !(timeout > 0))) return "`timeoutSec` is a positive number of seconds";
  const base: EntryRead = { type, ...(matcher !== undefined ? { matcher } : {}), ...(typeof timeout === "number" ? { timeout } : {}) };
  if (type !== "command") return base;
  if (value.cwd !== undefined && typeof value.cwd !== "string") return "`cwd` is a string";
  if (value.env !== undefined && !isStringRecord(value.env)) return "`env` is an object of strings";
  const options: Record<string, unknown> = {
    ...(typeof value.cwd === "string" ? { cwd: value.cwd } : {}),
    ...(value.env !== undefined ? { env: value.env } : {}),
  };
  const shells = ["bash", "powershell", "command"].filter((key) => value[key] !== undefined);
  if (value.exec !== undefined) {
    if (typeof value.exec !== "string" || value.exec === "") return "`exec` is the executable's name or path";
    if (shells.length > 0) return "`exec` cannot be combined with `bash`, `powershell` or `command`";
    const args = value.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) return "`args` is a list of strings";
    // No shell: the executable and its arguments, quoted, are the same command line.
    return { ...base, command: [value.exec, ...args].map(shellQuote).join(" "), options: { ...options, exec: true } };
  }
  if (shells.length === 0) return "a command hook needs `bash`, `powershell`, `command` or `exec`";
  for (const key of shells) if (typeof value[key] !== "string") return `\`${key}\` is a string`;
  // On Linux and macOS Copilot runs `bash`, else the cross-platform `command`; a PowerShell-only hook has nothing to run.
  const bash = (value.bash ?? value.command) as string | undefined;
  return { ...base, ...(bash !== undefined ? { command: bash } : {}), options };
}

function isStringRecord(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((each) => typeof each === "string");
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./=:@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
