// Decides, per hook of another agent, what the plugin does with it (translated, degraded, dropped
// with the reason), and the handlers it embeds: one per engine event the hook's event rides on, each
// carrying the agent's own event name. Read from the same tables the runtime uses (which events ride
// where: decide/agent-decisions.ts) and the agent's report rules (dialect-reports.ts). Pure.
import type { AgentHook, AgentHooks } from "../../schema/dialects/agent-hooks.js";
import { AGENT_NAMES, type DialectName } from "../../schema/dialects/agents.js";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { EventName } from "../../schema/events.js";
import type { HookEntry } from "../../schema/types.js";
import type { PluginHandler } from "../config.js";
import { AGENT_DECISIONS } from "../decide/agent-decisions.js";
import { channelsOf, type ReportRow } from "./classify.js";
import { DIALECT_REPORTS } from "./dialect-reports.js";

export interface DialectClassification {
  rows: ReportRow[];
  handlers: PluginHandler[];
  diagnostics: Diagnostic[];
}

export function classifyDialect(agent: DialectName, read: AgentHooks): DialectClassification {
  const result: DialectClassification = { rows: [], handlers: [], diagnostics: [] };
  const report = DIALECT_REPORTS[agent];
  for (const hook of read.hooks) {
    const engines = Object.keys(AGENT_DECISIONS[agent][hook.event] ?? {}) as EventName[];
    // A row of an event that rides on no engine event shows the agent's own name (HookEntry.agentEvent).
    const common = {
      ...(hook.timeout !== undefined ? { timeout: hook.timeout } : {}),
      ...(hook.statusMessage !== undefined ? { statusMessage: hook.statusMessage } : {}),
    };
    const entry: HookEntry = {
      event: engines[0] ?? (hook.event as EventName),
      ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
      handler: hook.mcp
        ? { type: "mcp_tool", server: hook.mcp.server, tool: hook.mcp.tool, input: hook.mcp.input, ...common }
        : {
            type: "command",
            command: hook.command ?? "",
            ...common,
            // Started and not awaited; the dialect says what its output gives the model (Dialect.background).
            ...(hook.async ? { async: true } : {}),
          },
      source: hook.layer,
      where: hook.where,
      dialect: agent,
      ...(hook.event !== engines[0] ? { agentEvent: hook.event } : {}),
    };
    const label = hook.mcp ? `${hook.mcp.server}/${hook.mcp.tool}` : hook.type === "command" ? (hook.command ?? "") : `${hook.type} hook`;
    const dropped =
      engines.length === 0
        ? (report.notReplayed[hook.event] ?? `${AGENT_NAMES[agent]}'s ${hook.event} is not replayed yet`)
        : report.droppedBecause(hook, read);
    if (dropped) {
      result.rows.push({ status: "dropped", entry, label, notes: [dropped], remarks: [] });
      continue;
    }
    const degraded = report.degradedBecause?.(hook) ?? [];
    result.rows.push({
      status: degraded.length > 0 ? "degraded" : "translated",
      entry,
      label,
      notes: degraded,
      remarks: report.remarks(hook),
      firesOn: [...new Set(engines.map((engine) => report.firesOn(hook, engine)))].join("; "),
      channels: [...new Set(engines.flatMap(channelsOf))],
    });
    for (const engine of engines) result.handlers.push(handlerOf(hook, engine, entry));
  }
  return result;
}

function handlerOf(hook: AgentHook, engine: EventName, entry: HookEntry): PluginHandler {
  return {
    event: engine,
    ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
    source: hook.layer,
    where: hook.where,
    handler: entry.handler,
    dialect: entry.dialect!,
    ...(hook.event !== engine ? { agentEvent: hook.event } : {}),
    ...(hook.options ? { agentOptions: hook.options } : {}),
  };
}
