// What the live plugin made of a set of settings texts, kept between OpenCode starts: validating and
// classifying 500 hooks costs tens of ms of code running cold, while the answer for texts seen
// before is one small JSON file. The key covers everything the answer depends on (this package's
// version, /bin/sh, the project, every text read, other agents' too, and where it came from), so a stale entry is never
// used; a missing or unreadable cache only costs the time it would have saved.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { SettingsText } from "../../schema/load-settings.js";
import type { PluginConfig } from "../config.js";
import type { AgentTexts } from "./live-agents.js";

export interface CachedHooks {
  config: PluginConfig;
  diagnostics: Diagnostic[];
}

export function cacheKey(parts: {
  version: string;
  sh: string;
  projectDir: string;
  texts: readonly SettingsText[];
  notes: readonly Diagnostic[];
  /** Other agents' files read (their hooks are in the answer too). */
  agents?: AgentTexts;
}): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([parts.version, parts.sh, parts.projectDir, parts.notes]));
  for (const { file, text, unreadable } of parts.texts)
    hash
      .update(JSON.stringify([file, unreadable ?? null]))
      .update("\0")
      .update(text ?? "")
      .update("\0");
  for (const [agent, texts] of Object.entries(parts.agents ?? {}))
    for (const { text, ...file } of texts)
      hash
        .update(JSON.stringify([agent, file]))
        .update("\0")
        .update(text)
        .update("\0");
  return hash.digest("hex");
}

/** One file per project folder, in the user's cache folder. */
export function cacheFile(projectDir: string, env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || homedir(), ".cache");
  return path.join(base, "hooks2opencode", "live", `${createHash("sha256").update(projectDir).digest("hex").slice(0, 32)}.json`);
}

export function readCached(file: string, key: string): CachedHooks | undefined {
  // A first start has none: asked first, as a thrown ENOENT costs ten times more.
  if (!existsSync(file)) return undefined;
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { key?: unknown; hooks?: CachedHooks };
    return data.key === key && data.hooks && Array.isArray(data.hooks.config?.handlers) ? data.hooks : undefined;
  } catch {
    return undefined;
  }
}

export function writeCached(file: string, key: string, hooks: CachedHooks): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, JSON.stringify({ key, hooks }));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next start its time.
    rmSync(temporary, { force: true });
  }
}
