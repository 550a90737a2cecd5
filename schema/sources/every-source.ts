// Every place Claude Code reads hooks from for one project, read at once: the user's, project and
// local settings, managed settings on request, the Claude plugins they enable, and the skills and
// agents of the user and the project. The live plugin reads this at start-up and on each change;
// a scope a generated plugin already owns is left out (that door runs it).
import type { Diagnostic } from "../diagnostics.js";
import { projectSettingsFiles, readSettingsFiles, type SettingsText, userSettingsFile } from "../load-settings.js";
import { readManagedSettings } from "./managed.js";
import { readPluginHooks } from "./plugins.js";
import { readFrontmatterHooks } from "./skills.js";

export interface SourceScopes {
  /** The user's settings and skills (~/.claude). */
  user: boolean;
  /** The project's and local settings and the project's skills (.claude/ of the project). */
  project: boolean;
  /** Managed settings: from this platform's folder (true) or a given one. */
  managed: boolean | string;
}

export interface EverySource {
  texts: SettingsText[];
  /** Findings about skill and agent frontmatter (settings files are validated later, with the rest). */
  notes: Diagnostic[];
}

export async function readEverySource(projectDir: string, scopes: SourceScopes, env: NodeJS.ProcessEnv): Promise<EverySource> {
  const settings = await readSettingsFiles([...(scopes.user ? [userSettingsFile(env)] : []), ...(scopes.project ? projectSettingsFiles(projectDir) : [])]);
  const managed = scopes.managed ? await readManagedSettings(typeof scopes.managed === "string" ? scopes.managed : undefined, false) : [];
  const read = [...settings, ...managed];
  // Everything here is this machine's: plugin roots stay absolute, options come from the user's settings.
  const plugins = await readPluginHooks({ explicit: [], settings: read, projectDir, user: true, env });
  const frontmatter = [
    ...(scopes.user ? [await readFrontmatterHooks(projectDir, true, env)] : []),
    ...(scopes.project ? [await readFrontmatterHooks(projectDir, false, env)] : []),
  ];
  return {
    texts: [...read, ...plugins, ...frontmatter.flatMap((found) => found.texts)],
    notes: frontmatter.flatMap((found) => found.diagnostics),
  };
}
