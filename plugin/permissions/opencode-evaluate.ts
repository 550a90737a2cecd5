// What OpenCode's own permission check answers for one (permission, pattern), from its `permission`
// config as the plugin wrote it: the build agent's rules (OpenCode's defaults, then the config's),
// the last that matches, `ask` when none does. The plugin asks it whether OpenCode will put a call
// a Claude ask rule matched to the user; where OpenCode would not, the plugin makes it (ask-user.ts).
// Source: OpenCode 1.18.33 packages/opencode/src/util/wildcard.ts (match), src/permission/index.ts
// (fromConfig, evaluate), src/agent/agent.ts (the defaults). Pure.
import { lastMatching, type PermissionAction, type PermissionRule } from "../match/opencode-permission-rules.js";

/** OpenCode's defaults for every agent, then what the build agent adds (agent.ts). */
const DEFAULTS: Record<string, unknown> = {
  "*": "allow",
  doom_loop: "ask",
  external_directory: { "*": "ask" },
  question: "deny",
  plan_enter: "deny",
  plan_exit: "deny",
  read: { "*": "allow", "*.env": "ask", "*.env.*": "ask", "*.env.example": "allow" },
};
const BUILD: Record<string, unknown> = { question: "allow", plan_enter: "allow" };

function fromConfig(permission: Record<string, unknown>): PermissionRule[] {
  return Object.entries(permission).flatMap(([key, value]) =>
    typeof value === "string"
      ? [{ permission: key, pattern: "*", action: value as PermissionAction }]
      : Object.entries((value ?? {}) as Record<string, PermissionAction>).map(([pattern, action]) => ({ permission: key, pattern, action })),
  );
}

/** OpenCode's answer for one pattern of a call, with the build agent's rules. */
export function opencodeAction(config: Record<string, unknown>, permission: string, pattern: string): string {
  const rules = [...fromConfig(DEFAULTS), ...fromConfig(BUILD), ...fromConfig(config)];
  return lastMatching(rules, permission, pattern)?.action ?? "ask";
}
