// The live door: this package as an OpenCode 1.x plugin (`"plugin": ["hooks2opencode"]` in
// opencode.json). At start-up it reads the opened project's Claude hooks from every source Claude
// reads (schema/sources), validates and classifies them as convert does (live-hooks.ts), and runs
// them on the generated plugin's runtime: one code path. Around that: a scope a generated plugin
// covers is left to it (generated-plugins.ts), Claude's workspace trust holds hooks back
// (trust.ts), and settings edits apply mid-session after ConfigChange hooks had their say. Other
// agents' hook files (Codex, Gemini CLI, Cursor, Copilot CLI) are read beside Claude's, under the same
// rules (live-agents.ts): each hook keeps its agent's contract, as in a generated plugin.
import type { Hooks, Plugin, PluginInput } from "@opencode-ai/plugin";
import { type Diagnostic, formatDiagnostic } from "../../schema/diagnostics.js";
import type { EventName } from "../../schema/events.js";
import { claudeConfigDir, managedSettingsDir, projectSettingsFiles, type SettingsText, userSettingsFile } from "../../schema/load-settings.js";
import { findProjectRoot } from "../../schema/sources/project-root.js";
import { readEverySource } from "../../schema/sources/every-source.js";
import { systemShell } from "../../schema/system-shell.js";
import { type CompiledHandler, compileHandlers, withSessionEndBudget } from "../compile.js";
import configChange from "../events/config-change.js";
import { buildHooks } from "../events/build-hooks.js";
import type { SettingsChange } from "../events/channels.js";
import { fireEvent } from "../events/define-event.js";
import { REGISTRY } from "../events/index.js";
import { openRuntime } from "../index.js";
import { activeHandlers } from "../local-hooks.js";
import { tellUser } from "../opencode/inject.js";
import { mergePolicies } from "../run/http-policy.js";
import type { OpencodeHost, Runtime } from "../runtime.js";
import { generatedPlugins } from "./generated-plugins.js";
import { byAgent, hookCounts, hooksAre, minus, total } from "./hook-counts.js";
import { type AgentTexts, agentInputs, agentWatchList, type LastAgentTexts } from "./live-agents.js";
import { AGENT_NAMES, DIALECTS } from "../../schema/dialects/agents.js";
import { type LastReadable, type LiveHooks, liveHooks } from "./live-hooks.js";
import { cacheFile, cacheKey, readCached, writeCached } from "./startup-cache.js";
import { liveOptions, type LiveOptions } from "./options.js";
import { PACKAGE_NAME } from "./project-choice.js";
import { claudeConfigFile, heldBack, trustCommand, trustFile } from "./trust.js";
import { trustHere } from "./trust-here.js";
import { packageVersion } from "./own-package.js";
import { ignoredAllowNotice, ignoredDirectoriesNotice, type LastRules, livePermissions } from "./live-permissions.js";
import { compilePermissions } from "../permissions/evaluate.js";
import { type SettingsWatch, watchFiles } from "./watch-settings.js";

const SOURCE_OF: Record<string, SettingsChange["source"]> = {
  user: "user_settings",
  project: "project_settings",
  local: "local_settings",
  managed: "policy_settings",
};

/**
 * One live plugin per OpenCode instance folder, shared by every copy of this module in the process:
 * OpenCode loads the package twice when two specs name it (its npm name and a path, measured with
 * 1.18.33), and a one-shot run opens a second instance of the folder while it shuts down.
 */
const running: Map<string, LivePlugin> = ((globalThis as Record<symbol, unknown>)[Symbol.for("hooks2opencode.live")] ??= new Map()) as Map<string, LivePlugin>;

export const server: Plugin = async (input, options) => {
  // The off switch for a session, as for the generated plugin.
  if (process.env.HOOKS2OPENCODE_DISABLE === "1") return {};
  const existing = running.get(input.directory);
  if (existing && !existing.runtime.closed) {
    // The same instance loading a second copy: its hooks would run every hook twice.
    if (existing.client === input.client) {
      existing.runtime.log(
        "warn",
        "hooks2opencode is named twice in OpenCode's config (e.g. by its npm name and by a path); the second copy stands aside, so each hook runs once",
      );
      return {};
    }
    return buildHooks(REGISTRY, existing.runtime);
  }
  const live = new LivePlugin(input, liveOptions(options), process.env);
  running.set(input.directory, live);
  await live.reload([]);
  live.watch();
  const hooks: Hooks = buildHooks(REGISTRY, live.runtime);
  const dispose = hooks.dispose;
  hooks.dispose = async () => {
    live.stop();
    await dispose?.();
  };
  return hooks;
};

export default { id: PACKAGE_NAME, server };

export class LivePlugin {
  readonly runtime: Runtime;
  readonly projectDir: string;
  /** The OpenCode instance's client: a second load with the same one is a duplicate, not a new instance. */
  readonly client: unknown;
  private readonly last: LastReadable = new Map();
  /** Other agents' files' last parsable texts (live-agents.ts). */
  private readonly lastAgents: LastAgentTexts = new Map();
  /** Each settings file's permission rules as last parsed (the `permissions` option). */
  private readonly lastRules: LastRules = new Map();
  /** The settings texts of the hooks in force, by path. */
  private inForce = new Map<string, SettingsText>();
  /** Files whose change a ConfigChange hook refused, with their text in force (none: they had none): kept until they change again. */
  private readonly refused = new Map<string, SettingsText | undefined>();
  private readonly said = new Set<string>();
  private watcher?: SettingsWatch;
  /** The start-up cache's write, done once server() has returned (or at stop(), whichever comes first). */
  private cacheWrite?: { write: () => void; timer: NodeJS.Immediate };
  private started = false;
  private summary?: string;
  private permissionsSummary?: string;
  private reloading: Promise<void> = Promise.resolve();

  constructor(
    private readonly input: PluginInput,
    private readonly options: LiveOptions,
    private readonly env: NodeJS.ProcessEnv,
    /** The OpenCode command hosting it; by default read from this process's arguments (tests choose it). */
    host?: OpencodeHost,
  ) {
    this.projectDir = findProjectRoot(input.directory, claudeConfigDir(env));
    this.client = input.client;
    this.runtime = openRuntime(input, new Map(), `hooks2opencode ${packageVersion()} (live)`, host);
  }

  /** Reads every source again and swaps the hooks in force; `changed` are the files that changed (none at start-up). */
  async reload(changed: readonly string[]): Promise<void> {
    const generated = generatedPlugins(this.input.directory, this.input.worktree, this.env);
    const scopes = {
      user: !generated.some((plugin) => plugin.scope === "user"),
      // A project's generated plugin is the one in its own .opencode/; one placed globally with --out runs everywhere and owns nothing here.
      project: !generated.some((plugin) => plugin.scope === "project" && plugin.place === "project"),
      managed: this.options.managed,
    };
    const agentsRead = agentInputs(generated, this.projectDir, scopes.user, this.env);
    for (const plugin of generated) {
      const carried = agentsRead.left.get(plugin.file);
      this.once(
        `${plugin.file} is a plugin hooks2opencode generated: it runs the ${plugin.scope === "user" ? "user's" : "project's"} Claude hooks${carried ? ` and those of ${carried.join(", ")}` : ""}, so the live plugin leaves them to it`,
      );
    }
    const read = await readEverySource(this.projectDir, scopes, this.env);
    const notes = [...read.notes, ...agentsRead.notes];
    const agents = agentsRead.agents;
    // Asked before anything is read into force: a refused change must not get in with a later reload, nor as an unreadable save's fallback.
    for (const file of changed) this.refused.delete(file);
    if (this.started) for (const file of await this.refusedByConfigChange(changed, read.texts)) this.refused.set(file, this.inForce.get(file));
    const texts = keepRefused(read.texts, this.refused);
    const hooks = this.started ? liveHooks(texts, notes, this.context(), agents) : this.startupHooks(texts, notes, agents);
    let next = activeHandlers(hooks.config, compileHandlers(hooks.config), undefined);
    const trust = trustHere(this.input.directory, this.input.worktree, this.runtime.host, this.env);
    const notices: string[] = [];
    if (!trust.trusted) {
      // Every agent's hooks under Claude's rule: a folder brings them all alike.
      const before = hookCounts(next);
      next = heldBack(next).kept;
      const held = minus(before, hookCounts(next));
      if (total(held) > 0)
        notices.push(
          `${hooksAre(held)} held back: ${this.input.directory} is not trusted (${trust.because}). Trust it with: ${trustCommand(this.input.directory)}`,
        );
    }
    if (this.options.permissions) notices.push(...this.applyPermissions(texts, trust.trusted));
    for (const diagnostic of hooks.diagnostics) this.once(formatDiagnostic(diagnostic), diagnostic.severity === "error" ? "error" : "warn");
    for (const file of hooks.keptFromBefore) notices.push(`${file} cannot be read now; its hooks as last read keep running`);
    const agentOf = new Map(
      Object.entries(agents).flatMap(([agent, list]) => list.filter((text) => !text.companion).map((text) => [text.display, agent] as const)),
    );
    const errors = hooks.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
    for (const agent of ["claude", ...DIALECTS] as const) {
      const problems = errors.filter((diagnostic) => (agentOf.get(diagnostic.file) ?? "claude") === agent).length;
      const where = agent === "claude" ? "Claude settings" : `${AGENT_NAMES[agent]}'s hook files`;
      if (problems > 0) notices.push(`${problems} problem${problems === 1 ? "" : "s"} in ${where} (see the log); the hooks that could be read run`);
    }

    replaceHandlers(this.runtime.handlers, withSessionEndBudget(next, this.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS));
    this.inForce = new Map(texts.map((text) => [text.file.path, text]));
    this.runtime.httpPolicy = mergePolicies(hooks.config);
    const counts = hookCounts(next);
    const count = total(counts);
    // Claude Code rewrites ~/.claude.json often: a reload that changes nothing says nothing.
    const summary = `live: ${count} hook${count === 1 ? "" : "s"} in force for ${this.projectDir}${byAgent(counts)} (${trust.trusted ? `trusted: ${trust.because}` : "not trusted"})`;
    if (summary !== this.summary) this.runtime.log("info", summary);
    this.summary = summary;
    this.tell(notices);
    // Copilot's hooks folders name their files: one added since is polled from now on.
    this.watcher?.follow(this.watchedFiles());
    this.started = true;
  }

  /** The `permissions` option: Claude's rules from the texts in force, enforced by the runtime as a generated plugin's are; the notices to show. */
  private applyPermissions(texts: readonly SettingsText[], trusted: boolean): string[] {
    const read = livePermissions(texts, trusted, this.lastRules);
    for (const diagnostic of read.diagnostics) this.once(formatDiagnostic(diagnostic), "warn");
    this.runtime.permissions = read.rules.length > 0 ? compilePermissions(read.rules, { configDir: claudeConfigDir(this.env) }) : undefined;
    // OpenCode reads its config once, at start-up (opencode-permissions.ts): a later edit of these applies at the next start.
    this.runtime.permissionScalars = read.scalars;
    const { defaultMode, additionalDirectories = [] } = read.scalars ?? {};
    const scalars = `${defaultMode ? `, defaultMode ${defaultMode}` : ""}${additionalDirectories.length > 0 ? `, ${additionalDirectories.length} additional director${additionalDirectories.length === 1 ? "y" : "ies"}` : ""}`;
    const summary = `live: ${read.rules.length} permission rule${read.rules.length === 1 ? "" : "s"} in force${scalars}`;
    if (summary !== this.permissionsSummary) this.runtime.log("info", summary);
    this.permissionsSummary = summary;
    const trust = trustCommand(this.input.directory);
    const ignored = [
      ignoredAllowNotice(read.ignoredLocalAllow, this.input.directory, trust),
      ignoredDirectoriesNotice(read.ignoredLocalDirectories, this.input.directory, trust),
    ];
    return ignored.filter((notice): notice is string => notice !== undefined);
  }

  /** At start-up, settings seen before are not validated again: their hooks come from the cache (startup-cache.ts). */
  private startupHooks(
    texts: readonly SettingsText[],
    notes: readonly Diagnostic[],
    agents: AgentTexts,
  ): Pick<LiveHooks, "config" | "diagnostics" | "keptFromBefore"> {
    const context = this.context();
    const file = cacheFile(this.projectDir, this.env);
    const key = cacheKey({ version: this.runtime.version, sh: context.sh, projectDir: this.projectDir, texts, notes, agents });
    const cached = readCached(file, key);
    if (cached) {
      // What a later reload falls back to for a file that then cannot be read: worked out once OpenCode has started.
      if (this.options.watchInterval > 0) setTimeout(() => liveHooks(texts, notes, context, agents), 1000).unref?.();
      return { ...cached, keptFromBefore: [] };
    }
    const hooks = liveHooks(texts, notes, context, agents);
    // Written once server() has returned: it saves the next start its time, and costs this one none.
    const write = () => writeCached(file, key, { config: hooks.config, diagnostics: hooks.diagnostics });
    this.cacheWrite = { write, timer: setImmediate(() => this.writeCache()) };
    return hooks;
  }

  private context(): Parameters<typeof liveHooks>[2] {
    return { sh: systemShell(), generator: this.runtime.version, projectDir: this.projectDir, last: this.last, lastAgents: this.lastAgents };
  }

  /** Polls the settings files, the trust records and (when read) managed settings. */
  watch(): void {
    if (this.options.watchInterval <= 0) return;
    this.watcher = watchFiles(
      this.watchedFiles(),
      // One reload at a time, in the order the changes came: two interleaved at their awaits could swap in the older hooks last.
      (changed) => {
        this.reloading = this.reloading.then(() => this.reload(changed)).catch((error) => this.runtime.log("error", `live reload failed: ${String(error)}`));
        void this.runtime.track(this.reloading);
      },
      {
        intervalMs: this.options.watchInterval,
        settleMs: 100,
      },
    );
  }

  /** Claude's settings files, the managed file when read, the trust records, and every agent's hook files (and Copilot's hooks folders). */
  private watchedFiles(): string[] {
    return [
      userSettingsFile(this.env).path,
      ...projectSettingsFiles(this.projectDir).map((file) => file.path),
      ...(this.options.managed ? [`${typeof this.options.managed === "string" ? this.options.managed : managedSettingsDir()}/managed-settings.json`] : []),
      trustFile(this.env),
      claudeConfigFile(this.env),
      ...agentWatchList(this.projectDir, this.env),
    ];
  }

  /** The pending start-up cache write, now (a stop before it ran: a restart right after must find it). */
  private writeCache(): void {
    const pending = this.cacheWrite;
    this.cacheWrite = undefined;
    if (!pending) return;
    clearImmediate(pending.timer);
    pending.write();
  }

  stop(): void {
    this.writeCache();
    this.watcher?.stop();
    this.watcher = undefined;
  }

  /** The changed files whose change ConfigChange hooks (those in force before it) keep from applying. */
  private async refusedByConfigChange(changed: readonly string[], texts: ReadonlyArray<{ file: { path: string; kind: string } }>): Promise<string[]> {
    const refused: string[] = [];
    for (const file of changed) {
      const kind = texts.find((text) => text.file.path === file)?.file.kind ?? kindOf(file, this.projectDir, this.env);
      const source = kind === undefined ? undefined : SOURCE_OF[kind];
      if (!source) continue;
      const call = { input: { source, file }, output: { blocked: false }, shared: new Map<string, Promise<unknown>>() };
      await fireEvent(configChange, call, this.runtime);
      if (call.output.blocked) {
        refused.push(file);
        this.runtime.log("warn", `a ConfigChange hook kept the change to ${file} from applying; the hooks in force stay`);
      }
    }
    return refused;
  }

  /** A message logged once per plugin instance (warnings repeat on every reload otherwise). */
  private once(message: string, level: "info" | "warn" | "error" = "info"): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.runtime.log(level, message);
  }

  /** At start-up no one sees a toast yet: the notice waits for the first prompt. Later, it shows at once. */
  private tell(notices: readonly string[]): void {
    const fresh = notices.filter((notice) => !this.said.has(notice));
    for (const notice of fresh) this.said.add(notice);
    if (fresh.length === 0) return;
    // No "hooks2opencode:" here: the log names its service, and tellUser prefixes what it prints to stderr.
    const text = fresh.join("; ");
    // Not logged here: the first prompt logs it with its toast (one line, not two).
    if (!this.started) this.runtime.notice = this.runtime.notice ? `${this.runtime.notice}\n${text}` : text;
    else tellUser(this.runtime, text, "warning");
  }
}

/** The texts read, but a refused file's text in force in place of its text on disk (and kept when it was deleted). */
function keepRefused(texts: readonly SettingsText[], refused: ReadonlyMap<string, SettingsText | undefined>): SettingsText[] {
  const kept = texts.flatMap((text) => {
    if (!refused.has(text.file.path)) return [text];
    const before = refused.get(text.file.path);
    return before ? [before] : [];
  });
  for (const [file, before] of refused) if (before && !texts.some((text) => text.file.path === file)) kept.push(before);
  return kept;
}

/** The runtime reads its handlers at each call: swapping the map's contents applies the new hooks to the next one. */
function replaceHandlers(target: Map<EventName, CompiledHandler[]>, next: Map<EventName, CompiledHandler[]>): void {
  target.clear();
  for (const [event, list] of next) target.set(event, list);
}

function kindOf(file: string, projectDir: string, env: NodeJS.ProcessEnv): string | undefined {
  if (file === userSettingsFile(env).path) return "user";
  return projectSettingsFiles(projectDir).find((each) => each.path === file)?.kind ?? (file.endsWith("managed-settings.json") ? "managed" : undefined);
}
