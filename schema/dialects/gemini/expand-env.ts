// Gemini CLI expands environment variables in every string of a settings file as it loads it, with
// its own environment: `$NAME`, `${NAME}` and `${NAME:-default}`; an unset name without a default
// stays as written (so `$GEMINI_PROJECT_DIR`, set only for hooks, reaches the hook runner intact).
// A hook's command and matcher are read through this. Source: google-gemini/gemini-cli
// packages/cli/src/utils/envVarResolver.ts (resolveEnvVarsInString), packages/cli/src/config/settings.ts. Pure.

export function expandSettingsEnv(value: string, env: Readonly<Record<string, string | undefined>>): string {
  return value.replace(/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g, (match: string, bare?: string, braced?: string, fallback?: string) => {
    const name = bare || braced || "";
    if (!name) return match;
    const found = env[name];
    if (typeof found === "string") return found;
    return fallback !== undefined ? fallback : match;
  });
}
