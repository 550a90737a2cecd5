// Claude's permission rules as OpenCode `permission` rules: each rule's OpenCode key and glob
// patterns, and how well OpenCode's glob says what Claude's matcher says (`same`, `narrower`: OpenCode
// matches fewer calls, `broader`: more). OpenCode takes the last rule that matches and asks when none
// does, so the rules come out ordered allow, then ask, then deny: the last match gives Claude's
// deny > ask > allow. An allow or deny rule is written only when OpenCode's glob is no broader than
// Claude's (the plugin enforces both exactly; the config must never allow or deny more); an ask rule
// is written whenever OpenCode can say it, since only OpenCode can raise its prompt (a broader ask on a
// call an allow rule allows is answered by the plugin). Pure.
// Sources: OpenCode 1.18.33 packages/opencode/src/permission/index.ts (evaluate: findLast, unmatched
// asks; fromConfig), src/util/wildcard.ts (`*` is `.*`, `?` is `.`, a trailing ` *` also matches the
// bare command), src/tool/{bash,read,edit,write,webfetch,task,skill}.ts (the patterns each tool asks
// with: bash each command as written, files relative to the worktree, webfetch the URL);
// https://code.claude.com/docs/en/permissions (#permission-rule-syntax, #read-and-edit, #working-directories).
import path from "node:path";
import { opencodeAgentName } from "../../schema/agents.js";
import type { PermissionRule, RuleList } from "../../schema/permissions/model.js";
import { parsePermissionRule } from "../../schema/permissions/rule-syntax.js";

export type OpencodeAction = "allow" | "ask" | "deny";

/** One rule of OpenCode's `permission` config: `{ [permission]: { [pattern]: action } }`. */
export interface OpencodeRule {
  permission: string;
  pattern: string;
  action: OpencodeAction;
}

/** How OpenCode's glob compares with Claude's matcher for the same rule. */
export type Cover = "same" | "narrower" | "broader";

export interface RuleMapping {
  /** Undefined: OpenCode's config cannot say this rule. */
  cover?: Cover;
  /** Key and patterns, before the action (the rule's list) is set. */
  targets: Array<{ permission: string; pattern: string }>;
  /** What OpenCode's glob misses or adds, or why it cannot say the rule. */
  how?: string;
}

/** Where the rules' paths start: OpenCode's file patterns are relative to its worktree (the git root). */
export interface MappingPlace {
  projectDir: string;
  worktree: string;
  home: string;
  /** `~/.claude` (or $CLAUDE_CONFIG_DIR): a user-settings `/path` rule is anchored there. */
  configDir: string;
}

const ACTION_ORDER: readonly RuleList[] = ["allow", "ask", "deny"];

/** Claude tools whose bare rule is one OpenCode permission key with pattern `*`, the same calls. */
const WHOLE_TOOL: Readonly<Record<string, string>> = {
  Bash: "bash",
  Read: "read",
  Edit: "edit",
  Glob: "glob",
  Grep: "grep",
  WebFetch: "webfetch",
  WebSearch: "websearch",
  Agent: "task",
  Skill: "skill",
  TodoWrite: "todowrite",
};

/** The Bash tool's input fields besides `command`: `Bash(timeout:30)` is a parameter rule. */
const BASH_PARAMS = new Set(["timeout", "description", "run_in_background", "dangerouslyDisableSandbox"]);

/** Claude's wrappers and prefixes it strips before matching a Bash rule (plugin/match/bash-command.ts): OpenCode matches the text as written. */
const WRAPPERS = /^(timeout|time|nice|nohup|stdbuf|command|builtin|noglob|xargs)\b/;

const BASH_LITERAL =
  "OpenCode matches each command as written: behind a wrapper (`timeout 5 …`, `nohup …`) or after a `VAR=value` it does not match, where Claude strips them";

/** The ordered OpenCode rules for Claude's rules: allow (then their guards), ask, deny; each list in settings order. */
export function opencodeRules(rules: readonly PermissionRule[], place: MappingPlace): OpencodeRule[] {
  const byList: Record<RuleList, OpencodeRule[]> = { allow: [], ask: [], deny: [] };
  const guards: OpencodeRule[] = [];
  for (const rule of rules) {
    const mapping = mapRule(rule, place);
    if (!written(rule.list, mapping)) continue;
    for (const target of mapping.targets) byList[rule.list].push({ ...target, action: rule.list });
    if (rule.list === "allow") guards.push(...dynamicGuards(mapping));
  }
  return ACTION_ORDER.flatMap((list) => (list === "ask" ? [...guards, ...byList.ask] : byList[list]));
}

/** Whether a rule goes into OpenCode's config: asks whenever OpenCode can say them, allow and deny only when no broader. */
export function written(list: RuleList, mapping: RuleMapping): boolean {
  if (mapping.cover === undefined || mapping.targets.length === 0) return false;
  return list === "ask" || mapping.cover !== "broader";
}

/** One Claude rule's OpenCode key and patterns. */
export function mapRule(rule: PermissionRule, place: MappingPlace): RuleMapping {
  const parsed = parsePermissionRule(rule.text);
  if (!parsed.ok) return { targets: [], how: parsed.error };
  const { tool, specifier } = parsed;
  if (parsed.toolGlob) return toolGlob(tool);
  if (tool.startsWith("mcp__")) return mcpRule(tool);
  if (specifier === undefined) {
    const key = WHOLE_TOOL[tool];
    if (key) return { cover: "same", targets: [{ permission: key, pattern: "*" }] };
    if (tool === "Write")
      return {
        cover: "broader",
        targets: [{ permission: "edit", pattern: "*" }],
        how: "OpenCode's one `edit` permission covers edit, write and apply_patch alike",
      };
    return { targets: [], how: `OpenCode has no permission key for ${tool}` };
  }
  const param = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/.exec(specifier)?.[1];
  if (param !== undefined && param !== "domain" && (tool !== "Bash" || BASH_PARAMS.has(param)))
    return { targets: [], how: "OpenCode's permission patterns cannot match one input parameter" };
  switch (tool) {
    case "Bash":
      return bashRule(specifier, rule.list);
    case "Read":
    case "Edit":
      return pathRule(tool, specifier, rule, place);
    case "WebFetch":
      return webFetchRule(specifier);
    case "Agent":
      return { cover: "same", targets: [{ permission: "task", pattern: opencodeAgentName(specifier) }] };
    case "Skill":
      return { cover: "same", targets: [{ permission: "skill", pattern: specifier }] };
    default:
      return { targets: [], how: `OpenCode asks ${tool} calls by no pattern this rule can name` };
  }
}

function toolGlob(tool: string): RuleMapping {
  if (tool === "*")
    return {
      cover: "broader",
      targets: [{ permission: "*", pattern: "*" }],
      how: "OpenCode's `*` key also covers its own checks (files outside the project, repeated calls)",
    };
  const mcp = /^mcp__([^*]+?)__(.*)$/.exec(tool);
  if (mcp) return { ...mcpTarget(mcp[1]!, mcp[2]!), cover: "broader", how: serverPrefixHow(mcp[1]!) };
  return { targets: [], how: "OpenCode's MCP tool ids have no common prefix: a glob over tool names is not expressible" };
}

/** `mcp__server__tool`, `mcp__server`: OpenCode's id is `<server>_<tool>`, each part with anything but [A-Za-z0-9_-] made `_` (mcp/catalog.ts). */
function mcpRule(tool: string): RuleMapping {
  const named = /^mcp__(.+?)__(.+)$/.exec(tool);
  if (named) return { ...mcpTarget(named[1]!, named[2]!), cover: "same" };
  const server = tool.slice("mcp__".length);
  return { ...mcpTarget(server, "*"), cover: "broader", how: serverPrefixHow(server) };
}

function mcpTarget(server: string, tool: string): Pick<RuleMapping, "targets"> {
  const sanitize = (text: string) => text.replace(/[^a-zA-Z0-9_*-]/g, "_");
  return { targets: [{ permission: `${sanitize(server)}_${sanitize(tool)}`, pattern: "*" }] };
}

function serverPrefixHow(server: string): string {
  return `OpenCode names MCP tools \`<server>_<tool>\`: the key also covers the tools of a server whose name starts with \`${server}_\``;
}

function bashRule(specifier: string, list: RuleList): RuleMapping {
  const pattern = specifier.endsWith(":*") ? `${specifier.slice(0, -2)} *` : specifier;
  const target = [{ permission: "bash", pattern }];
  // OpenCode's `?` is any one character; Claude's is a `?`.
  if (pattern.includes("?")) return { cover: "broader", targets: target, how: `${BASH_LITERAL}; OpenCode's \`?\` matches any one character` };
  if (list === "allow" && /[$`]/.test(pattern))
    return {
      cover: "broader",
      targets: target,
      how: "a `$` or backtick in an allow pattern cannot be kept apart from the commands Claude never allows by a pattern",
    };
  if (list === "allow" && WRAPPERS.test(pattern))
    return { cover: "broader", targets: target, how: "OpenCode would allow the command behind the wrapper too, which Claude checks on its own" };
  return { cover: "narrower", targets: target, how: BASH_LITERAL };
}

/**
 * An allow pattern must not let through what Claude never allows by a pattern: a command with `$(…)`,
 * backticks or `$VAR` (plugin/permissions/evaluate.ts). OpenCode's globs cannot exclude, so each `*` of
 * an allow pattern gets an `ask` twin with a `$` or a backtick inside it, after every allow rule.
 */
function dynamicGuards(mapping: RuleMapping): OpencodeRule[] {
  const guards: OpencodeRule[] = [];
  for (const { permission, pattern } of mapping.targets) {
    if (permission !== "bash" || pattern === "*") continue;
    const pieces = pattern.split("*");
    for (let star = 1; star < pieces.length; star++)
      for (const dynamic of ["$", "`"])
        guards.push({ permission, pattern: `${pieces.slice(0, star).join("*")}*${dynamic}*${pieces.slice(star).join("*")}`, action: "ask" });
  }
  return guards;
}

function webFetchRule(specifier: string): RuleMapping {
  if (!specifier.startsWith("domain:")) return { targets: [], how: "only `domain:` WebFetch rules have an OpenCode pattern" };
  const domain = specifier.slice("domain:".length).toLowerCase().replace(/\.$/, "");
  if (domain.startsWith("*.") || domain.includes("*"))
    return { targets: [], how: "OpenCode's `*` also crosses `/` in a URL: a wildcard host pattern would match other hosts' paths" };
  const targets = ["https", "http"]
    .flatMap((scheme) => [`${scheme}://${domain}`, `${scheme}://${domain}/*`])
    .map((pattern) => ({ permission: "webfetch", pattern }));
  return { cover: "narrower", targets, how: "a URL with a port, user info or capitals in the host is not matched by OpenCode's pattern" };
}

/**
 * A Read or Edit path rule: OpenCode's `read` and `edit` patterns are paths relative to its
 * worktree. Claude's gitignore-style pattern becomes OpenCode globs, the path and what is under it.
 * A Read deny or ask rule covers edits of the path too.
 */
function pathRule(tool: "Read" | "Edit", specifier: string, rule: PermissionRule, place: MappingPlace): RuleMapping {
  if (/[[{\\]/.test(specifier)) return { targets: [], how: "character classes, braces and escapes have no OpenCode equivalent" };
  const restricting = rule.list !== "allow";
  let anchor: string;
  let pattern: string;
  let anyDepth = false;
  if (specifier.startsWith("//")) [anchor, pattern] = ["/", specifier.slice(2)];
  else if (specifier.startsWith("~/")) [anchor, pattern] = [place.home, specifier.slice(2)];
  else if (specifier.startsWith("/")) [anchor, pattern] = [rule.source === "user" ? place.configDir : place.projectDir, specifier.slice(1)];
  else {
    anchor = place.projectDir;
    const anchored = specifier.startsWith("./");
    pattern = anchored ? specifier.slice(2) : specifier;
    anyDepth = !anchored && !pattern.replace(/\/$/, "").includes("/");
    // Deny and ask: a one-folder pattern (`secrets/**`) matches that folder at any depth.
    if (restricting && !anchored && /^[^/*?]+\/\*\*$/.test(pattern)) anyDepth = true;
  }
  if (pattern.endsWith("/")) pattern += "**";
  const prefix = path.relative(place.worktree, anchor).replaceAll("\\", "/");
  const join = (rest: string) => (prefix === "" ? rest : `${prefix}/${rest}`);
  const bodies = anyDepth ? [pattern, `**/${pattern}`] : [pattern];
  const globs = new Set<string>();
  for (const body of bodies)
    for (const variant of globstars(body)) for (const under of [variant, `${variant}/*`]) globs.add(join(under).replace(/\/\*\/\*$/, "/*"));
  const keys = tool === "Edit" ? ["edit"] : restricting ? ["read", "edit"] : ["read"];
  const targets = keys.flatMap((permission) => [...globs].map((glob) => ({ permission, pattern: glob })));
  const inSegment = pattern.split("/").some((segment) => segment !== "**" && /[*?]/.test(segment));
  const leadingStar = [...globs].some((glob) => glob.startsWith("*"));
  const how: string[] = [];
  if (inSegment) how.push("OpenCode's `*` and `?` also cross `/`");
  if (leadingStar) how.push("a leading `*` also matches files outside the project (OpenCode asks for those first)");
  if (tool === "Read") how.push("OpenCode asks grep and glob by their search pattern, not their folder: a search there is not covered");
  const cover: Cover = inSegment || leadingStar ? "broader" : tool === "Read" ? "narrower" : "same";
  return { cover, targets, ...(how.length > 0 ? { how: how.join("; ") } : {}) };
}

/** `**` segments as OpenCode globs: `a/**\/b` is `a/b` or `a/*\/b` (OpenCode's `*` crosses `/`). */
function globstars(pattern: string): string[] {
  let variants = [""];
  const segments = pattern.split("/");
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "**" && last) variants = variants.map((variant) => `${variant}*`);
    else if (segment === "**") variants = variants.flatMap((variant) => [variant, `${variant}*/`]);
    else variants = variants.map((variant) => `${variant}${segment}${last ? "" : "/"}`);
  });
  return variants.map((variant) => variant.replace(/\/$/, ""));
}

/** `additionalDirectories`: OpenCode's `external_directory` allows the folder and everything under it (relative to the project, `~/` home). */
export function directoryRules(directories: readonly string[], place: MappingPlace): OpencodeRule[] {
  return directories.flatMap((directory) => {
    const absolute = directory.startsWith("~/") ? path.join(place.home, directory.slice(2)) : path.resolve(place.projectDir, directory);
    const folder = absolute.replaceAll("\\", "/").replace(/\/$/, "");
    return [folder, `${folder}/*`].map((pattern): OpencodeRule => ({ permission: "external_directory", pattern, action: "allow" }));
  });
}

/** `defaultMode`: the OpenCode agent a session starts in, where one does the same thing. */
export function defaultAgentFor(mode: string | undefined): string | undefined {
  return mode === "plan" ? "plan" : undefined;
}
