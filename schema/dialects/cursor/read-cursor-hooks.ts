// Cursor's hooks from the texts of its hooks.json files (`{"version": 1, "hooks": {"preToolUse":
// [{"command": "...", "matcher": "Shell", "timeout": 30, "failClosed": true}]}}`), read as Cursor
// reads them: comments are cut with Cursor's own two regexes (a `//` anywhere on a line, even inside
// a string, cuts the rest of it), then JSON.parse; then its validator, where ANY error (no positive
// integer `version`, an unknown event, a handler without a command, an invalid matcher regex, a bad
// timeout, loop_limit or failClosed) makes the whole file invalid: Cursor loads none of its hooks.
// Claude's settings files are read only to say which command Cursor would run once (it drops a
// Claude hook whose command equals a Cursor hook's on the same event); hooks2opencode replays those
// files as Claude hooks itself. Findings are located (file:line:col). Pure.
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (parseJSONC, the config validator, the
// Claude de-duplication `dedupeClaudeHooksAgainstCursorHooks`); https://cursor.com/docs/hooks.
import { type Node, parseTree } from "jsonc-parser";
import { closestName } from "../../closest-name.js";
import type { Diagnostic } from "../../diagnostics.js";
import { positionsOf } from "../../validate/json-text.js";
import type { AgentHook, AgentHooks, AgentText } from "../agent-hooks.js";
import { regexError } from "./cursor-matcher.js";
import { CURSOR_EVENTS, isCursorEvent } from "./events.js";

/** The format of a Claude settings file read only for Cursor's de-duplication. */
export const CLAUDE_SETTINGS_FORMAT = "claude-settings";

/** Claude's events as Cursor imports them (the rest it ignores). */
const CURSOR_EVENT_OF_CLAUDE: Readonly<Record<string, string>> = {
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  UserPromptSubmit: "beforeSubmitPrompt",
  Stop: "stop",
  SubagentStop: "subagentStop",
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  PreCompact: "preCompact",
};

interface Place {
  line: number;
  column: number;
}

/** Every layer's hooks, managed before project before user (the order Cursor runs and merges them in). */
export function readCursorHooks(texts: readonly AgentText[]): AgentHooks {
  const result: AgentHooks = { hooks: [], diagnostics: [] };
  const order = { managed: 0, project: 1, user: 2 } as const;
  const cursorTexts = texts.filter((text) => text.format !== CLAUDE_SETTINGS_FORMAT).sort((a, b) => order[a.layer] - order[b.layer]);
  for (const text of cursorTexts) {
    const read = readHooksJson(text);
    result.hooks.push(...read.hooks);
    result.diagnostics.push(...read.diagnostics);
  }
  const claude = texts.filter((text) => text.format === CLAUDE_SETTINGS_FORMAT).flatMap(claudeCommands);
  for (const hook of result.hooks) {
    const twin = claude.find((each) => each.event === hook.event && hook.command !== undefined && each.command === hook.command);
    if (twin) hook.options = { ...hook.options, claudeTwin: twin.where };
  }
  return result;
}

function warning(code: string, file: string, at: Place, message: string): Diagnostic {
  return { code, severity: "warning", file, line: at.line, column: at.column, message };
}

/** Cursor's parseJSONC: two regexes, blind to strings, then JSON.parse. */
export function cursorJson(text: string): unknown {
  return JSON.parse(text.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, ""));
}

function readHooksJson(text: AgentText): { hooks: AgentHook[]; diagnostics: Diagnostic[] } {
  const at = positionsOf(text.text);
  const skip = (code: string, place: Place, why: string) => ({
    hooks: [],
    diagnostics: [warning(code, text.display, place, `${why}; Cursor loads none of this file's hooks`)],
  });
  let config: unknown;
  try {
    config = cursorJson(text.text);
  } catch (error) {
    return skip("cursor-json-syntax", { line: 1, column: 1 }, `Cursor cannot parse this file (${(error as Error).message})`);
  }
  // The tree places findings; it reads comments as Cursor means them (a `//` inside a string is the one case they differ, and then JSON.parse above failed).
  const root = parseTree(text.text, [], { allowTrailingComma: false, disallowComments: false });
  const node = (...path: Array<string | number>): Node | undefined => {
    let current = root;
    for (const key of path) {
      if (!current) return undefined;
      current = typeof key === "number" ? current.children?.[key] : pairs(current).find(([name]) => name.value === key)?.[1];
    }
    return current;
  };
  const placeOf = (...path: Array<string | number>): Place => at(node(...path)?.offset ?? 0);
  const keyPlace = (event: string): Place => at(pairs(node("hooks")).find(([name]) => name.value === event)?.[0].offset ?? 0);
  if (!isObject(config)) return skip("cursor-hooks-shape", placeOf(), "a hooks file is an object");
  const version = config.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return skip("cursor-hooks-version", placeOf("version"), '"version" must be a positive integer (Cursor\'s files start with "version": 1)');
  if (!isObject(config.hooks)) return skip("cursor-hooks-shape", placeOf("hooks"), '"hooks" must be an object of events');
  const hooks: AgentHook[] = [];
  for (const [event, scripts] of Object.entries(config.hooks)) {
    if (!isCursorEvent(event)) {
      const near = closestName(event, CURSOR_EVENTS);
      return skip("cursor-unknown-event", keyPlace(event), `"${event}" is not a Cursor hook event${near ? ` (did you mean "${near}"?)` : ""}`);
    }
    if (scripts === undefined) continue;
    if (!Array.isArray(scripts)) return skip("cursor-hooks-shape", placeOf("hooks", event), `${event} must be an array of hook scripts`);
    for (const [index, script] of scripts.entries()) {
      const place = placeOf("hooks", event, index);
      const read = cursorScript(script);
      if (typeof read === "string") return skip("cursor-invalid-hook", place, `${event}[${index}]: ${read}`);
      hooks.push({ event, ...read, layer: text.layer, where: `${text.display}:${place.line}:${place.column}` });
    }
  }
  return { hooks, diagnostics: [] };
}

/** One script's fields, or why Cursor's validator refuses it (and with it the whole file). */
function cursorScript(value: unknown): Omit<AgentHook, "event" | "layer" | "where"> | string {
  if (!isObject(value)) return "a hook script is an object with a 'command' (or type \"prompt\" with a 'prompt')";
  const type = value.type ?? "command";
  if (type !== "command" && type !== "prompt") return `invalid hook type "${String(type)}" (command, prompt, or omitted)`;
  if (type === "command" && typeof value.command !== "string") return "a command hook needs a string 'command'";
  if (type === "prompt" && (typeof value.prompt !== "string" || value.prompt.trim() === "")) return "a prompt hook needs a non-empty 'prompt'";
  const { matcher, timeout, loop_limit: loopLimit, failClosed } = value;
  if (matcher !== undefined && typeof matcher !== "string") return "'matcher' must be a string";
  if (typeof matcher === "string" && matcher !== "" && matcher !== "*") {
    const error = regexError(matcher);
    if (error) return `matcher ${JSON.stringify(matcher)} is not a valid regex (${error})`;
  }
  if (timeout !== undefined && (typeof timeout !== "number" || timeout <= 0)) return "'timeout' must be a positive number of seconds";
  if (loopLimit !== undefined && loopLimit !== null && (typeof loopLimit !== "number" || !Number.isInteger(loopLimit) || loopLimit <= 0))
    return "'loop_limit' must be a positive integer or null";
  if (failClosed !== undefined && typeof failClosed !== "boolean") return "'failClosed' must be a boolean";
  const options: Record<string, unknown> = {};
  if (failClosed === true) options.failClosed = true;
  if (loopLimit !== undefined) options.loop_limit = loopLimit;
  return {
    type,
    ...(type === "command" ? { command: value.command as string } : {}),
    ...(typeof matcher === "string" ? { matcher } : {}),
    ...(typeof timeout === "number" ? { timeout } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** The command hooks of a Claude settings file, by the Cursor event Cursor imports each as. */
function claudeCommands(text: AgentText): Array<{ event: string; command: string; where: string }> {
  let settings: unknown;
  try {
    settings = JSON.parse(text.text);
  } catch {
    return [];
  }
  const hooks = isObject(settings) && isObject(settings.hooks) ? settings.hooks : {};
  const found: Array<{ event: string; command: string; where: string }> = [];
  for (const [claudeEvent, groups] of Object.entries(hooks)) {
    const event = CURSOR_EVENT_OF_CLAUDE[claudeEvent];
    if (!event || !Array.isArray(groups)) continue;
    for (const group of groups) {
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : [];
      for (const handler of handlers)
        if (isObject(handler) && typeof handler.command === "string")
          found.push({ event, command: handler.command, where: `${text.display} (${claudeEvent})` });
    }
  }
  return found;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pairs(node: Node | undefined): Array<[Node, Node]> {
  return (node?.type === "object" ? (node.children ?? []) : []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [[key, value] as [Node, Node]] : [];
  });
}
