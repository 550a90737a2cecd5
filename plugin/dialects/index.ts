// Every dialect by name: the one table the engine reads a hook's dialect from.
import type { DialectName } from "../../schema/dialects/agents.js";
import { CODEX } from "./codex/codex-dialect.js";
import { CURSOR } from "./cursor/cursor-dialect.js";
import { COPILOT } from "./copilot/copilot-dialect.js";
import type { Dialect } from "./dialect.js";
import { GEMINI } from "./gemini/gemini-dialect.js";

export type { Dialect, DialectFacts, ToolCallPlace } from "./dialect.js";

export const DIALECT_OF: Readonly<Record<DialectName, Dialect>> = { codex: CODEX, cursor: CURSOR, copilot: COPILOT, gemini: GEMINI };
