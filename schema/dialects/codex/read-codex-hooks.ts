// Codex CLI's hooks from the texts of its files: `hooks.json` (`{"hooks": {"PreToolUse": [{matcher,
// hooks: [...]}]}}`) and the `[hooks]` table of `config.toml` (`[[hooks.PreToolUse]]` and
// `[[hooks.PreToolUse.hooks]]`), every layer kept (Codex merges them all; none replaces another), and
// `[features] hooks = false` (alias `codex_hooks`), the project's config over the user's. Findings are
// located (file:line:col) and are warnings where Codex itself goes on (it skips what it cannot read),
// errors where Codex refuses to start (a config.toml that is not TOML). Pure.
// Source: https://developers.openai.com/codex/hooks; openai/codex codex-rs/config/src/hook_config.rs (HooksFile, HookEventsToml, MatcherGroup).
import { type Node, type ParseError, parseTree } from "jsonc-parser";
import { parse as parseToml, TomlError } from "smol-toml";
import { closestName } from "../../closest-name.js";
import type { Diagnostic } from "../../diagnostics.js";
import { positionsOf } from "../../validate/json-text.js";
import { compileCodexMatcher } from "./codex-matcher.js";
import { CODEX_EVENTS, type CodexEvent, isCodexEvent } from "./events.js";
import { nodeValue, pairs } from "../json-nodes.js";
import type { AgentHook, AgentHooks, AgentText } from "../agent-hooks.js";

export type CodexLayer = "user" | "project";

/** One Codex file as read. */
export interface CodexText extends AgentText {
  layer: CodexLayer;
  format: "hooks.json" | "config.toml";
}

/** One Codex hook handler, in its group, as written: `timeout` in seconds (`timeout` or `timeout_sec`). */
export interface CodexHook extends AgentHook {
  event: CodexEvent;
  layer: CodexLayer;
}

/** `disabledIn`: `[features] hooks = false`, where it is said (Codex runs none of these hooks). */
export interface CodexHooks extends AgentHooks {
  hooks: CodexHook[];
}

interface Place {
  line: number;
  column: number;
}

/** Every layer's hooks, user before project (the order Codex lists them in; all of them run). */
export function readCodexHooks(texts: readonly CodexText[]): CodexHooks {
  const result: CodexHooks = { hooks: [], diagnostics: [] };
  const ordered = [...texts].sort((a, b) => rank(a) - rank(b));
  let enabled: { value: boolean; file: string } | undefined;
  for (const text of ordered) {
    const read = text.format === "hooks.json" ? readHooksJson(text) : readConfigToml(text);
    result.hooks.push(...read.hooks);
    result.diagnostics.push(...read.diagnostics);
    if (read.enabled !== undefined) enabled = { value: read.enabled, file: text.display };
  }
  for (const layer of ["user", "project"] as const) {
    const both = ordered.filter((text) => text.layer === layer && hasHooks(result.hooks, text.display));
    if (both.length === 2)
      result.diagnostics.push(
        warning(
          "codex-two-hook-files",
          both[1]!.display,
          { line: 1, column: 1 },
          `hooks are defined both here and in ${both[0]!.display}; Codex loads both (and warns)`,
        ),
      );
  }
  if (enabled?.value === false) result.disabledIn = enabled.file;
  return result;
}

function rank(text: CodexText): number {
  return (text.layer === "user" ? 0 : 2) + (text.format === "hooks.json" ? 0 : 1);
}

function hasHooks(hooks: readonly CodexHook[], display: string): boolean {
  return hooks.some((hook) => hook.where.startsWith(`${display}:`));
}

function warning(code: string, file: string, at: Place, message: string): Diagnostic {
  return { code, severity: "warning", file, line: at.line, column: at.column, message };
}

interface FileRead {
  hooks: CodexHook[];
  diagnostics: Diagnostic[];
  enabled?: boolean;
}

/** The shape both formats share once parsed, with a way to place each part of it. */
interface Locator {
  event(event: string): Place;
  group(event: string, index: number): Place;
  handler(event: string, group: number, index: number): Place;
}

function readHooksJson(text: CodexText): FileRead {
  const errors: ParseError[] = [];
  const root = parseTree(text.text, errors, { allowTrailingComma: false, disallowComments: true });
  const at = positionsOf(text.text);
  if (errors.length > 0 || !root) {
    const place = at(errors[0]?.offset ?? 0);
    return { hooks: [], diagnostics: [warning("codex-json-syntax", text.display, place, "invalid JSON; Codex skips this hooks file")] };
  }
  if (root.type !== "object")
    return { hooks: [], diagnostics: [warning("codex-hooks-shape", text.display, at(root.offset), "a hooks file is an object; Codex skips this one")] };
  const diagnostics: Diagnostic[] = [];
  for (const [key] of pairs(root)) {
    if (key.value !== "hooks")
      return {
        hooks: [],
        diagnostics: [
          warning("codex-hooks-shape", text.display, at(key.offset), `unknown key "${String(key.value)}": Codex reads only "hooks" here and skips this file`),
        ],
      };
  }
  const hooksNode = pairs(root).find(([key]) => key.value === "hooks")?.[1];
  const value = hooksNode ? (nodeValue(hooksNode) as unknown) : {};
  const node = (event: string) => (hooksNode ? pairs(hooksNode).find(([key]) => key.value === event) : undefined);
  const child = (parent: Node | undefined, index: number) => parent?.children?.[index];
  const locator: Locator = {
    event: (event) => at(node(event)?.[0].offset ?? hooksNode?.offset ?? 0),
    group: (event, index) => at(child(node(event)?.[1], index)?.offset ?? node(event)?.[0].offset ?? 0),
    handler: (event, group, index) => {
      const groupNode = child(node(event)?.[1], group);
      const list = groupNode ? pairs(groupNode).find(([key]) => key.value === "hooks")?.[1] : undefined;
      return at(child(list, index)?.offset ?? groupNode?.offset ?? 0);
    },
  };
  const read = readHooksTable(value, text, locator);
  return { hooks: read.hooks, diagnostics: [...diagnostics, ...read.diagnostics] };
}

function readConfigToml(text: CodexText): FileRead {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(text.text) as Record<string, unknown>;
  } catch (error) {
    const place = error instanceof TomlError ? { line: error.line, column: error.column } : { line: 1, column: 1 };
    const message = error instanceof TomlError ? error.message.split("\n")[0]! : String(error);
    return {
      hooks: [],
      diagnostics: [
        {
          code: "codex-toml-syntax",
          severity: "error",
          file: text.display,
          ...place,
          message: `invalid TOML: ${message}; Codex does not start with this config`,
        },
      ],
    };
  }
  const features = parsed.features as Record<string, unknown> | undefined;
  const flag = typeof features?.hooks === "boolean" ? features.hooks : typeof features?.codex_hooks === "boolean" ? features.codex_hooks : undefined;
  if (parsed.hooks === undefined) return { hooks: [], diagnostics: [], ...(flag !== undefined ? { enabled: flag } : {}) };
  const lines = text.text.split("\n");
  const header = (pattern: RegExp, from = 0): number => {
    for (let index = from; index < lines.length; index++) if (pattern.test(lines[index]!)) return index;
    return -1;
  };
  const quoted = (event: string) => `(?:${event}|"${event}")`;
  const groupLine = (event: string, index: number): number => {
    let line = -1;
    for (let seen = 0; seen <= index; seen++) {
      line = header(new RegExp(`^\\s*\\[\\[\\s*hooks\\.${quoted(event)}\\s*\\]\\]`), line + 1);
      if (line < 0) return header(/^\s*\[hooks\b/);
    }
    return line;
  };
  const place = (line: number): Place => ({ line: Math.max(line, 0) + 1, column: 1 });
  const locator: Locator = {
    event: (event) => place(groupLine(event, 0)),
    group: (event, index) => place(groupLine(event, index)),
    handler: (event, group, index) => {
      let line = groupLine(event, group);
      for (let seen = 0; seen <= index && line >= 0; seen++) {
        const next = header(new RegExp(`^\\s*\\[\\[\\s*hooks\\.${quoted(event)}\\.hooks\\s*\\]\\]`), line + 1);
        if (next < 0) break;
        line = next;
      }
      return place(line);
    },
  };
  const { state: _state, ...events } = (typeof parsed.hooks === "object" && parsed.hooks !== null ? parsed.hooks : {}) as Record<string, unknown>;
  const read = readHooksTable(events, text, locator);
  return { ...read, ...(flag !== undefined ? { enabled: flag } : {}) };
}

/** The `{ Event: [groups] }` table both formats hold. */
function readHooksTable(table: unknown, text: CodexText, locate: Locator): { hooks: CodexHook[]; diagnostics: Diagnostic[] } {
  const hooks: CodexHook[] = [];
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, at: Place, message: string) => diagnostics.push(warning(code, text.display, at, message));
  if (typeof table !== "object" || table === null || Array.isArray(table)) {
    warn("codex-hooks-shape", locate.event(""), "`hooks` is a table of events; Codex skips this one");
    return { hooks, diagnostics };
  }
  for (const [event, groups] of Object.entries(table)) {
    if (!isCodexEvent(event)) {
      const near = closestName(event, CODEX_EVENTS);
      warn("codex-unknown-event", locate.event(event), `"${event}" is not a Codex hook event; Codex ignores it${near ? ` (did you mean "${near}"?)` : ""}`);
      continue;
    }
    if (!Array.isArray(groups)) {
      warn("codex-hooks-shape", locate.event(event), `${event} holds a list of matcher groups; Codex skips it`);
      continue;
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupAt = locate.group(event, groupIndex);
      const record = (typeof group === "object" && group !== null ? group : {}) as Record<string, unknown>;
      const matcher = record.matcher;
      if (matcher !== undefined && typeof matcher !== "string") return warn("codex-hooks-shape", groupAt, "`matcher` is a string; Codex skips this group");
      const compiled = compileCodexMatcher(matcher);
      if (!compiled.ok)
        return warn("codex-invalid-matcher", groupAt, `matcher ${JSON.stringify(matcher)} is not a valid regex (${compiled.error}); Codex drops this group`);
      const handlers = Array.isArray(record.hooks) ? record.hooks : [];
      handlers.forEach((handler: unknown, index) => {
        const at = locate.handler(event, groupIndex, index);
        const read = codexHandler(handler);
        if (typeof read === "string") return warn("codex-invalid-handler", at, `${read}; Codex skips this hook`);
        if (read.mcp && event === "SessionEnd")
          return warn("codex-invalid-handler", at, "Codex does not run mcp_tool hooks on SessionEnd; Codex skips this hook");
        // Codex runs an async SessionEnd hook synchronously, and says so (discovery.rs runs_async).
        if (read.async && event === "SessionEnd") {
          delete read.async;
          warn("codex-sync-session-end", at, "Codex runs an async SessionEnd hook synchronously");
        }
        hooks.push({ event, ...(matcher !== undefined ? { matcher } : {}), ...read, layer: text.layer, where: `${text.display}:${at.line}:${at.column}` });
      });
    });
  }
  return { hooks, diagnostics };
}

/** A handler's fields, or why Codex cannot read it. */
function codexHandler(value: unknown): Pick<CodexHook, "type" | "command" | "timeout" | "statusMessage" | "async" | "mcp"> | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a hook is an object";
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== "string") return 'a hook needs a "type"';
  const timeout = record.timeout ?? record.timeout_sec ?? record.timeoutSec;
  if (timeout !== undefined && (typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < 0)) return "`timeout` is a whole number of seconds";
  const statusMessage = record.statusMessage ?? record.status_message;
  const read: Pick<CodexHook, "type" | "timeout" | "statusMessage" | "async"> = {
    type,
    ...(typeof timeout === "number" ? { timeout } : {}),
    ...(typeof statusMessage === "string" ? { statusMessage } : {}),
    ...(record.async === true ? { async: true } : {}),
  };
  if (type === "mcp_tool") {
    const { server, tool, input = {} } = record;
    if (typeof server !== "string" || server.trim() === "" || typeof tool !== "string" || tool.trim() === "")
      return 'an mcp_tool hook needs a non-empty "server" and "tool"';
    if (typeof input !== "object" || input === null || Array.isArray(input)) return "an mcp_tool hook's `input` is an object";
    return { ...read, mcp: { server, tool, input: input as Record<string, unknown> } };
  }
  if (type !== "command") return read;
  if (typeof record.command !== "string" || record.command.trim() === "") return 'a command hook needs a non-empty "command"';
  return { ...read, command: record.command };
}
