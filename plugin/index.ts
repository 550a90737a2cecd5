// The runtime of a generated plugin: createPlugin(config) compiles the embedded handlers once and
// returns the OpenCode plugin function, whose hooks come from the event registry. Wiring only.
import type { Hooks, Plugin, PluginInput } from "@opencode-ai/plugin";
import { type CompiledHandler, compileHandlers, withSessionEndBudget } from "./compile.js";
import type { EventName } from "../schema/events.js";
import type { PluginConfig } from "./config.js";
import { buildHooks } from "./events/build-hooks.js";
import { REGISTRY } from "./events/index.js";
import { activeHandlers, LOCAL_HOOKS_FILE, readLocalHooks } from "./local-hooks.js";
import type { OpencodeClient } from "./opencode/client.js";
import { type OpencodeHost, Runtime } from "./runtime.js";
import { changedSettings, driftNotice } from "./settings-drift.js";
import { mergePolicies } from "./run/http-policy.js";
import { homedir } from "node:os";
import path from "node:path";
import { compilePermissions } from "./permissions/evaluate.js";
import { mergeScalars } from "../schema/permissions/scalars.js";

export function createPlugin(config: PluginConfig): Plugin {
  const handlers = compileHandlers(config);
  const live = new Map<string, Runtime>();
  return async (input: PluginInput): Promise<Hooks> => {
    // The off switch for a session (debugging, or a run that must not execute project hooks).
    if (process.env.HOOKS2OPENCODE_DISABLE === "1") return {};
    // While a one-shot `opencode run` shuts down, a turn the plugin starts makes OpenCode open a
    // second instance for the same folder, which loads this plugin again and hears the same events
    // (measured with 1.18.33). Both share one runtime, so each event and each Stop loop runs once.
    const running = live.get(input.directory);
    if (running && !running.closed) return buildHooks(REGISTRY, running);
    // A broken local hooks file (one person's, git-ignored) is logged and ignored: the project's
    // committed hooks run whatever it holds.
    let active = handlers;
    let localProblem: string | undefined;
    let local: PluginConfig | undefined;
    try {
      local = config.readsLocalHooks ? readLocalHooks(input.directory) : undefined;
      active = activeHandlers(config, handlers, local, (why) => (localProblem = why));
    } catch (error) {
      localProblem = String(error);
    }
    // The drift notice is advice: if it cannot be worked out, the hooks run all the same.
    let changed: string[] = [];
    try {
      changed = changedSettings(input.directory, config, local);
    } catch {
      changed = [];
    }
    const runtime = openRuntime(input, active, config.generator);
    runtime.httpPolicy = mergePolicies(config, localProblem ? undefined : local);
    const rules = [...(config.permissions ?? []), ...((localProblem ? undefined : local?.permissions) ?? [])];
    // schema/load-settings.ts's claudeConfigDir, not imported: the runtime does not carry the settings loader.
    const configDir = process.env.CLAUDE_CONFIG_DIR || path.join(homedir(), ".claude");
    if (rules.length > 0) runtime.permissions = compilePermissions(rules, { configDir });
    runtime.permissionScalars = mergeScalars(config.permissionScalars, localProblem ? undefined : local?.permissionScalars);
    if (localProblem) runtime.log("error", `${LOCAL_HOOKS_FILE} ignored: ${localProblem}; the project's hooks still run`);
    if (changed.length > 0) {
      // Logged now; shown at the first prompt, when someone is there to see a toast.
      runtime.notice = driftNotice(changed, config.regenerate ?? "npx hooks2opencode convert", rules.length > 0);
      runtime.log("warn", runtime.notice);
    }
    live.set(input.directory, runtime);
    return buildHooks(REGISTRY, runtime);
  };
}

/** A runtime for OpenCode's instance of one folder (both doors: this generated plugin and the live one). */
export function openRuntime(
  input: PluginInput,
  handlers: Map<EventName, CompiledHandler[]>,
  generator: string,
  host: OpencodeHost = opencodeHost(process.argv),
): Runtime {
  const client = input.client as unknown as OpencodeClient;
  const runtime = new Runtime(input.directory, withSessionEndBudget(handlers, process.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS), client, generator, host);
  runtime.worktree = input.worktree;
  return runtime;
}

/** The OpenCode command this process runs, from its arguments (`bun <entry> <command> ...`). */
export function opencodeHost(argv: readonly string[]): OpencodeHost {
  const args = argv.slice(2);
  // The first word that names one of these commands: a global option's value (`--log-level DEBUG run`) is not a command.
  const command = args.find((arg) => arg === "run" || arg === "serve");
  if (command === "serve") return "serve";
  // `run --attach` is a client of a server and loads no plugins; the server is the host then.
  if (command === "run" && !args.some((arg) => arg === "--attach" || arg.startsWith("--attach="))) return "run";
  return "tui";
}
