// What `doctor` concludes from what it found on the machine (doctor.ts probes): one line per fact,
// `ok`, `note` or `problem`, each problem with the command or step that fixes it, grouped by door,
// and the exit code (1 when anything configured will not run). Pure: the probes are data here.
import type { Diagnostic } from "../../schema/diagnostics.js";
import { EVENT_NAMES } from "../../schema/events.js";
import { type Agent, byAgent, hooksAre, hooksOf } from "../../plugin/live/hook-counts.js";
import { AGENT_NAMES } from "../../schema/dialects/agents.js";
import { EXIT } from "../errors.js";
import { safeText, type Style } from "../terminal.js";

/** The OpenCode this targets: its 1.x plugin API, tested end to end with this build. */
export const TESTED_OPENCODE = "1.18.33";
/** The oldest OpenCode the live plugin's `engines.opencode` (package.json) lets install it. */
export const LIVE_MIN_MINOR = 18;
const INSTALL_1X = "npm install -g opencode-ai@1";

export interface OpencodeProbe {
  /** The `opencode` PATH resolves to; undefined: none on PATH. */
  path?: string;
  /** The file it links to, when PATH holds a link. */
  realPath?: string;
  /** What `opencode --version` printed. */
  version?: string;
  /** Why it printed no version. */
  versionError?: string;
}

/** Whether a module imports in OpenCode's own Bun with exports OpenCode accepts; undefined: not tried. */
export interface ImportProbe {
  ok: boolean;
  detail: string;
}

export interface EventCount {
  event: string;
  count: number;
}

/** A hook that loads but never runs in OpenCode, and why. */
export interface DroppedHook {
  event: string;
  handler: string;
  where: string;
  why: string;
  /** Another agent's hook (Codex CLI, Gemini CLI, …); none: Claude Code's. */
  agent?: Exclude<Agent, "claude">;
}

/** How many hooks of one agent (hook-counts.ts counts them: once each, however many events it rides on). */
export interface AgentCount {
  agent: Agent;
  count: number;
}

export interface CheckedFile {
  file: string;
  state: string;
  why: string;
  fix: string | null;
}

export type Scope = "user" | "project";

export interface GeneratedProbe {
  /** As shown: relative to the project when inside it. */
  file: string;
  scope: Scope;
  place: "project" | "global";
  /** What `check` says of it (and its runtime, and the local hooks file); `error` when it could not check. */
  check: { exitCode: number; files: CheckedFile[]; error?: string };
  imports?: ImportProbe;
  /** The hooks it would run, from the file as it is (and the local hooks file it reads). */
  hooks: EventCount[];
  /** The same per agent (another agent's files convert read ride in it too). */
  agents?: AgentCount[];
  dropped: DroppedHook[];
  /** The hooks in it cannot be read (edited by hand into something else). */
  unreadable?: string;
}

export interface LiveEntry {
  /** The OpenCode config that names the plugin (a file, or OPENCODE_CONFIG_CONTENT). */
  config: string;
  spec: string;
  place: "project" | "global";
  /** An npm spec: OpenCode installs it from the registry when it starts (nothing here to try). */
  npm: boolean;
  /** A path spec's module in OpenCode's Bun; undefined: not tried. */
  imports?: ImportProbe;
}

export interface LiveProbe {
  entries: LiveEntry[];
  /** The scopes the live plugin runs here: those no generated plugin owns. */
  scopes: Scope[];
  /** The hooks of those scopes it would load (before trust), Claude's and other agents', per engine event. */
  hooks: EventCount[];
  /** The same hooks per agent. */
  agents: AgentCount[];
  /** Of those, the ones an untrusted folder holds back in the TUI and `opencode serve` (all but managed). */
  heldBack: number;
  /** The same per agent. */
  heldBackByAgent: AgentCount[];
  trust: { trusted: boolean; because: string; command: string };
  dropped: DroppedHook[];
  diagnostics: Diagnostic[];
}

export interface DoctorProbe {
  /** The folder OpenCode opens. */
  directory: string;
  /** The Claude Code project it is in. */
  projectDir: string;
  opencode: OpencodeProbe;
  generated: GeneratedProbe[];
  live: LiveProbe;
}

export type Level = "ok" | "note" | "problem";

export interface Finding {
  level: Level;
  text: string;
  /** Problems: what to do about it. */
  fix?: string;
}

export interface Section {
  title: string;
  findings: Finding[];
}

export type PluginApi = "1.x" | "2.x" | "unknown";

/** The plugin API of an OpenCode version: 1.x is what this plugin targets; 2.x ("V2") loads no 1.x plugin. */
export function pluginApi(version: string | undefined): PluginApi {
  const major = /(\d+)\.\d+\.\d+/.exec(version ?? "")?.[1];
  return major === "1" ? "1.x" : major !== undefined && Number(major) >= 2 ? "2.x" : "unknown";
}

export function doctorSections(probe: DoctorProbe): Section[] {
  const api = pluginApi(probe.opencode.version);
  return [
    { title: "OpenCode", findings: opencodeFindings(probe.opencode, api) },
    { title: "Doors", findings: doorFindings(probe) },
    ...probe.generated.map((door) => ({ title: `Generated plugin ${door.file}`, findings: generatedFindings(door, api) })),
    ...(probe.live.entries.length > 0 ? [{ title: "Live plugin", findings: liveFindings(probe.live, probe.opencode.version, api) }] : []),
  ];
}

/** 1 when anything configured will not run, else 0. */
export function doctorExitCode(sections: readonly Section[]): number {
  return sections.some((section) => section.findings.some((finding) => finding.level === "problem")) ? EXIT.refused : EXIT.ok;
}

function opencodeFindings(opencode: OpencodeProbe, api: PluginApi): Finding[] {
  if (!opencode.path)
    return [
      {
        level: "problem",
        text: "no opencode on PATH: nothing here runs the hooks, and nothing here can tell whether OpenCode would load them",
        fix: `install OpenCode 1.x from npm: ${INSTALL_1X} (hooks2opencode is tested with ${TESTED_OPENCODE})`,
      },
    ];
  const where = opencode.realPath && opencode.realPath !== opencode.path ? `${opencode.path} -> ${opencode.realPath}` : opencode.path;
  if (opencode.version === undefined)
    return [
      { level: "problem", text: `${where}: \`opencode --version\` failed (${opencode.versionError ?? "no output"})`, fix: `reinstall it: ${INSTALL_1X}` },
    ];
  if (api === "2.x")
    return [
      {
        level: "problem",
        text: `opencode ${opencode.version} (${where}) is OpenCode 2.x ("V2"): it loads no 1.x plugin, so neither door's hooks run in it`,
        fix: `put a 1.x build from npm ahead of it on PATH (${INSTALL_1X}) until hooks2opencode supports V2 (docs/opencode-v2.md)`,
      },
    ];
  if (api === "unknown")
    return [
      {
        level: "problem",
        text: `opencode ${opencode.version} (${where}): not a version whose plugin API is known`,
        fix: `use OpenCode 1.x: ${INSTALL_1X} (hooks2opencode is tested with ${TESTED_OPENCODE})`,
      },
    ];
  return [{ level: "ok", text: `opencode ${opencode.version} (${where}): the 1.x plugin API hooks2opencode targets (tested with ${TESTED_OPENCODE})` }];
}

const SCOPE_HOOKS: Record<Scope, string> = {
  user: "the user's hooks (~/.claude settings and skills)",
  project: "the project's hooks (.claude/ settings and skills)",
};

function doorFindings(probe: DoctorProbe): Finding[] {
  const { generated, live } = probe;
  const owners = generated.map((door) => `${door.file} runs ${SCOPE_HOOKS[door.scope]}`);
  const loose = live.agents.reduce((sum, each) => sum + each.count, 0);
  const looseHooks = hooksOf(countsOf(live.agents));
  if (generated.length === 0 && live.entries.length === 0) {
    if (loose === 0) return [{ level: "note", text: "no door is configured, and there are no Claude Code hooks here to run" }];
    return [
      {
        level: "problem",
        text: `no door is configured: OpenCode runs none of the ${looseHooks} here`,
        fix: 'npx hooks2opencode convert (then commit the two files it writes), or add "plugin": ["hooks2opencode"] to opencode.json',
      },
    ];
  }
  const findings: Finding[] = [];
  if (generated.length > 0 && live.entries.length > 0) {
    const rest = live.scopes.length === 0 ? "nothing: the generated plugins own every scope" : live.scopes.map((scope) => SCOPE_HOOKS[scope]).join(" and ");
    findings.push({ level: "ok", text: `both doors are configured, and no hook runs twice: ${owners.join("; ")}; the live plugin runs ${rest}` });
  } else if (generated.length > 0) {
    findings.push({ level: "ok", text: `the generated door: ${owners.join("; ")}` });
    if (loose > 0)
      findings.push({
        level: "note",
        text: `no door here runs ${live.scopes.map((scope) => SCOPE_HOOKS[scope]).join(" and ")}: ${looseHooks}`,
        fix: live.scopes.includes("user")
          ? 'npx hooks2opencode convert --user, or add "plugin": ["hooks2opencode"] to ~/.config/opencode/opencode.json'
          : "npx hooks2opencode convert",
      });
  } else {
    findings.push({ level: "ok", text: `the live door: it runs ${live.scopes.map((scope) => SCOPE_HOOKS[scope]).join(" and ")}` });
  }
  return findings;
}

function generatedFindings(door: GeneratedProbe, api: PluginApi): Finding[] {
  const findings: Finding[] = [];
  if (door.check.error)
    findings.push({
      level: "problem",
      text: `check cannot tell whether it is current: ${door.check.error}`,
      fix: "fix what the message names, then run npx hooks2opencode check",
    });
  for (const file of door.check.files) {
    if (file.state === "up to date") findings.push({ level: "ok", text: `up to date: ${file.file}` });
    else
      findings.push({
        level: "problem",
        text: `${file.state}: ${file.file}${file.why ? ` (${file.why})` : ""}`,
        fix: file.fix ?? "npx hooks2opencode convert",
      });
  }
  if (door.imports?.ok) findings.push({ level: "ok", text: "it imports in OpenCode's own Bun, with exports OpenCode accepts" });
  else if (door.imports)
    findings.push({
      level: "problem",
      text: `OpenCode would skip it, its hooks with it: ${door.imports.detail}`,
      fix: "npx hooks2opencode convert --force; if it still fails, report it",
    });
  else if (api !== "2.x") findings.push({ level: "note", text: "not tried in OpenCode's Bun: no opencode to try it with" });
  if (door.unreadable) findings.push({ level: "problem", text: `its hooks cannot be read: ${door.unreadable}`, fix: "npx hooks2opencode convert --force" });
  else
    findings.push(
      hooksFinding(
        door.hooks,
        "generated",
        api !== "1.x" ? "in OpenCode 1.x" : door.imports?.ok === false ? "once OpenCode can load it" : undefined,
        door.agents,
      ),
    );
  findings.push(...door.dropped.map(droppedFinding));
  return findings;
}

function liveFindings(live: LiveProbe, version: string | undefined, api: PluginApi): Finding[] {
  const findings: Finding[] = [];
  for (const entry of live.entries) findings.push({ level: "ok", text: `${entry.config} (${entry.place}) names it: ${JSON.stringify(entry.spec)}` });
  const minor = Number(/^\D*\d+\.(\d+)/.exec(version ?? "")?.[1]);
  if (api === "1.x" && minor < LIVE_MIN_MINOR)
    findings.push({
      level: "problem",
      text: `OpenCode ${version} refuses to install it: its engines.opencode asks for >=1.${LIVE_MIN_MINOR}.0 <2`,
      fix: `upgrade OpenCode: ${INSTALL_1X}`,
    });
  for (const entry of live.entries) {
    if (entry.npm) findings.push({ level: "note", text: `OpenCode installs ${entry.spec} from the npm registry when it starts: not tried here` });
    else if (entry.imports?.ok) findings.push({ level: "ok", text: `${entry.spec} imports in OpenCode's own Bun` });
    else if (entry.imports)
      findings.push({
        level: "problem",
        text: `OpenCode cannot load ${entry.spec}: ${entry.imports.detail}`,
        fix: "point the spec at the hooks2opencode package folder (npm pack, or the installed node_modules/hooks2opencode)",
      });
  }
  if (live.scopes.length === 0) {
    findings.push({ level: "note", text: "it runs nothing here: generated plugins own the user's and the project's hooks" });
    return findings;
  }
  findings.push(hooksFinding(live.hooks, "live", api !== "1.x" ? "in OpenCode 1.x" : undefined, live.agents));
  if (live.trust.trusted) findings.push({ level: "ok", text: `trusted: ${live.trust.because}` });
  else if (live.heldBack > 0)
    findings.push({
      level: "problem",
      text: `in the TUI and opencode serve, ${hooksAre(countsOf(live.heldBackByAgent))} held back: the folder is not trusted (${live.trust.because}); opencode run runs them`,
      fix: live.trust.command,
    });
  else findings.push({ level: "note", text: `not trusted (${live.trust.because}), but nothing is held back: only managed hooks would run` });
  for (const diagnostic of live.diagnostics) {
    const located = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.message} [${diagnostic.code}]`;
    if (diagnostic.severity === "error")
      findings.push({
        level: "problem",
        // Only a file Claude cannot read at all is an error: none of it loads (a running session keeps what it read before).
        text: `${located}: none of its hooks load, the other files' do`,
        fix: `fix ${diagnostic.file}; a running live plugin applies the fix at once`,
      });
    else findings.push({ level: "note", text: located });
  }
  findings.push(...live.dropped.map(droppedFinding));
  return findings;
}

/**
 * The hooks a door runs, per event; `unless` says what stops them from running now (V2, a module
 * that does not load). With `agents`, the count is of hooks (one riding on several events counts
 * once) and names the agents when another than Claude Code has any, as the live plugin's log does.
 */
function hooksFinding(hooks: readonly EventCount[], door: "generated" | "live", unless: string | undefined, agents?: readonly AgentCount[]): Finding {
  const count = agents ? agents.reduce((sum, each) => sum + each.count, 0) : total(hooks);
  const named = agents ? byAgent(countsOf(agents)).replace(/^: (.*)$/, " ($1)") : "";
  if (count === 0) return { level: "note", text: door === "generated" ? "it runs no hook" : "it would load no hook" };
  const sorted = [...hooks].sort((a, b) => rank(a.event) - rank(b.event));
  const events = sorted.map((each) => `${each.event} ${each.count}`).join(", ");
  const where = unless ? ` ${unless}` : "";
  const text =
    door === "generated"
      ? `${plural(count, "hook")}${named} ${unless ? "would" : "will"} run${where}: ${events}`
      : `it would load ${plural(count, "hook")}${named}${where}: ${events}`;
  return { level: unless ? "note" : "ok", text };
}

function droppedFinding(hook: DroppedHook): Finding {
  return {
    level: "problem",
    text: `never runs: ${hook.agent ? `${AGENT_NAMES[hook.agent]}'s ` : ""}${hook.event} ${hook.handler} at ${hook.where}: ${hook.why}`,
    fix: `none in OpenCode: it runs in ${AGENT_NAMES[hook.agent ?? "claude"]} only (keep it there, or remove it)`,
  };
}

function countsOf(agents: readonly AgentCount[]): Map<Agent, number> {
  return new Map(agents.map(({ agent, count }) => [agent, count]));
}

function rank(event: string): number {
  const index = (EVENT_NAMES as readonly string[]).indexOf(event);
  return index === -1 ? EVENT_NAMES.length : index;
}

function total(hooks: readonly EventCount[]): number {
  return hooks.reduce((sum, each) => sum + each.count, 0);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const LABEL: Record<Level, string> = { ok: "ok", note: "note", problem: "problem" };

/** The text report: a heading per door, a line per finding, the fix under each problem, a verdict last. */
export function formatDoctor(probe: Pick<DoctorProbe, "directory" | "projectDir">, sections: readonly Section[], style: Style): string {
  const paint: Record<Level, (text: string) => string> = { ok: style.green, note: style.dim, problem: style.red };
  const lines = [
    `hooks2opencode doctor: ${safeText(probe.directory)}${probe.projectDir === probe.directory ? "" : ` (Claude Code project: ${safeText(probe.projectDir)})`}`,
  ];
  for (const section of sections) {
    lines.push(section.title);
    for (const finding of section.findings) {
      // Paths, hook commands and OpenCode's own output are shown, never interpreted by the terminal.
      lines.push(`  ${paint[finding.level](LABEL[finding.level].padEnd(7))} ${safeText(finding.text)}`);
      if (finding.fix) lines.push(`          fix: ${safeText(finding.fix)}`);
    }
  }
  const problems = sections.flatMap((section) => section.findings).filter((finding) => finding.level === "problem").length;
  lines.push(problems === 0 ? "Everything configured here will run." : `${plural(problems, "problem")}: not everything configured here will run.`);
  return `${lines.join("\n")}\n`;
}
