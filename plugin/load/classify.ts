// Decides, per hook, what the generated plugin does with it: translated (replayed as Claude would),
// degraded (replayed, with a named difference) or dropped (not replayed, with the reason). Pure.
import type { MergedHooks } from "../../schema/merge-sources.js";
import { eventInfo } from "../../schema/events.js";
import type { HookEntry } from "../../schema/types.js";
import type { PluginHandler } from "../config.js";
import type { Runner } from "../run/runners/define-runner.js";
import { runnerFor } from "../run/runners/index.js";
import { handlerLabel } from "../../schema/handlers.js";
import { type Door, EVENT_MODULES, isReplayed, notReplayedReason } from "../events/index.js";
import { REMOVED_TOOLS } from "../../schema/claude-tools.js";
import { compileMatcher } from "../../schema/matcher.js";
import { memoized } from "../../schema/memoized.js";
import { optionNotes } from "../../schema/plugin-options.js";
import { compileIfRule } from "../match/if-rule.js";
import { type HttpPolicy, urlRefusal } from "../run/http-policy.js";
import { APPLY_PATCH, APPLY_PATCH_SHOWN_AS, CLAUDE_ONLY_TOOLS, TOOL_TABLE } from "../tools/table.js";

export type Status = "translated" | "degraded" | "dropped";

export interface ReportRow {
  status: Status;
  entry: HookEntry;
  label: string;
  /** How it is degraded, or why it is dropped. */
  notes: string[];
  /** For a hook that is replayed as Claude runs it: what is still worth knowing (a name that never fires here). */
  remarks: string[];
  /** Tool events: the OpenCode tools the matcher fires on; lifecycle events: the channels. */
  firesOn?: string;
  /** The OpenCode channels the event is replayed on (plugin hooks or bus events). */
  channels?: string[];
}

export interface Classification {
  rows: ReportRow[];
  /** Everything that can be replayed. Under disableAllHooks they are still embedded, switched off,
   *  because a higher-precedence local `disableAllHooks: false` switches them back on (Claude's rule). */
  handlers: PluginHandler[];
  disableAllHooks: boolean;
}

/** Each hook's status as such, and the handlers the plugin embeds (whatever disableAllHooks says). */
export function classify(merged: MergedHooks, door: Door = "generated"): Classification {
  const rows: ReportRow[] = [];
  const handlers: PluginHandler[] = [];
  const memo = reachMemo();
  for (const entry of merged.entries) {
    const row = classifyEntry(entry, door, memo, true);
    rows.push(row);
    if (row.status !== "dropped") handlers.push(pluginHandler(entry));
  }
  return { rows, handlers, disableAllHooks: merged.disableAllHooks?.value === true };
}

/** classify's handlers without its report (the live plugin's start-up): the same decisions, no row written out. */
export function replayedHandlers(merged: MergedHooks, door: Door): PluginHandler[] {
  const memo = reachMemo();
  const handlers: PluginHandler[] = [];
  for (const entry of merged.entries) if (classifyEntry(entry, door, memo, false).status !== "dropped") handlers.push(pluginHandler(entry));
  return handlers;
}

/** In the plugin's key order, without spreads: one object per hook at the live plugin's start-up, not three. */
function pluginHandler(entry: HookEntry): PluginHandler {
  const { event, matcher, source, where, handler } = entry;
  const replayed: PluginHandler = matcher !== undefined ? { event, matcher, source, where, handler } : { event, source, where, handler };
  if (entry.plugin) replayed.plugin = entry.plugin;
  if (entry.skill) replayed.skill = entry.skill;
  return replayed;
}

/**
 * The report in this checkout, under the switches of every file read: managed `disableAllHooks`
 * drops everything; otherwise managed hooks always run, and the others are dropped by managed
 * `allowManagedHooksOnly` (which spares the plugins managed `enabledPlugins` turns on) or by the
 * effective `disableAllHooks` of the other files.
 */
export function withDisableAllHooks(
  rows: readonly ReportRow[],
  switches: Pick<MergedHooks, "disableAllHooks" | "managedDisableAllHooks" | "allowManagedHooksOnly">,
): ReportRow[] {
  const drop = (row: ReportRow, why: string): ReportRow => ({ ...row, status: "dropped", notes: [why] });
  const { disableAllHooks, managedDisableAllHooks: managedOff, allowManagedHooksOnly: managedOnly } = switches;
  return rows.map((row) => {
    if (managedOff?.value) return drop(row, `disableAllHooks is true in ${managedOff.file}`);
    if (row.entry.source === "managed") return row;
    if (managedOnly?.value) {
      if (row.entry.plugin?.managed) return row;
      return drop(row, `allowManagedHooksOnly is true in ${managedOnly.file}: only managed hooks (and plugins managed settings enable) run`);
    }
    return disableAllHooks?.value ? drop(row, `disableAllHooks is true in ${disableAllHooks.file}`) : row;
  });
}

/**
 * An http hook whose URL allowedHttpHookUrls (the lists of every file read, merged, as the plugin and
 * the local hooks file merge them at load) does not allow never runs: Claude sends nothing, and
 * neither does the plugin (run/runners/http.ts).
 */
export function withHttpPolicy(rows: readonly ReportRow[], policy: HttpPolicy): ReportRow[] {
  return rows.map((row) => {
    if (row.status === "dropped" || row.entry.handler.type !== "http") return row;
    const refused = urlRefusal(row.entry.handler.url, policy);
    return refused === undefined ? row : { ...row, status: "dropped", notes: [`never sent: ${refused}; Claude Code skips it too`] };
  });
}

/**
 * What classify works out once per event, matcher or `if` rule, not once per hook: hooks share a few
 * of each, and the live plugin classifies them all at start-up. Each answer is pure in its key.
 */
interface ReachMemo {
  channels(event: HookEntry["event"]): string[];
  tools(matcher: string | undefined): Reach;
  lifecycle(event: HookEntry["event"]): (matcher: string | undefined) => ReturnType<typeof lifecycleReach>;
  ifRule(rule: string): ReturnType<typeof compileIfRule>;
}

function reachMemo(): ReachMemo {
  return {
    channels: memoized(channelsOf),
    tools: memoized(toolReach),
    lifecycle: memoized((event) => memoized((matcher) => lifecycleReach(event, matcher))),
    ifRule: memoized(compileIfRule),
  };
}

/** `full`: the report's row; otherwise only whether the hook is dropped is worked out (the rest stays empty). */
function classifyEntry(entry: HookEntry, door: Door, memo: ReachMemo, full: boolean): ReportRow {
  const hook = entry.handler;
  const row: ReportRow = { status: "translated", entry, label: full ? handlerLabel(hook) : "", notes: [], remarks: [] };
  const drop = (reason: string) => {
    row.status = "dropped";
    row.notes = [reason];
    return row;
  };
  if (entry.agent !== undefined)
    return drop(
      `in the definition of the Claude agent "${entry.agent}": Claude runs these only while that subagent runs, and OpenCode 1.18.33 does not run Claude agent definitions`,
    );
  if (!isReplayed(entry.event, door)) return drop(notReplayedReason(entry.event, door));
  if (full) row.channels = [...memo.channels(entry.event)];
  const info = eventInfo(entry.event);
  if (typeof hook.if === "string") {
    if (!info.toolEvent) return drop(`Claude Code never runs a hook with "if" on ${entry.event}`);
    const rule = memo.ifRule(hook.if);
    if (!rule.ok) return drop(`"if": ${rule.error}`);
  }
  if (info.toolEvent) {
    const reach = memo.tools(entry.matcher);
    if (reach.firesOn.length === 0)
      return drop(`matcher "${entry.matcher}" never fires in OpenCode: ${reach.deadNames.join("; ") || "it names no tool OpenCode has"}`);
    if (full) row.firesOn = reach.firesOn.join(", ");
    // `Edit|MultiEdit|Write` still fires on every file edit OpenCode makes: nothing is lost.
    if (full) row.remarks.push(...reach.deadNames);
  } else {
    const reach = memo.lifecycle(entry.event)(entry.matcher);
    if (reach.fires === false) return drop(`matcher "${entry.matcher}" never fires in OpenCode: ${reach.note}`);
    row.firesOn = reach.channels;
    if (full && reach.note) row.remarks.push(reach.note);
  }
  if (entry.plugin) {
    const options = optionNotes(hook, entry.plugin);
    if (options.refused) return drop(options.refused);
    for (const difference of options.differences) degrade(row, difference);
  }
  // Nothing below drops a hook.
  if (!full) return row;
  const runner = runnerFor(hook.type) as Runner;
  for (const difference of runner.differences?.(hook as never) ?? []) degrade(row, difference);
  row.remarks.push(...(runner.remarks?.(hook as never) ?? []));
  if (typeof hook.statusMessage === "string") row.remarks.push("statusMessage: shown as a toast while the hook runs (in the TUI)");
  if (hook.once === true && !entry.skill) row.remarks.push("once: Claude honours it only in skill frontmatter; in a settings file it is ignored, here too");
  if (entry.skill) row.remarks.push(...skillRemarks(entry.skill, hook.once === true));
  return row;
}

/** When a skill's hooks start, and what `disable-model-invocation` changes (OpenCode 1.18.33 does not read it). */
function skillRemarks(skill: NonNullable<HookEntry["skill"]>, once: boolean): string[] {
  const starts = `skill ${skill.name}: runs in a session once the skill started there (OpenCode's skill tool loaded it, or the user typed /${skill.name})${once ? ", once" : ""}`;
  if (!skill.userInvokedOnly) return [starts];
  return [
    starts,
    `disable-model-invocation: in Claude only the user's /${skill.name} starts this skill; OpenCode 1.18.33 ignores the field and lists the skill to the model, so this hook also starts when the model loads the skill, which Claude never does`,
  ];
}

function degrade(row: ReportRow, note: string): void {
  row.status = "degraded";
  row.notes.push(note);
}

export function channelsOf(event: HookEntry["event"]): string[] {
  return [...new Set((EVENT_MODULES.get(event) ?? []).map((module) => String(module.channel)))];
}

/** A lifecycle event's OpenCode channels, and whether its matcher names values OpenCode never produces. */
function lifecycleReach(event: HookEntry["event"], matcher: string | undefined): { channels: string; fires?: false; note?: string } {
  const modules = EVENT_MODULES.get(event) ?? [];
  const channels = channelsOf(event).join(", ");
  // Several modules replay one event (SessionStart on three channels): each value is named once.
  const possible = [...new Set(modules.flatMap((module) => module.matchValues ?? []))];
  const compiled = compileMatcher(eventInfo(event).matchField ? matcher : undefined, { narrow: eventInfo(event).narrowExact });
  if (possible.length === 0 || !compiled.ok || compiled.matcher.kind !== "exact") return { channels };
  const never = (compiled.matcher.names ?? []).filter((name) => !possible.includes(name));
  if (never.length === 0) return { channels };
  const note = `${event} ${eventInfo(event).matchField} is only ${possible.map((value) => `"${value}"`).join(", ")} in OpenCode; never ${never.map((value) => `"${value}"`).join(", ")}`;
  return never.length === compiled.matcher.names?.length ? { channels, fires: false, note } : { channels, note };
}

interface Reach {
  /** OpenCode tools (or groups of tools) the matcher fires on. */
  firesOn: string[];
  /** Names in an exact matcher that never fire here, with why. */
  deadNames: string[];
}

/** Which OpenCode tools a tool-event matcher fires on, and which of its exact names never fire. */
function toolReach(matcher: string | undefined): Reach {
  const compiled = compileMatcher(matcher);
  if (!compiled.ok) return { firesOn: [], deadNames: [] };
  const test = compiled.matcher;
  // An unanchored regex that matches "" (".*", "^", "x?") matches every name, MCP and custom tools too
  // (but "^$" only the empty one).
  const everyName = test.kind === "regex" && test.test("") && test.test("Bash") && test.test("mcp__any__tool");
  if (test.kind === "all" || everyName) return { firesOn: ["every tool"], deadNames: [] };
  const firesOn = TOOL_TABLE.filter((tool) => test.test(tool.claude)).map((tool) => tool.opencode);
  if (APPLY_PATCH_SHOWN_AS.some((name) => test.test(name))) firesOn.push(APPLY_PATCH);
  if (test.kind === "regex") {
    // MCP tool names are known only at runtime (from OpenCode's mcp config): a regex that mentions
    // mcp is said to reach them, one that does not is not (the report is a guide, not a promise).
    if (/mcp/.test(matcher ?? "")) firesOn.push("matching MCP tools");
    return { firesOn, deadNames: [] };
  }
  const deadNames: string[] = [];
  for (const name of test.names ?? []) {
    if (TOOL_TABLE.some((tool) => tool.claude === name)) continue;
    // MultiEdit, LS, ...: a name Claude Code 2.1.332 dropped never fires there either; nothing is lost here.
    if (REMOVED_TOOLS.includes(name)) deadNames.push(`${name} has no OpenCode counterpart, and Claude Code 2.1.332 no longer has it either`);
    else if (CLAUDE_ONLY_TOOLS.includes(name)) deadNames.push(`${name} has no OpenCode counterpart`);
    else if (name.startsWith("mcp__") && !name.slice(5).includes("__")) {
      deadNames.push(`${name} names an MCP server, not a tool, and matches nothing (Claude too); use ${name}__.*`);
    } else if (name.startsWith("mcp__")) firesOn.push(`MCP tool ${name}`);
    else firesOn.push(`custom tool ${name}`);
  }
  return { firesOn, deadNames };
}
