// Compiles the embedded handlers once, when OpenCode loads the plugin: matchers, `if` rules,
// timeouts and de-duplication keys are ready before the first tool call.
import { defaultTimeout, type EventName, eventInfo, isEventName } from "../schema/events.js";
import { dedupeKey, handlerLabel } from "../schema/handlers.js";
import type { Handler, PluginOrigin, SkillOrigin } from "../schema/types.js";
import type { PluginConfig, PluginHandler } from "./config.js";
import { type CompiledMatcher, compileMatcher } from "../schema/matcher.js";
import { memoized } from "../schema/memoized.js";
import { compileIfRule, type IfRule } from "./match/if-rule.js";
import { isDialectName, type DialectName } from "../schema/dialects/agents.js";
import { DIALECT_OF } from "./dialects/index.js";

export interface CompiledHandler {
  event: EventName;
  matcher: CompiledMatcher;
  /** The matcher as written (FileChanged also reads it as a list of file names to watch). */
  matcherText?: string;
  ifRule?: IfRule;
  handler: Handler;
  /** A Claude plugin's hook (config.ts). */
  plugin?: PluginOrigin;
  /** Where it was defined: a managed hook keeps running under a non-managed disableAllHooks. */
  source: PluginHandler["source"];
  /** A skill's hook: active in a session once the skill was loaded (events/skills.ts). */
  skill?: SkillOrigin;
  timeoutMs: number;
  /** Claude's de-duplication key: identical handlers from several files or groups run once. */
  key: string;
  /** Shown in hook error texts: `[<label>]`. */
  label: string;
  where: string;
  /** Another agent's hook, run with its contract (plugin/dialects/); absent for Claude's. */
  dialect?: DialectName;
  /** That agent's own name of the event: its stdin, matcher and output rules follow it (set with `dialect`). */
  agentEvent?: string;
  /** That agent's own per-hook fields (PluginHandler.agentOptions). */
  agentOptions?: Record<string, unknown>;
}

/**
 * Entries that are not well-formed (a hand-edited plugin, a broken local hooks file) are skipped,
 * one by one: nothing in them may keep the other hooks from running. `skipped` hears of each.
 */
export function compileHandlers(config: PluginConfig, skipped: (why: string) => void = () => {}): Map<EventName, CompiledHandler[]> {
  const byEvent = new Map<EventName, CompiledHandler[]>();
  // Hooks share a few matchers and rules: each is compiled once (500 hooks at the live plugin's start-up), its test shared.
  const compilers: Compilers = {
    narrowMatchers: memoized((matcher: string | undefined) => compileMatcher(matcher, { narrow: true })),
    wideMatchers: memoized((matcher: string | undefined) => compileMatcher(matcher, { narrow: false })),
    rules: memoized(compileIfRule),
  };
  for (const entry of Array.isArray(config.handlers) ? config.handlers : []) {
    let compiled: CompiledHandler | undefined;
    try {
      compiled = wellFormed(entry) ? compileHandler(entry, compilers) : undefined;
    } catch (error) {
      compiled = undefined;
      skipped(`${String((entry as { where?: unknown })?.where ?? "a hook")}: ${String(error)}`);
    }
    if (!compiled) continue;
    const list = byEvent.get(entry.event) ?? [];
    list.push(compiled);
    byEvent.set(entry.event, list);
  }
  return byEvent;
}

function wellFormed(entry: unknown): entry is PluginHandler {
  const candidate = entry as Partial<PluginHandler> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.event === "string" &&
    isEventName(candidate.event) &&
    typeof candidate.handler === "object" &&
    candidate.handler !== null &&
    typeof candidate.handler.type === "string" &&
    (candidate.matcher === undefined || typeof candidate.matcher === "string")
  );
}

interface Compilers {
  /** How the event reads a matcher (narrow or not) is part of what it compiles to. */
  narrowMatchers: (matcher: string | undefined) => ReturnType<typeof compileMatcher>;
  wideMatchers: (matcher: string | undefined) => ReturnType<typeof compileMatcher>;
  rules: (rule: string) => ReturnType<typeof compileIfRule>;
}

function compileHandler(entry: PluginHandler, compilers: Compilers): CompiledHandler | undefined {
  if (entry.dialect !== undefined) return compileDialectHandler(entry);
  const info = eventInfo(entry.event);
  const matcher = info.matchField ? entry.matcher : undefined;
  const matched = (info.narrowExact ? compilers.narrowMatchers : compilers.wideMatchers)(matcher);
  if (!matched.ok) return undefined; // convert rejects these; a hand-edited plugin must not crash OpenCode
  const { handler } = entry;
  let ifRule: IfRule | undefined;
  if (typeof handler.if === "string") {
    if (!info.toolEvent) return undefined; // Claude: a handler with `if` on a non-tool event never runs
    const rule = compilers.rules(handler.if);
    if (!rule.ok) return undefined;
    ifRule = rule.rule;
  }
  const seconds = typeof handler.timeout === "number" ? handler.timeout : defaultTimeout(entry.event, handler.type);
  const compiled: CompiledHandler = {
    event: entry.event,
    matcher: matched.matcher,
    handler,
    source: entry.source,
    timeoutMs: Math.min(seconds * 1000, 2 ** 31 - 1),
    // A plugin's (or a skill's) copy of a handler stays separate from an identical settings handler, as in Claude.
    key: entry.plugin || entry.skill ? `${dedupeKey(handler)}@${entry.plugin?.root ?? entry.skill?.root}` : dedupeKey(handler),
    label: handlerLabel(handler),
    where: entry.where,
  };
  // Set, not spread: one object per hook at the live plugin's start-up, not five.
  if (entry.matcher !== undefined) compiled.matcherText = entry.matcher;
  if (ifRule) compiled.ifRule = ifRule;
  if (isPluginOrigin(entry.plugin)) compiled.plugin = entry.plugin;
  if (typeof entry.skill?.name === "string" && typeof entry.skill.root === "string") compiled.skill = entry.skill;
  return compiled;
}

/** Another agent's hook: its matcher, timeout and identity as that agent reads them (no `if`, no plugin). */
function compileDialectHandler(entry: PluginHandler): CompiledHandler | undefined {
  if (!isDialectName(entry.dialect)) return undefined;
  const dialect = DIALECT_OF[entry.dialect];
  // The Claude-only runtime has no dialect: a hand-edited plugin naming one skips that hook.
  if (!dialect) return undefined;
  // An agent event not replayed on this engine event (a hand-edited plugin) never fires: agent-firings.ts.
  const agentEvent = typeof entry.agentEvent === "string" ? entry.agentEvent : entry.event;
  const matched = dialect.compileMatcher(agentEvent, entry.matcher);
  if (!matched.ok) return undefined;
  const written = entry.handler;
  // classify-dialect.ts reports the others; an mcp_tool hook runs as Claude's does, read by the dialect (runners/mcp-tool.ts).
  if (written.type !== "command" && (written.type !== "mcp_tool" || !dialect.mcpArguments)) return undefined;
  const options = entry.agentOptions && typeof entry.agentOptions === "object" ? entry.agentOptions : undefined;
  const handler = written.type === "command" ? dialect.spawned(written, options) : written;
  const seconds = dialect.timeoutSeconds(agentEvent, typeof handler.timeout === "number" ? handler.timeout : undefined);
  return {
    event: entry.event,
    matcher: matched.matcher,
    ...(entry.matcher !== undefined ? { matcherText: entry.matcher } : {}),
    handler,
    source: entry.source,
    timeoutMs: Math.min(seconds * 1000, 2 ** 31 - 1),
    // Every hook of every layer runs (https://developers.openai.com/codex/hooks): none is merged with another.
    key: `${dialect.name}@${entry.where}`,
    label: handlerLabel(written),
    where: entry.where,
    dialect: dialect.name,
    agentEvent,
    ...(options ? { agentOptions: options } : {}),
  };
}

const SESSION_END_BUDGET_MS = 1500;
const SESSION_END_MAX_MS = 60_000;
const SESSION_END_OVERRIDE_MAX_MS = 3_600_000;

/**
 * Claude's SessionEnd hooks share one short budget: 1.5 s, raised to the largest SessionEnd
 * `timeout` in the settings (at most 60 s); CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overrides it
 * (at most 1 h). Source: https://code.claude.com/docs/en/hooks#sessionend; the 1 h cap: Claude Code 2.1.332 bundle.
 */
export function sessionEndBudgetMs(handlers: readonly CompiledHandler[], override: string | undefined): number {
  const forced = override !== undefined && /^\s*\d+\s*$/.test(override) ? Number(override) : undefined;
  if (forced !== undefined && forced > 0) return Math.min(forced, SESSION_END_OVERRIDE_MAX_MS);
  const longest = Math.max(0, ...handlers.map(({ handler }) => (typeof handler.timeout === "number" ? handler.timeout * 1000 : 0)));
  return Math.min(Math.max(SESSION_END_BUDGET_MS, longest), SESSION_END_MAX_MS);
}

/** Every SessionEnd handler runs within the shared budget (they run in parallel). */
export function withSessionEndBudget(handlers: Map<EventName, CompiledHandler[]>, override: string | undefined): Map<EventName, CompiledHandler[]> {
  const ending = handlers.get("SessionEnd");
  if (!ending) return handlers;
  const budget = sessionEndBudgetMs(ending, override);
  return new Map([...handlers, ["SessionEnd", ending.map((handler) => ({ ...handler, timeoutMs: budget }))]]);
}

function isPluginOrigin(value: unknown): value is PluginOrigin {
  const origin = value as Partial<PluginOrigin> | undefined;
  return typeof origin?.root === "string" && typeof origin.data === "string" && typeof origin.id === "string";
}
