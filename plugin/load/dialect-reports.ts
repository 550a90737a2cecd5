// Every agent's report rules by name (dialect-report.ts): the one table classify-dialect.ts reads.
import type { DialectName } from "../../schema/dialects/agents.js";
import { CODEX_REPORT } from "./codex-report.js";
import { CURSOR_REPORT } from "./cursor-report.js";
import { COPILOT_REPORT } from "./copilot-report.js";
import type { DialectReport } from "./dialect-report.js";
import { GEMINI_REPORT } from "./gemini-report.js";

export const DIALECT_REPORTS: Readonly<Record<DialectName, DialectReport>> = {
  codex: CODEX_REPORT,
  cursor: CURSOR_REPORT,
  copilot: COPILOT_REPORT,
  gemini: GEMINI_REPORT,
};
