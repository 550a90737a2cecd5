// No agent's events: what AGENT_DECISIONS is in the runtime of a project whose hooks are all Claude's
// (scripts/bundle-runtime.js builds that runtime with this module in place of agent-decisions.ts).
import type { DialectName } from "../../schema/dialects/agents.js";
import type { AgentEvents } from "./agent-events.js";

export const AGENT_DECISIONS: Readonly<Partial<Record<DialectName, AgentEvents>>> = {};
