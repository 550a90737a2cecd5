// Claude's permission rules -> the ordered rules the plugin writes into OpenCode's `permission`
// config -> what OpenCode itself then decides, with a copy of OpenCode 1.18.33's own evaluation:
// packages/opencode/src/util/wildcard.ts (Wildcard.match), src/permission/index.ts (fromConfig,
// evaluate: the last matching rule, unmatched asks; Permission.ask: every pattern of a call, a deny
// denies, all allowed asks nothing; disabled: a tool whose last rule is `*` deny is hidden) and
// src/agent/agent.ts (the build agent's ruleset: OpenCode's defaults, then the config's). Claude's
// own decision for the same call comes from the plugin's engine (plugin/permissions/evaluate.ts).
import { describe, expect, it } from "vitest";
import { compilePermissions, decidePermission } from "../../plugin/permissions/evaluate.js";
import { applyToConfig, withClaudeRules } from "../../plugin/permissions/opencode-config.js";
import { opencodeAction } from "../../plugin/permissions/opencode-evaluate.js";
import { defaultAgentFor, directoryRules, mapRule, type MappingPlace, opencodeRules } from "../../plugin/permissions/opencode-rules.js";
import type { PermissionRule, RuleList } from "../../schema/permissions/model.js";
import { carriedScalars, mergeScalars } from "../../schema/permissions/scalars.js";
import type { SourceKind } from "../../schema/types.js";

// --- OpenCode 1.18.33, copied from the bundled source named above ---------------------------------
interface Rule {
  permission: string;
  pattern: string;
  action: string;
}

function wildcardMatch(text: string, pattern: string): boolean {
  const str = text.replaceAll("\\", "/");
  let escaped = pattern
    .replaceAll("\\", "/")
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  if (escaped.endsWith(" .*")) escaped = escaped.slice(0, -3) + "( .*)?";
  return new RegExp("^" + escaped + "$", "s").test(str);
}

function fromConfig(permission: Record<string, unknown>): Rule[] {
  const rules: Rule[] = [];
  for (const [key, value] of Object.entries(permission)) {
    if (typeof value === "string") rules.push({ permission: key, action: value, pattern: "*" });
    else rules.push(...Object.entries(value as Record<string, string>).map(([pattern, action]) => ({ permission: key, pattern, action })));
  }
  return rules;
}

function evaluate(permission: string, pattern: string, ruleset: Rule[]): string {
  return ruleset.findLast((rule) => wildcardMatch(permission, rule.permission) && wildcardMatch(pattern, rule.pattern))?.action ?? "ask";
}

/** Permission.ask: each pattern of the call; any deny denies, all allowed asks nothing, else the user is asked. */
function opencodeDecides(permission: string, patterns: string[], ruleset: Rule[]): string {
  let ask = false;
  for (const pattern of patterns) {
    const action = evaluate(permission, pattern, ruleset);
    if (action === "deny") return "deny";
    if (action !== "allow") ask = true;
  }
  return ask ? "ask" : "allow";
}

/** Permission.disabled: tools hidden from the model. */
function hidden(tool: string, ruleset: Rule[]): boolean {
  const key = ["edit", "write", "apply_patch"].includes(tool) ? "edit" : tool;
  const last = ruleset.findLast((rule) => wildcardMatch(key, rule.permission));
  return last?.pattern === "*" && last.action === "deny";
}

/** The build agent's ruleset (agent.ts), for a config `permission` as plugins see it (config.ts turns `"allow"` into `{"*": "allow"}`). */
function buildAgentRuleset(permission: Record<string, unknown>): Rule[] {
  const defaults = fromConfig({
    "*": "allow",
    doom_loop: "ask",
    external_directory: { "*": "ask" },
    question: "deny",
    plan_enter: "deny",
    plan_exit: "deny",
    read: { "*": "allow", "*.env": "ask", "*.env.*": "ask", "*.env.example": "allow" },
  });
  return [...defaults, ...fromConfig({ question: "allow", plan_enter: "allow" }), ...fromConfig(permission)];
}
// ---------------------------------------------------------------------------------------------------

const ROOT = "/work/project";
const PLACE: MappingPlace = { projectDir: ROOT, worktree: ROOT, home: "/home/me", configDir: "/home/me/.claude" };

function rule(list: RuleList, text: string, source: SourceKind = "project"): PermissionRule {
  return { list, text, source, file: source === "local" ? ".claude/settings.local.json" : ".claude/settings.json", line: 1, column: 7 };
}

/** OpenCode's decision once the plugin wrote `rules` into a config whose `permission` was `user`. */
function opencodeOutcome(rules: PermissionRule[], user: unknown, permission: string, patterns: string[], place = PLACE): string {
  const config: Record<string, unknown> = { permission: user };
  applyToConfig(config, opencodeRules(rules, place));
  return opencodeDecides(permission, patterns, buildAgentRuleset(config.permission as Record<string, unknown>));
}

function claudeOutcome(rules: PermissionRule[], toolName: string, toolInput: Record<string, unknown>): string {
  return decidePermission(compilePermissions(rules, { configDir: PLACE.configDir }), { toolName, toolInput, projectDir: ROOT })?.decision ?? "none";
}

describe("Claude's rules -> ordered OpenCode rules", () => {
  it("come out allow, then the allow rules' guards, then ask, then deny, whatever the settings order", () => {
    const rules = [rule("deny", "Bash(rm *)"), rule("ask", "Bash(git push *)"), rule("allow", "Bash(git *)")];
    expect(opencodeRules(rules, PLACE)).toEqual([
      { permission: "bash", pattern: "git *", action: "allow" },
      { permission: "bash", pattern: "git *$*", action: "ask" },
      { permission: "bash", pattern: "git *`*", action: "ask" },
      { permission: "bash", pattern: "git push *", action: "ask" },
      { permission: "bash", pattern: "rm *", action: "deny" },
    ]);
  });

  it.each([
    ["Bash", "bash", ["*"]],
    ["Bash(npm run test:*)", "bash", ["npm run test *"]],
    ["Read(./.env)", "read", [".env", ".env/*"]],
    // In ask and deny rules a one-folder pattern matches that folder at any depth.
    ["Edit(src/**)", "edit", ["src/*", "*/src/*"]],
    ["Edit(./src/**)", "edit", ["src/*"]],
    ["Edit(/docs/*.md)", "edit", ["docs/*.md", "docs/*.md/*"]],
    ["Edit(//etc/hosts)", "edit", ["../../etc/hosts", "../../etc/hosts/*"]],
    ["WebFetch(domain:example.com)", "webfetch", ["https://example.com", "https://example.com/*", "http://example.com", "http://example.com/*"]],
    ["mcp__github__get_issue", "github_get_issue", ["*"]],
    ["mcp__github", "github_*", ["*"]],
    ["Agent(Explore)", "task", ["explore"]],
  ])("%s -> %s %j", (text, permission, patterns) => {
    const mapping = mapRule(rule("ask", text), PLACE);
    expect(mapping.targets.filter((target) => target.permission === permission).map((target) => target.pattern)).toEqual(patterns);
  });

  it.each([
    ["Bash(timeout:30)", "one input parameter"],
    ["Read(src/[ab].ts)", "character classes"],
    ["WebFetch(domain:*.example.com)", "crosses `/`"],
    ["mcp__*", "no common prefix"],
    ["NotebookEdit", "no permission key"],
  ])("%s has no OpenCode pattern (%s)", (text, why) => {
    const mapping = mapRule(rule("ask", text), PLACE);
    expect(mapping.cover).toBeUndefined();
    expect(mapping.how).toContain(why);
  });

  it("file patterns are relative to OpenCode's worktree: a project in a subfolder of the git root, or no git (worktree /)", () => {
    const sub = { ...PLACE, worktree: "/work" };
    expect(mapRule(rule("ask", "Read(./.env)"), sub).targets.map((target) => target.pattern)).toContain("project/.env");
    const none = { ...PLACE, worktree: "/" };
    expect(mapRule(rule("ask", "Edit(./src/**)"), none).targets.map((target) => target.pattern)).toEqual(["work/project/src/*"]);
  });

  it("an allow or deny rule OpenCode would say more broadly is left to the plugin; an ask rule is written anyway", () => {
    const broad = [rule("allow", "Edit(src/*.ts)"), rule("deny", "Read(*.key)"), rule("allow", "Bash(timeout *)"), rule("ask", "Edit(src/*.ts)")];
    expect(opencodeRules(broad, PLACE)).toEqual([
      { permission: "edit", pattern: "src/*.ts", action: "ask" },
      { permission: "edit", pattern: "src/*.ts/*", action: "ask" },
    ]);
  });
});

describe("OpenCode's own outcome with the rules written, against Claude's", () => {
  const USER_ALLOWS = { "*": "allow" };
  const cases: Array<[what: string, rules: PermissionRule[], user: unknown, permission: string, patterns: string[], opencode: string]> = [
    ["an ask rule asks though the user's config allows everything", [rule("ask", "Bash(git push *)")], USER_ALLOWS, "bash", ["git push origin main"], "ask"],
    ["an ask rule leaves other commands to the user's config", [rule("ask", "Bash(git push *)")], USER_ALLOWS, "bash", ["git status"], "allow"],
    ["ask beats allow", [rule("allow", "Bash(git *)"), rule("ask", "Bash(git push *)")], { bash: "ask" }, "bash", ["git push"], "ask"],
    [
      "allow answers where the user's config asks",
      [rule("allow", "Bash(git *)"), rule("ask", "Bash(git push *)")],
      { bash: "ask" },
      "bash",
      ["git log"],
      "allow",
    ],
    [
      "a compound command with an asked subcommand is asked",
      [rule("allow", "Bash(git status *)"), rule("ask", "Bash(git push *)")],
      { bash: "ask" },
      "bash",
      ["git status", "git push"],
      "ask",
    ],
    [
      "a compound command wholly allowed runs unasked",
      [rule("allow", "Bash(git status *)"), rule("allow", "Bash(npm test *)")],
      { bash: "ask" },
      "bash",
      ["git status", "npm test"],
      "allow",
    ],
    [
      "deny in settings.local.json beats allow in the project",
      [rule("allow", "Bash(git push *)"), rule("deny", "Bash(git push *)", "local")],
      USER_ALLOWS,
      "bash",
      ["git push"],
      "deny",
    ],
    ["deny beats ask", [rule("deny", "Bash(git push *)"), rule("ask", "Bash(git *)")], USER_ALLOWS, "bash", ["git push --force"], "deny"],
    [
      "an allow pattern never allows a command with $VAR (Claude's rule)",
      [rule("allow", "Bash(git push *)")],
      { bash: "ask" },
      "bash",
      ["git push $REMOTE"],
      "ask",
    ],
    ["nor one with a backtick substitution", [rule("allow", "Bash(echo *)")], { bash: "ask" }, "bash", ["echo `id`"], "ask"],
    [
      "Claude's rule beats the user's own OpenCode rule for the same command",
      [rule("ask", "Bash(git push *)")],
      { bash: { "git push *": "allow" } },
      "bash",
      ["git push"],
      "ask",
    ],
    [
      "also when the user wrote the same pattern before a wider one",
      [rule("ask", "Bash(git push *)")],
      { bash: { "git push *": "allow", "*": "allow" } },
      "bash",
      ["git push"],
      "ask",
    ],
    [
      "even when the user's wildcard key came after theirs",
      [rule("ask", "Bash(git push *)")],
      { bash: { "*": "allow" }, "*": "allow" },
      "bash",
      ["git push"],
      "ask",
    ],
    ["a Read ask rule asks for the file at the project root", [rule("ask", "Read(./secrets.txt)")], USER_ALLOWS, "read", ["secrets.txt"], "ask"],
    ["and for its edits (a Read restriction covers edits)", [rule("ask", "Read(./secrets.txt)")], USER_ALLOWS, "edit", ["secrets.txt"], "ask"],
    ["an Edit ask rule on a folder asks below it", [rule("ask", "Edit(src/**)")], USER_ALLOWS, "edit", ["src/a/b.ts"], "ask"],
    ["and not beside it", [rule("ask", "Edit(src/**)")], USER_ALLOWS, "edit", ["lib/b.ts"], "allow"],
    ["a Read allow rule lifts OpenCode's own .env ask", [rule("allow", "Read(./.env)")], USER_ALLOWS, "read", [".env"], "allow"],
    [
      "a WebFetch domain ask rule asks for that host",
      [rule("ask", "WebFetch(domain:example.com)")],
      USER_ALLOWS,
      "webfetch",
      ["https://example.com/page"],
      "ask",
    ],
    [
      "and not for a host that only starts like it",
      [rule("ask", "WebFetch(domain:example.com)")],
      USER_ALLOWS,
      "webfetch",
      ["https://example.com.evil.io/"],
      "allow",
    ],
    [
      "an MCP server ask beats an allow of one of its tools",
      [rule("allow", "mcp__github__get_issue"), rule("ask", "mcp__github")],
      USER_ALLOWS,
      "github_get_issue",
      ["*"],
      "ask",
    ],
    ["an MCP tool allow lifts the user's MCP ask", [rule("allow", "mcp__github__get_issue")], { github_get_issue: "ask" }, "github_get_issue", ["*"], "allow"],
  ];

  it.each(cases)("%s", (_what, rules, user, permission, patterns, expected) => {
    expect(opencodeOutcome(rules, user, permission, patterns)).toBe(expected);
  });

  it.each(cases)("the plugin's own reading of OpenCode's check agrees: %s", (_what, rules, user, permission, patterns) => {
    const config: Record<string, unknown> = { permission: user };
    applyToConfig(config, opencodeRules(rules, PLACE));
    const written = config.permission as Record<string, unknown>;
    for (const pattern of patterns) expect(opencodeAction(written, permission, pattern)).toBe(evaluate(permission, pattern, buildAgentRuleset(written)));
  });

  it.each([
    ["git push origin main", "ask"],
    ["git status && git push", "ask"],
    ["git log", "allow"],
    ["rm -rf build", "deny"],
  ])("Bash %s: Claude and OpenCode agree (%s)", (command, expected) => {
    const rules = [rule("allow", "Bash(git *)"), rule("ask", "Bash(git push *)"), rule("deny", "Bash(rm *)", "local")];
    expect(claudeOutcome(rules, "Bash", { command })).toBe(expected);
    // OpenCode's bash tool asks with each command of the line as written.
    expect(opencodeOutcome(rules, { bash: "ask" }, "bash", command.split(" && "))).toBe(expected);
  });

  it("a bare deny hides the tool from the model, as Claude removes it", () => {
    const config: Record<string, unknown> = { permission: { "*": "allow" } };
    applyToConfig(config, opencodeRules([rule("deny", "Bash"), rule("ask", "Bash(git push *)")], PLACE));
    const ruleset = buildAgentRuleset(config.permission as Record<string, unknown>);
    expect(hidden("bash", ruleset)).toBe(true);
    expect(hidden("read", ruleset)).toBe(false);
  });
});

describe("the user's config around Claude's rules", () => {
  it("keeps the user's keys and patterns, in their order, before Claude's; the input is not changed", () => {
    const user = { read: { "*": "allow" }, bash: { "npm *": "allow", "git push *": "deny" }, edit: "ask" };
    const before = JSON.stringify(user);
    const merged = withClaudeRules(user, [{ permission: "bash", pattern: "git push *", action: "ask" }]);
    expect(JSON.stringify(user)).toBe(before);
    expect(Object.keys(merged)).toEqual(["read", "edit", "bash"]);
    expect(Object.entries(merged.bash!)).toEqual([
      ["npm *", "allow"],
      ["git push *", "ask"],
    ]);
  });

  it("a user's string value becomes its `*` pattern, first", () => {
    expect(withClaudeRules({ bash: "ask" }, [{ permission: "bash", pattern: "npm test", action: "allow" }])).toEqual({
      bash: { "*": "ask", "npm test": "allow" },
    });
    expect(withClaudeRules("allow", [{ permission: "bash", pattern: "npm test", action: "ask" }])).toEqual({ "*": "allow", bash: { "npm test": "ask" } });
  });
});

describe("defaultMode and additionalDirectories", () => {
  it("additionalDirectories: OpenCode's external_directory allows the folder and what is under it; other folders are still asked", () => {
    const config: Record<string, unknown> = { permission: {} };
    applyToConfig(config, directoryRules(["../shared", "~/notes/"], PLACE));
    const ruleset = buildAgentRuleset(config.permission as Record<string, unknown>);
    // OpenCode asks external_directory with the file's folder and `/*` (tool/external-directory.ts).
    expect(opencodeDecides("external_directory", ["/work/shared/docs/*"], ruleset)).toBe("allow");
    expect(opencodeDecides("external_directory", ["/home/me/notes/*"], ruleset)).toBe("allow");
    expect(opencodeDecides("external_directory", ["/work/other/*"], ruleset)).toBe("ask");
  });

  it("defaultMode plan starts sessions in OpenCode's plan agent, unless the user chose a default agent", () => {
    expect(defaultAgentFor("plan")).toBe("plan");
    for (const mode of ["default", "acceptEdits", "bypassPermissions", "dontAsk", "auto"]) expect(defaultAgentFor(mode)).toBeUndefined();
    const config: Record<string, unknown> = {};
    applyToConfig(config, [], "plan");
    expect(config.default_agent).toBe("plan");
    const chosen: Record<string, unknown> = { default_agent: "build" };
    applyToConfig(chosen, [], "plan");
    expect(chosen.default_agent).toBe("build");
  });

  it("the plugin carries the defaultMode of the highest-ranked committed file, the local file's in the local hooks file; directories add up", () => {
    const at = (source: SourceKind, value: string) => ({ value, source, file: "f", line: 1, column: 1 });
    const settings = {
      rules: [],
      defaultMode: [at("user", "acceptEdits"), at("managed", "plan"), at("project", "default"), at("local", "dontAsk")],
      additionalDirectories: [at("user", "~/notes"), at("project", "../shared"), at("local", "/tmp/mine")],
      disableBypassPermissionsMode: [],
    };
    const shared = carriedScalars(settings, false);
    const mine = carriedScalars(settings, true);
    expect(shared).toEqual({ defaultMode: "plan", defaultModeOutranksLocal: true, additionalDirectories: ["~/notes", "../shared"] });
    expect(mine).toEqual({ defaultMode: "dontAsk", additionalDirectories: ["/tmp/mine"] });
    expect(carriedScalars({ ...settings, defaultMode: [], additionalDirectories: [] }, false)).toBeUndefined();
    // Managed outranks settings.local.json; the project's does not.
    expect(mergeScalars(shared, mine)).toEqual({ defaultMode: "plan", additionalDirectories: ["~/notes", "../shared", "/tmp/mine"] });
    const projectOnly = carriedScalars({ ...settings, defaultMode: settings.defaultMode.filter((mode) => mode.source !== "managed") }, false);
    expect(projectOnly?.defaultModeOutranksLocal).toBeUndefined();
    expect(mergeScalars(projectOnly, mine)?.defaultMode).toBe("dontAsk");
  });
});
