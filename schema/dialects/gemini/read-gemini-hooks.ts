// Gemini CLI's hooks from the texts of its settings files: the `hooks` object (`{"BeforeTool":
// [{matcher, sequential, hooks: [{type, command, name, timeout, env}]}]}`), whose per-event arrays
// Gemini concatenates across files (user, then project, then system), and the `hooksConfig`
// switches: `enabled: false` turns every hook off, `disabled` lists hooks by name (or command when
// unnamed). Identical hooks (same name and command) of one event run once: a later copy with the
// same matcher is marked as such; copies under different matchers are kept (both may match, and
// Gemini would still run one: the report says so). Settings files may hold comments
// (strip-json-comments). Findings are located (file:line:col): warnings where Gemini goes on
// without the part it cannot read, errors where it does not start. Pure.
// Source: google-gemini/gemini-cli packages/core/src/hooks/hookRegistry.ts, hookPlanner.ts,
// types.ts (getHookKey); packages/cli/src/config/settings.ts (loading), settingsSchema.ts (hooksConfig).
import { type Node, type ParseError, parseTree } from "jsonc-parser";
import { closestName } from "../../closest-name.js";
import type { Diagnostic } from "../../diagnostics.js";
import { positionsOf } from "../../validate/json-text.js";
import type { AgentHook, AgentHooks, AgentText } from "../agent-hooks.js";
import { GEMINI_EVENTS, GEMINI_HOOKS_CONFIG_FIELDS, isGeminiEvent } from "./events.js";
import { nodeValue, pairs } from "../json-nodes.js";

/** The Gemini fields of one hook the runtime and the report need (AgentHook.options). */
export interface GeminiHookOptions {
  /** `name`: with the command, the hook's identity (de-duplication, `hooksConfig.disabled`). */
  name?: string;
  /** Its group's `sequential: true`. */
  sequential?: boolean;
  /** `env`: added to the hook's environment last (hookRunner.ts `...hookConfig.env`). */
  env?: Record<string, string>;
  /** `file:line:col` of an identical hook (same name and command, same matcher) of the same event: Gemini runs it once. */
  duplicateOf?: string;
  /** Where `hooksConfig.disabled` names this hook. */
  disabledIn?: string;
  /** Written `type: "plugin"`: Gemini runs its command as a command hook. */
  writtenType?: string;
}

interface Place {
  line: number;
  column: number;
}

const LAYER_ORDER = { user: 0, project: 1, managed: 2 } as const;

/** Every file's hooks in the order Gemini concatenates them (user, project, system). */
export function readGeminiHooks(texts: readonly AgentText[]): AgentHooks {
  const result: AgentHooks = { hooks: [], diagnostics: [] };
  const disabled = new Map<string, string>();
  let enabled: { value: boolean; file: string } | undefined;
  for (const text of [...texts].sort((a, b) => LAYER_ORDER[a.layer] - LAYER_ORDER[b.layer])) {
    const read = readSettings(text);
    result.hooks.push(...read.hooks);
    result.diagnostics.push(...read.diagnostics);
    // `disabled` lists are united; `enabled` is a single value the later file sets (settings.ts mergeSettings).
    for (const [name, where] of read.disabled) if (!disabled.has(name)) disabled.set(name, where);
    if (read.enabled !== undefined) enabled = { value: read.enabled, file: text.display };
  }
  if (enabled?.value === false) result.disabledIn = enabled.file;
  markDuplicates(result.hooks);
  for (const hook of result.hooks) {
    const options = hook.options as GeminiHookOptions;
    const where = disabled.get(options.name || hook.command || "");
    if (where !== undefined) options.disabledIn = where;
  }
  return result;
}

/** getHookKey: `name:command`; a later identical hook of the same event under the same matcher never runs. */
function markDuplicates(hooks: AgentHook[]): void {
  const first = new Map<string, string>();
  for (const hook of hooks) {
    const options = hook.options as GeminiHookOptions;
    const key = JSON.stringify([hook.event, (hook.matcher ?? "").trim(), options.name ?? "", hook.command ?? ""]);
    const seen = first.get(key);
    if (seen !== undefined) options.duplicateOf = seen;
    else first.set(key, hook.where);
  }
}

interface FileRead {
  hooks: AgentHook[];
  diagnostics: Diagnostic[];
  enabled?: boolean;
  /** `hooksConfig.disabled` names, with where each is said. */
  disabled: Map<string, string>;
}

function readSettings(text: AgentText): FileRead {
  const read: FileRead = { hooks: [], diagnostics: [], disabled: new Map() };
  const errors: ParseError[] = [];
  // strip-json-comments then JSON.parse: comments are fine, a trailing comma is not.
  const root = parseTree(text.text, errors, { allowTrailingComma: false, disallowComments: false });
  const at = positionsOf(text.text);
  const finding = (severity: Diagnostic["severity"], code: string, place: Place, message: string) =>
    read.diagnostics.push({ code, severity, file: text.display, line: place.line, column: place.column, message });
  if (errors.length > 0 || !root) {
    finding("error", "gemini-json-syntax", at(errors[0]?.offset ?? 0), "invalid JSON; Gemini CLI reports this settings file as an error and reads none of it");
    return read;
  }
  if (root.type !== "object") {
    finding("error", "gemini-settings-shape", at(root.offset), "a settings file is a JSON object; Gemini CLI reads none of this one");
    return read;
  }
  const hooksConfig = member(root, "hooksConfig");
  if (hooksConfig?.type === "object") {
    const enabled = member(hooksConfig, "enabled");
    if (enabled?.type === "boolean") read.enabled = enabled.value as boolean;
    const disabled = member(hooksConfig, "disabled");
    for (const item of disabled?.type === "array" ? (disabled.children ?? []) : []) {
      if (item.type === "string") read.disabled.set(item.value as string, `${text.display}:${at(item.offset).line}:${at(item.offset).column}`);
    }
  }
  const hooksNode = member(root, "hooks");
  if (!hooksNode) return read;
  if (hooksNode.type !== "object") {
    finding("warning", "gemini-hooks-shape", at(hooksNode.offset), "`hooks` is an object of events; Gemini CLI reads no hook from this file");
    return read;
  }
  const events = pairs(hooksNode);
  for (const [index, [key, groups]] of events.entries()) {
    const event = String(key.value);
    // JSON.parse keeps the last of two equal keys.
    if (GEMINI_HOOKS_CONFIG_FIELDS.includes(event) || events.slice(index + 1).some(([later]) => later.value === key.value)) continue;
    if (!isGeminiEvent(event)) {
      const near = closestName(event, GEMINI_EVENTS);
      finding(
        "warning",
        "gemini-unknown-event",
        at(key.offset),
        `"${event}" is not a Gemini CLI hook event; Gemini skips it ("Invalid hook event name")${near ? ` (did you mean "${near}"?)` : ""}`,
      );
      continue;
    }
    if (groups.type !== "array") {
      finding("warning", "gemini-hooks-shape", at(groups.offset), `${event} holds a list of hook definitions; Gemini CLI skips it`);
      continue;
    }
    for (const group of groups.children ?? []) readGroup(event, group, text, read, at, finding);
  }
  return read;
}

function readGroup(
  event: string,
  group: Node,
  text: AgentText,
  read: FileRead,
  at: (offset: number) => Place,
  finding: (severity: Diagnostic["severity"], code: string, place: Place, message: string) => void,
): void {
  const list = group.type === "object" ? member(group, "hooks") : undefined;
  if (!list || list.type !== "array") {
    finding("warning", "gemini-invalid-definition", at(group.offset), 'a hook definition is an object with a "hooks" list; Gemini CLI discards this one');
    return;
  }
  const matcherNode = member(group, "matcher");
  // A matcher that is not a string: Gemini's planner calls .trim() on it and the event's hooks fail to plan.
  if (matcherNode && matcherNode.type !== "string") {
    finding("warning", "gemini-invalid-matcher", at(matcherNode.offset), "`matcher` is a string; Gemini CLI cannot plan this definition (it is skipped here)");
    return;
  }
  const matcher = matcherNode?.value as string | undefined;
  const sequential = member(group, "sequential")?.value === true;
  for (const handler of list.children ?? []) {
    const place = at(handler.offset);
    const read1 = geminiHandler(handler);
    if (typeof read1 === "string") {
      finding("warning", "gemini-invalid-hook", place, `${read1}; Gemini CLI discards this hook`);
      continue;
    }
    read.hooks.push({
      event,
      ...(matcher !== undefined ? { matcher } : {}),
      ...read1.hook,
      layer: text.layer,
      where: `${text.display}:${place.line}:${place.column}`,
      options: { ...read1.options, ...(sequential ? { sequential: true } : {}) } satisfies GeminiHookOptions,
    });
  }
}

/** A hook's fields as Gemini reads them (hookRegistry.ts validateHookConfig), or why it discards it. */
function geminiHandler(node: Node): { hook: Pick<AgentHook, "type" | "command" | "timeout">; options: GeminiHookOptions } | string {
  if (node.type !== "object") return "a hook is an object";
  const record = nodeValue(node) as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== "string" || !["command", "plugin", "runtime"].includes(type)) return `\`type\` is "command" (found ${JSON.stringify(type ?? null)})`;
  const command = typeof record.command === "string" && record.command !== "" ? record.command : undefined;
  if (type === "command" && command === undefined) return 'a command hook needs a "command"';
  if (type === "runtime" && !record.name) return 'a runtime hook needs a "name"';
  const options: GeminiHookOptions = {};
  if (typeof record.name === "string" && record.name !== "") options.name = record.name;
  if (isStringRecord(record.env)) options.env = record.env;
  // hookRunner.ts runs every hook that is not `runtime` as a command: a `plugin` hook with a command runs like one.
  if (type === "plugin" && command !== undefined) options.writtenType = "plugin";
  const runsAsCommand = type === "command" || options.writtenType === "plugin";
  const timeout = typeof record.timeout === "number" && Number.isFinite(record.timeout) && record.timeout >= 0 ? record.timeout : undefined;
  return {
    hook: { type: runsAsCommand ? "command" : type, ...(command !== undefined ? { command } : {}), ...(timeout !== undefined ? { timeout } : {}) },
    options,
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === "string");
}

function member(node: Node, name: string): Node | undefined {
  // JSON.parse keeps the last of two equal keys.
  return pairs(node).findLast(([key]) => key.value === name)?.[1];
}
