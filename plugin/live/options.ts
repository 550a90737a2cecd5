// The live plugin's options, as given in opencode.json: `["hooks2opencode", { ... }]`. Anything
// unexpected falls back to the default rather than stopping OpenCode's start-up.

export interface LiveOptions {
  /** Also run managed settings' hooks: true (this platform's folder) or a folder. */
  managed: boolean | string;
  /** How often the settings files are polled for edits, in ms; 0 turns live reload off. */
  watchInterval: number;
  /** Also enforce Claude's `permissions` rules, as `convert --permissions` does (docs/permissions.md). */
  permissions: boolean;
}

export const DEFAULT_WATCH_INTERVAL_MS = 500;

export function liveOptions(given: unknown): LiveOptions {
  const options = typeof given === "object" && given !== null ? (given as Record<string, unknown>) : {};
  const managed = options.managed;
  const interval = options.watchInterval;
  return {
    managed: typeof managed === "string" && managed !== "" ? managed : managed === true,
    watchInterval: typeof interval === "number" && Number.isFinite(interval) && interval >= 0 ? interval : DEFAULT_WATCH_INTERVAL_MS,
    permissions: options.permissions === true,
  };
}
