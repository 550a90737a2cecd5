// How many hooks of each agent a set of compiled handlers holds, and how the live plugin's log and
// notices say it. Another agent's hook may ride on several engine events (one handler each): it is
// counted once, by where it is defined. Pure.
import { AGENT_NAMES, DIALECTS, type DialectName } from "../../schema/dialects/agents.js";
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";

export type Agent = "claude" | DialectName;

/** In report order: Claude Code first, then the agents as the table of dialects lists them. */
const ORDER: readonly Agent[] = ["claude", ...DIALECTS];

export function hookCounts(handlers: ReadonlyMap<EventName, readonly CompiledHandler[]>): Map<Agent, number> {
  let claude = 0;
  const agents = new Map<DialectName, Set<string>>();
  for (const list of handlers.values())
    for (const handler of list) {
      if (handler.dialect === undefined) claude++;
      else agents.set(handler.dialect, (agents.get(handler.dialect) ?? new Set()).add(handler.where));
    }
  const counts = new Map<Agent, number>();
  for (const agent of ORDER) {
    const count = agent === "claude" ? claude : (agents.get(agent)?.size ?? 0);
    if (count > 0) counts.set(agent, count);
  }
  return counts;
}

export function total(counts: ReadonlyMap<Agent, number>): number {
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}

/** What `before` holds that `after` does not, per agent. */
export function minus(before: ReadonlyMap<Agent, number>, after: ReadonlyMap<Agent, number>): Map<Agent, number> {
  const left = new Map<Agent, number>();
  for (const [agent, count] of before) if (count - (after.get(agent) ?? 0) > 0) left.set(agent, count - (after.get(agent) ?? 0));
  return left;
}

/** `1 Claude Code hook`, `2 Claude Code hooks and 1 Gemini CLI hook`. */
export function hooksOf(counts: ReadonlyMap<Agent, number>): string {
  const parts = [...counts].map(([agent, count]) => `${count} ${AGENT_NAMES[agent]} hook${count === 1 ? "" : "s"}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "0 hooks");
}

/** `1 Claude Code hook is`, `2 Claude Code hooks and 1 Gemini CLI hook are`: the subject of a notice. */
export function hooksAre(counts: ReadonlyMap<Agent, number>): string {
  return `${hooksOf(counts)} ${total(counts) === 1 ? "is" : "are"}`;
}

/** `: 2 Claude Code, 1 Gemini CLI` when another agent's hook is among them; nothing for Claude's alone (the log line as it always was). */
export function byAgent(counts: ReadonlyMap<Agent, number>): string {
  if (![...counts.keys()].some((agent) => agent !== "claude")) return "";
  return `: ${[...counts].map(([agent, count]) => `${count} ${AGENT_NAMES[agent]}`).join(", ")}`;
}
