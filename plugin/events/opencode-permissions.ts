// Claude's permission rules in OpenCode's own `permission` config, so that OpenCode asks where an ask
// rule matches (the plugin cannot raise OpenCode's prompt itself) and asks nothing where an allow
// rule allows: written into the live config OpenCode hands the `config` hook at start-up, ordered so
// OpenCode's last match gives Claude's deny > ask > allow; no file is touched. Deny and allow stay
// enforced by the plugin with Claude's matching (claude-permissions.ts); the config only adds what
// OpenCode's globs say no more broadly. `defaultMode: plan` starts sessions in OpenCode's plan agent;
// `additionalDirectories` become `external_directory` allow rules.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #permission-modes, #working-directories).
import { homedir } from "node:os";
import path from "node:path";
import { applyToConfig } from "../permissions/opencode-config.js";
import { defaultAgentFor, directoryRules, opencodeRules } from "../permissions/opencode-rules.js";
import { defineListener } from "./define-event.js";

export const writePermissionConfig = defineListener({
  name: "write Claude's permission rules into OpenCode's permission config",
  channel: "config",
  handle({ input }, runtime) {
    const compiled = runtime.permissions;
    const scalars = runtime.permissionScalars;
    if (!compiled && !scalars) return;
    const place = {
      projectDir: runtime.directory,
      // Without git OpenCode's worktree is `/`, and its file patterns are absolute paths without the leading slash.
      worktree: runtime.worktree ?? runtime.directory,
      home: homedir(),
      configDir: process.env.CLAUDE_CONFIG_DIR || path.join(homedir(), ".claude"),
    };
    const rules = compiled ? [...compiled.allow, ...compiled.ask, ...compiled.deny].map((each) => each.rule) : [];
    const written = [...directoryRules(scalars?.additionalDirectories ?? [], place), ...opencodeRules(rules, place)];
    const agent = defaultAgentFor(scalars?.defaultMode);
    applyToConfig(input, written, agent);
    runtime.opencodePermission = (input.permission as Record<string, unknown> | undefined) ?? {};
    if (written.length > 0 || agent)
      runtime.log("info", `OpenCode permission config: ${written.length} rules from Claude's permissions${agent ? `, default agent ${agent}` : ""}`);
  },
});
