// The runtime of a generated plugin: createPlugin(config) compiles the embedded handlers once and
// returns the OpenCode plugin function, whose hooks come from the event registry. Wiring only.
import type { Hooks, Plugin, PluginInput } from "@opencode-ai/plugin";
import { compileHandlers } from "./compile.js";
import type { PluginConfig } from "./config.js";
import { buildHooks } from "./events/build-hooks.js";
import { REGISTRY } from "./events/index.js";
import { activeHandlers, LOCAL_HOOKS_FILE, readLocalHooks } from "./local-hooks.js";
import type { OpencodeClient } from "./opencode/client.js";
import { Runtime } from "./runtime.js";

export function createPlugin(config: PluginConfig): Plugin {
  const handlers = compileHandlers(config);
  return async (input: PluginInput): Promise<Hooks> => {
    // The off switch for a session (debugging, or a run that must not execute project hooks).
    if (process.env.HOOKS2OPENCODE_DISABLE === "1") return {};
    let local: PluginConfig | undefined;
    let localError: unknown;
    try {
      if (config.readsLocalHooks) local = readLocalHooks(input.directory);
    } catch (error) {
      localError = error;
    }
    const client = input.client as unknown as OpencodeClient;
    const runtime = new Runtime(input.directory, activeHandlers(config, handlers, local), client, config.generator, isOneShotRun(process.argv));
    if (localError) runtime.log("error", `${LOCAL_HOOKS_FILE} ignored: ${String(localError)}`);
    return buildHooks(REGISTRY, runtime);
  };
}

/** `opencode run` without --attach runs the plugin inside the CLI, which exits at the first idle. */
export function isOneShotRun(argv: readonly string[]): boolean {
  const args = argv.slice(2);
  const command = args.find((arg) => !arg.startsWith("-"));
  return command === "run" && !args.includes("--attach") && !args.some((arg) => arg.startsWith("--attach="));
}
