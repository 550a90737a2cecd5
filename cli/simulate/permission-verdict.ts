// Which of the carried permission rules decides one tool call, as the plugin's enforcement does
// (plugin/events/claude-permissions.ts): the tool given by Claude name (with Claude's input) or
// OpenCode id (with OpenCode's args); a call OpenCode makes for several files (apply_patch) is
// denied or asked by any of them, allowed only by all. `test --permissions --json` and `explain
// --tool --input` report it. Pure.
import { type CompiledPermissions, decidePermission } from "../../plugin/permissions/evaluate.js";
import { claudeCalls } from "../../plugin/tools/resolve-call.js";
import { APPLY_PATCH, byClaudeName, byOpencodeId } from "../../plugin/tools/table.js";
import { type RuleList, where } from "../../schema/permissions/model.js";

export interface CallVerdict {
  decision: RuleList;
  rule: string;
  where: string;
}

/** null: no rule matches, OpenCode's own permission check decides. */
export function callVerdict(rules: CompiledPermissions, tool: string, input: Record<string, unknown>, projectDir: string): CallVerdict | null {
  const opencodeId = byClaudeName(tool) === undefined && (byOpencodeId(tool) !== undefined || tool === APPLY_PATCH);
  const calls = opencodeId ? claudeCalls(tool, input, projectDir, []) : [{ toolName: tool, toolInput: input }];
  const verdicts = calls.map((call) => decidePermission(rules, { toolName: call.toolName, toolInput: call.toolInput, projectDir }));
  const verdict =
    verdicts.find((each) => each?.decision === "deny") ??
    verdicts.find((each) => each?.decision === "ask") ??
    (verdicts.length > 0 && verdicts.every((each) => each?.decision === "allow") ? verdicts[0] : undefined);
  return verdict ? { decision: verdict.decision, rule: verdict.rule.text, where: where(verdict.rule) } : null;
}

/** `denied by permissions.deny Read(./.env*) at .claude/settings.json:9:7`, or what happens when no rule matches. */
export function verdictText(verdict: CallVerdict | null): string {
  if (!verdict) return "no permission rule matches: OpenCode's own permission check decides";
  const verb = { deny: "denied", ask: "asked", allow: "allowed" }[verdict.decision];
  return `${verb} by permissions.${verdict.decision} ${verdict.rule} at ${verdict.where}`;
}
