// Bundle entry of the runtime embedded in every generated plugin. The generated file defines
// HOOKS2OPENCODE_CONFIG above this code; the plugin function is the module's only export, as
// OpenCode requires of files in .opencode/plugins/.
import type { PluginConfig } from "./config.js";
import { createPlugin } from "./index.js";

declare const HOOKS2OPENCODE_CONFIG: PluginConfig;

export const ClaudeCodeHooks = createPlugin(HOOKS2OPENCODE_CONFIG);
