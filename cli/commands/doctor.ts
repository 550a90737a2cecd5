// `hooks2opencode doctor [--project DIR] [--json]`: what will really run here, found on the machine
// rather than assumed. It probes the `opencode` on PATH (opencode-on-path.ts), the doors configured
// for the folder (plugins convert generated, where OpenCode scans for them; a live entry in an
// OpenCode config OpenCode 1.18.33 reads), what `check` says of each generated plugin, what the
// live plugin would load here (the same reading as plugin/live/index.ts) and whether the folder is
// trusted; doctor-findings.ts turns that into lines and the exit code.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EventName } from "../../schema/events.js";
import { type Diagnostic, formatDiagnostic } from "../../schema/diagnostics.js";
import { eventName } from "../format-report.js";
import { claudeConfigDir } from "../../schema/load-settings.js";
import { readEverySource } from "../../schema/sources/every-source.js";
import { findProjectRoot, isDirectory } from "../../schema/sources/project-root.js";
import { systemShell } from "../../schema/system-shell.js";
import { type CompiledHandler, compileHandlers } from "../../plugin/compile.js";
import type { PluginConfig } from "../../plugin/config.js";
import { activeHandlers, PLUGIN_FILE, readLocalHooks } from "../../plugin/local-hooks.js";
import { type GeneratedPlugin, generatedPlugins, pluginFolders } from "../../plugin/live/generated-plugins.js";
import { liveHooks } from "../../plugin/live/live-hooks.js";
import { agentInputs } from "../../plugin/live/live-agents.js";
import { type Agent, hookCounts, minus } from "../../plugin/live/hook-counts.js";
import { agentHooks } from "../build/agent-inputs.js";
import { liveOptions } from "../../plugin/live/options.js";
import { namesThisPlugin, pluginEntries } from "../../plugin/live/project-choice.js";
import { ancestors, heldBack, shellQuote, trustCommand } from "../../plugin/live/trust.js";
import { trustHere } from "../../plugin/live/trust-here.js";
import { check } from "./check.js";
import { EXIT, ExitError } from "../errors.js";
import { packageVersion } from "../package-info.js";
import { type OutputOptions, outputFor } from "../terminal.js";
import { display } from "../write/write-output.js";
import {
  type AgentCount,
  type CheckedFile,
  type DoctorProbe,
  doctorExitCode,
  doctorSections,
  type DroppedHook,
  type EventCount,
  formatDoctor,
  type GeneratedProbe,
  type LiveEntry,
  type LiveProbe,
  pluginApi,
  type Scope,
} from "./doctor-findings.js";
import { importsInBun, probeOpencode } from "./opencode-on-path.js";

export interface DoctorOptions extends OutputOptions {
  /** The folder OpenCode opens (default: the current one). */
  project?: string;
  env?: NodeJS.ProcessEnv;
}

export async function doctor(options: DoctorOptions = {}): Promise<{ exitCode: number }> {
  const env = options.env ?? process.env;
  const { print, style } = outputFor(options);
  const directory = path.resolve(options.project ?? process.cwd());
  if (!isDirectory(directory)) throw new ExitError(`--project ${options.project}: no such folder`, EXIT.usage);
  const probe = await probeDoctor(directory, env);
  const sections = doctorSections(probe);
  const exitCode = doctorExitCode(sections);
  if (options.json) {
    const document = {
      version: packageVersion(),
      exitCode,
      directory: probe.directory,
      project: probe.projectDir,
      opencode: { path: null, version: null, ...probe.opencode, api: probe.opencode.path ? pluginApi(probe.opencode.version) : null },
      generated: probe.generated,
      live: probe.live.entries.length > 0 ? probe.live : null,
      sections,
    };
    print(`${JSON.stringify(document, null, 2)}\n`);
  } else print(formatDoctor(probe, sections, style));
  return { exitCode };
}

async function probeDoctor(directory: string, env: NodeJS.ProcessEnv): Promise<DoctorProbe> {
  const projectDir = findProjectRoot(directory, claudeConfigDir(env));
  const worktree = gitRoot(directory);
  const opencode = await probeOpencode(env);
  // V2 loads no 1.x plugin whatever its Bun makes of the module: trying would only mislead.
  const binary = opencode.path && opencode.version && pluginApi(opencode.version) !== "2.x" ? opencode.path : undefined;
  const found = generatedPlugins(directory, worktree, env);
  const generated: GeneratedProbe[] = [];
  for (const plugin of found) generated.push(await probeGenerated(plugin, directory, projectDir, binary, env));
  const live = await probeLive(directory, worktree, projectDir, found, binary, env);
  return { directory, projectDir, opencode, generated, live };
}

async function probeGenerated(
  plugin: GeneratedPlugin,
  directory: string,
  projectDir: string,
  binary: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<GeneratedProbe> {
  // A project's plugin sits in <project>/.opencode/plugin(s)/; its check runs there, as convert did.
  const home = plugin.place === "project" ? path.dirname(path.dirname(path.dirname(plugin.file))) : projectDir;
  const text = readText(plugin.file) ?? "";
  const config = embeddedConfig(text);
  let hooks: EventCount[] = [];
  let agents: AgentCount[] = [];
  let unreadable: string | undefined;
  if (config) {
    try {
      // As the runtime does: the local hooks file of the folder OpenCode opened (plugin/index.ts).
      const local = config.readsLocalHooks ? readLocalHooks(directory) : undefined;
      const active = activeHandlers(config, compileHandlers(config), local);
      hooks = countByEvent(active);
      agents = byAgent(hookCounts(active));
    } catch (error) {
      unreadable = `the local hooks file: ${String(error)}`;
    }
  } else unreadable = "no HOOKS2OPENCODE_CONFIG in it";
  return {
    file: display(home, plugin.file),
    scope: plugin.scope,
    place: plugin.place,
    check: await checkQuietly(plugin, home, env),
    ...(binary ? { imports: await importsInBun(binary, plugin.file, env) } : {}),
    hooks,
    agents,
    dropped: notReplayed(text),
    ...(unreadable ? { unreadable } : {}),
  };
}

/** `check` for one generated plugin, its JSON document captured instead of printed. */
async function checkQuietly(plugin: GeneratedPlugin, home: string, env: NodeJS.ProcessEnv): Promise<GeneratedProbe["check"]> {
  const user = plugin.scope === "user";
  const configHome = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), ".config");
  const usual = user ? path.join(configHome, "opencode", "plugins", PLUGIN_FILE) : path.join(home, ".opencode", "plugins", PLUGIN_FILE);
  let output = "";
  try {
    const { exitCode } = await check({
      ...(user ? { user: true } : { project: home }),
      // --out changes the Regenerate line, so it is given only where convert was given it.
      ...(path.resolve(plugin.file) === path.resolve(usual) ? {} : { out: plugin.file }),
      env,
      json: true,
      print: (text) => (output += text),
      printError: () => {},
    });
    const document = JSON.parse(output) as { files: CheckedFile[]; diagnostics: Diagnostic[] };
    const errors = document.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
    const withProject = (fix: string | null) => (fix && !user ? inProject(fix, home, env) : fix);
    return {
      exitCode,
      files: document.files.map((file) => ({ ...file, fix: withProject(file.fix) })),
      ...(errors.length > 0 ? { error: `the settings have errors: ${errors.map(formatDiagnostic).join("; ")}` } : {}),
    };
  } catch (error) {
    return { exitCode: error instanceof ExitError ? error.exitCode : EXIT.internal, files: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** check's fix runs in the project; from elsewhere it needs --project. */
function inProject(fix: string, home: string, env: NodeJS.ProcessEnv): string {
  if (findProjectRoot(process.cwd(), claudeConfigDir(env)) === home) return fix;
  return fix.replace(/^npx hooks2opencode convert/, `$& --project ${shellQuote(home)}`);
}

async function probeLive(
  directory: string,
  worktree: string | undefined,
  projectDir: string,
  found: readonly GeneratedPlugin[],
  binary: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<LiveProbe> {
  const named = liveEntries(directory, worktree, env);
  // OpenCode keeps the last of duplicate entries: its options are the ones in force.
  const options = liveOptions(named.at(-1)?.options);
  const scopes = (["user", "project"] as const).filter((scope) => !found.some((plugin) => plugin.scope === scope));
  const read = await readEverySource(projectDir, { user: scopes.includes("user"), project: scopes.includes("project"), managed: options.managed }, env);
  // Other agents' hook files, as the live plugin reads them (plugin/live/index.ts): a file a generated plugin carries is left to it.
  const agents = agentInputs(found, projectDir, scopes.includes("user"), env);
  const context = { sh: systemShell(), generator: `hooks2opencode ${packageVersion()}`, projectDir, last: new Map() };
  const hooks = liveHooks(read.texts, [...read.notes, ...agents.notes], context, agents.agents);
  const active = activeHandlers(hooks.config, compileHandlers(hooks.config), undefined);
  // Doctor speaks for the TUI and `opencode serve`: `opencode run` always counts as trusted.
  const trust = trustHere(directory, worktree, "tui", env);
  const counts = hookCounts(active);
  const held = trust.trusted ? new Map<Agent, number>() : minus(counts, hookCounts(heldBack(active).kept));
  const entries: LiveEntry[] = [];
  for (const { options: _options, base, ...entry } of named) {
    const file = entry.npm ? undefined : liveModuleFile(entry.spec, base);
    entries.push({ ...entry, ...(file && binary ? { imports: await importsInBun(binary, file, env) } : {}) });
  }
  return {
    entries,
    scopes: [...scopes],
    hooks: countByEvent(active),
    agents: byAgent(counts),
    heldBack: trust.trusted ? 0 : heldBack(active).held,
    heldBackByAgent: byAgent(held),
    trust: { ...trust, command: trustCommand(directory) },
    dropped: [...hooks.rows, ...agentHooks(agents.agents).rows]
      .filter((row) => row.status === "dropped")
      .map((row): DroppedHook => ({
        event: eventName(row),
        handler: JSON.stringify(row.label),
        where: row.entry.where,
        why: row.notes.join("; "),
        ...(row.entry.dialect ? { agent: row.entry.dialect } : {}),
      })),
    diagnostics: hooks.diagnostics,
  };
}

interface NamedEntry extends LiveEntry {
  options: unknown;
  /** What a relative spec is relative to. */
  base: string;
}

/**
 * The entries naming this plugin in the OpenCode configs 1.18.33 reads, in its order (the global
 * config.json, opencode.json(c); $OPENCODE_CONFIG; the project's opencode.json(c), root to folder;
 * opencode.json(c) of each .opencode/ and $OPENCODE_CONFIG_DIR; $OPENCODE_CONFIG_CONTENT).
 */
function liveEntries(directory: string, worktree: string | undefined, env: NodeJS.ProcessEnv): NamedEntry[] {
  const names = ["opencode.json", "opencode.jsonc"];
  const global = path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), ".config"), "opencode");
  const files: Array<{ file: string; place: LiveEntry["place"] }> = [
    ...["config.json", ...names].map((name) => ({ file: path.join(global, name), place: "global" as const })),
    ...(env.OPENCODE_CONFIG ? [{ file: path.resolve(env.OPENCODE_CONFIG), place: "global" as const }] : []),
  ];
  if (env.OPENCODE_DISABLE_PROJECT_CONFIG === undefined) {
    const top = worktree ?? directory;
    const within = ancestors(directory);
    const upTo = within.indexOf(top);
    for (const dir of (upTo === -1 ? within.slice(0, 1) : within.slice(0, upTo + 1)).reverse())
      files.push(...names.map((name) => ({ file: path.join(dir, name), place: "project" as const })));
  }
  const extra = env.OPENCODE_CONFIG_DIR ? path.resolve(env.OPENCODE_CONFIG_DIR) : undefined;
  for (const { dir, place } of pluginFolders(directory, worktree, env))
    if (dir.endsWith(".opencode") || dir === extra) files.push(...names.map((name) => ({ file: path.join(dir, name), place })));
  const entries: NamedEntry[] = [];
  for (const { file, place } of files) {
    const text = readText(file);
    if (text !== undefined) entries.push(...entriesIn(text, path.dirname(file)).map((entry) => ({ ...entry, config: display(directory, file), place })));
  }
  if (env.OPENCODE_CONFIG_CONTENT)
    entries.push(
      ...entriesIn(env.OPENCODE_CONFIG_CONTENT, directory).map((entry) => ({ ...entry, config: "OPENCODE_CONFIG_CONTENT", place: "global" as const })),
    );
  return entries;
}

/** The `plugin` entries of one config's text that name this plugin, with their options (project-choice.ts reads them). */
function entriesIn(text: string, base: string): Array<{ spec: string; npm: boolean; options: unknown; base: string }> {
  return pluginEntries(text).flatMap(({ spec, options }) =>
    namesThisPlugin(spec, base) ? [{ spec, npm: !(spec.startsWith(".") || spec.startsWith("file://") || path.isAbsolute(spec)), options, base }] : [],
  );
}

/** The module a path spec loads: a file, or a package folder's exports["./server"] (else main). */
function liveModuleFile(spec: string, base: string): string | undefined {
  let target: string;
  try {
    target = spec.startsWith("file://") ? fileURLToPath(spec) : path.resolve(base, spec);
  } catch {
    return undefined;
  }
  if (!isDirectory(target)) return existsSync(target) ? target : undefined;
  try {
    const manifest = JSON.parse(readFileSync(path.join(target, "package.json"), "utf8")) as { exports?: unknown; main?: unknown };
    const exported =
      typeof manifest.exports === "object" && manifest.exports !== null ? (manifest.exports as Record<string, unknown>)["./server"] : manifest.exports;
    const entry = typeof exported === "string" ? exported : typeof manifest.main === "string" ? manifest.main : "index.js";
    return path.join(target, entry);
  } catch {
    return undefined;
  }
}

/** The config the generated plugin embeds (render-plugin.ts writes it as one JSON literal). */
function embeddedConfig(text: string): PluginConfig | undefined {
  const start = text.indexOf("const HOOKS2OPENCODE_CONFIG = ");
  const end = text.indexOf(";\n\nexport const", start);
  if (start === -1 || end === -1) return undefined;
  try {
    return JSON.parse(text.slice(start + "const HOOKS2OPENCODE_CONFIG = ".length, end)) as PluginConfig;
  } catch {
    return undefined;
  }
}

/** The hooks the plugin's "Not replayed:" comment lists (render-plugin.ts), as they are in the file. */
function notReplayed(text: string): DroppedHook[] {
  const dropped: DroppedHook[] = [];
  for (const line of text.split("\n")) {
    const match = /^\/\/ {2}(\S+) ("(?:[^"\\]|\\.)*") \((.+?:\d+:\d+)\): (.*)$/.exec(line);
    if (match) dropped.push({ event: match[1]!, handler: match[2]!, where: match[3]!, why: match[4]! });
  }
  return dropped;
}

function byAgent(counts: ReadonlyMap<Agent, number>): AgentCount[] {
  return [...counts].map(([agent, count]) => ({ agent, count }));
}

function countByEvent(handlers: ReadonlyMap<EventName, CompiledHandler[]>): EventCount[] {
  return [...handlers].filter(([, list]) => list.length > 0).map(([event, list]) => ({ event, count: list.length }));
}

/** OpenCode's worktree: the git repository's root (none: the folder alone). */
function gitRoot(directory: string): string | undefined {
  return ancestors(directory).find((dir) => existsSync(path.join(dir, ".git")));
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
