// What several events' `test` scenarios share: the meaning of a flag they give alike (`test --help`
// groups the events that give a flag the same text), the tool check, the subagent's child session.
// Data and pure helpers the runtime never reads (its bundle drops them), as scenario.ts.
import { AGENT_TABLE, DEFAULT_AGENT_TYPE, opencodeAgentName } from "../../schema/agents.js";
import type { FireOptions, FlagCheck, ScenarioStep } from "./scenario.js";

export const TOOL = "a Claude tool name (Bash, Edit, mcp__server__tool) or an OpenCode tool id (bash, edit)";
export const INPUT = "the tool input as JSON (Claude's snake_case for a Claude name), @FILE, or - for stdin";
export const RESULT = "the tool's result text";
export const TOOL_ERROR = "the tool's error (Bash without it: a non-zero exit)";
export const TYPED = "the prompt typed";
export const TURN_PROMPT = "the prompt of the turn that ended";
export const TASK_PROMPT = "the task's prompt";
export const LAST_MESSAGE = "the model's last answer (last_assistant_message)";
export const AGENT_TYPE = "the subagent's agent, Claude's name or OpenCode's (default general-purpose)";
export const LOOP = "the turn that ended is the continuation a Stop hook's block started (stop_hook_active: true)";

export const NEEDS_TOOL: FlagCheck = { flag: "tool", needed: "a Claude tool name like Bash, or an OpenCode tool id" };

/** The prompt typed, where the flags give none. */
export const typedPrompt = (options: FireOptions) => options.prompt ?? "(the prompt)";

/** --agent-type in Claude's names (general-purpose, Explore, Plan) or OpenCode's: the agent OpenCode runs. */
export const subagentOf = (options: FireOptions) => opencodeAgentName(options.agentType ?? DEFAULT_AGENT_TYPE);

/** The subagent's name in the report: as OpenCode titles its session. */
export const subagentSubject = (options: FireOptions) => `(@${subagentOf(options)} subagent)`;

export function checkAgentType(options: FireOptions): string | undefined {
  const agentType = options.agentType;
  if (agentType === undefined || (agentType.trim() !== "" && !agentType.includes(")"))) return undefined;
  const names = AGENT_TABLE.map((agent) => agent.claude).join(", ");
  return `--agent-type ${JSON.stringify(agentType)}: an agent's name (${names}, OpenCode's ${AGENT_TABLE.map((agent) => agent.opencode).join(", ")}, or one of your agents)`;
}

/** The subagent's child session starts, running the task's prompt. */
export function subagentStarts(options: FireOptions): ScenarioStep {
  const subagent = {
    agent: subagentOf(options),
    prompt: options.prompt ?? "(the task's prompt)",
    lastMessage: options.lastMessage ?? "(the subagent's answer)",
  };
  return { channel: "session.created", subagent };
}

/** OpenCode asks the user's permission for the tool call (its tool asks from inside, after tool.execute.before). */
export const askPermission = (): readonly ScenarioStep[] => [{ channel: "tool.execute.before" }, { channel: "permission.asked" }];
