// Which permission OpenCode's tool asks for a call, and with what pattern: a session rule that asks
// for that permission and pattern makes OpenCode put the call to the user (the last matching rule
// wins, and one pattern that asks is enough). Exact where the pattern is certain, else `*` for the
// permission (every pattern), and `never` for calls OpenCode asks nothing about.
// Source: OpenCode 1.18.33 bundle, each tool's `ctx.ask({ permission, patterns })` (anomalyco/opencode
// packages/opencode/src/tool/*.ts, session/tools.ts for MCP tools).
import path from "node:path";
import { bashAsk } from "./bash-permission.js";

export type PermissionTarget = { kind: "rule"; permission: string; pattern: string; exact: boolean } | { kind: "never"; why: string };

export interface TargetContext {
  /** OpenCode's instance directory (relative paths are joined to it). */
  directory: string;
  /** OpenCode's worktree (the git root, or "/"): file patterns are relative to it. */
  worktree: string;
  /** OpenCode's `shell` setting: PowerShell and cmd commands are parsed another way. */
  shell?: string;
  /** The call is an MCP server's tool (OpenCode asks the tool's own id with `*`). */
  mcp?: boolean;
}

type Target = (args: Record<string, unknown>, where: TargetContext) => PermissionTarget;

const exact = (permission: string, pattern: string): PermissionTarget => ({ kind: "rule", permission, pattern, exact: true });
const every = (permission: string): PermissionTarget => ({ kind: "rule", permission, pattern: "*", exact: false });
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const missing = (key: string): PermissionTarget => ({ kind: "never", why: `OpenCode's tool fails without ${key}, before it asks` });

/** A string argument the tool asks with; a call without it fails before asking, so it asks nothing. */
const byArg =
  (permission: string, key: string): Target =>
  (args) => {
    const value = text(args[key]);
    return value === undefined ? missing(key) : exact(permission, value);
  };

/** A file tool: the path relative to the worktree (read resolves, edit and write join: the same for absolute directories). */
const byFile =
  (permission: string, key: string): Target =>
  (args, where) => {
    const file = text(args[key]);
    if (file === undefined) return missing(key);
    return exact(permission, path.relative(where.worktree, path.isAbsolute(file) ? file : path.join(where.directory, file)));
  };

const POWERSHELL = new Set(["pwsh", "powershell", "cmd"]);

const bash: Target = (args, where) => {
  const command = text(args.command) ?? "";
  const shell = (where.shell ?? "")
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/\.exe$/, "");
  const other = POWERSHELL.has(shell);
  const ask = bashAsk(command, other);
  if (ask.kind === "pattern" && !other) return exact("bash", ask.pattern);
  if (ask.kind === "pattern" || ask.kind === "asks") return every("bash");
  if (ask.kind === "never") return { kind: "never", why: "OpenCode asks no permission for a command made only of cd, pushd, popd or variable assignments" };
  return {
    kind: "never",
    why: "hooks2opencode cannot tell whether OpenCode would ask before running this command",
  };
};

/** OpenCode's tools by id (MCP tools aside). A tool not listed asks no permission. */
const TARGETS: Readonly<Record<string, Target>> = {
  bash,
  edit: byFile("edit", "filePath"),
  write: byFile("edit", "filePath"),
  // One pattern per file, from OpenCode's own patch parser: every `edit` pattern.
  apply_patch: () => every("edit"),
  read: byFile("read", "filePath"),
  glob: byArg("glob", "pattern"),
  grep: byArg("grep", "pattern"),
  webfetch: byArg("webfetch", "url"),
  websearch: byArg("websearch", "query"),
  skill: byArg("skill", "name"),
  task: byArg("task", "subagent_type"),
  todowrite: () => exact("todowrite", "*"),
  lsp: () => exact("lsp", "*"),
  // `mcp:<server>:*` for the server named, else for each server with resources.
  list_mcp_resources: () => ({ kind: "rule", permission: "read", pattern: "mcp:*", exact: false }),
  list_mcp_resource_templates: () => ({ kind: "rule", permission: "read", pattern: "mcp:*", exact: false }),
  read_mcp_resource: (args) => exact("read", `mcp:${text(args.server) ?? ""}:${text(args.uri) ?? ""}`),
};

export function permissionTarget(tool: string, args: Record<string, unknown>, where: TargetContext): PermissionTarget {
  if (where.mcp) return exact(tool, "*");
  const target = TARGETS[tool];
  return target ? target(args, where) : { kind: "never", why: `OpenCode asks no permission before running its ${tool} tool` };
}
