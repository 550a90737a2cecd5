// The runner table: one module per Claude handler type. run-handlers.ts runs handlers through it and
// convert's classification reads it; a sixth type is its rows in schema/handlers.ts (its fields, label,
// key and default timeout, which validation needs too), one more module and one more row here.
import type { HandlerType } from "../../../schema/events.js";
import agent from "./agent.js";
import command from "./command.js";
import type { Runner } from "./define-runner.js";
import http from "./http.js";
import mcpTool from "./mcp-tool.js";
import prompt from "./prompt.js";

export const RUNNERS: { readonly [T in HandlerType]: Runner<T> } = {
  command,
  http,
  mcp_tool: mcpTool,
  prompt,
  agent,
};

export function runnerFor<T extends HandlerType>(type: T): Runner<T> {
  return RUNNERS[type];
}
