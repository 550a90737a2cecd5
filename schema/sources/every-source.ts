// Every place Claude Code reads hooks from, read in one place and one order: settings files, managed
// settings on request, the Claude plugins they enable (and --plugin folders), then the skills and
// agents of the user and the project. convert reads the files its plan names; the live plugin and
// doctor read the scopes of one project (a scope a generated plugin already owns is left out).
import type { Diagnostic } from "../diagnostics.js";
import { projectSettingsFiles, readSettingsFiles, type SettingsFile, type SettingsText, userSettingsFile } from "../load-settings.js";
import { readManagedSettings } from "./managed.js";
import { readPluginHooks } from "./plugins.js";
import { readFrontmatterHooks } from "./skills.js";

export interface SourceRequest {
  projectDir: string;
  /** The settings files, in Claude's precedence order (absent ones are read as absent). */
  files: readonly SettingsFile[];
  /** Managed settings: `dir` (undefined: this platform's folder); `perMachine` keeps their hooks out of a committed plugin. */
  managed?: { dir: string | undefined; perMachine: boolean };
  /** --plugin folders, besides those the settings enable. */
  plugins?: readonly string[];
  /** Plugin roots stay absolute and nothing goes to a local hooks file (convert --user, the live plugin). */
  machineWide: boolean;
  /** Whose skills and agents: the user's (~/.claude), the project's (.claude/). */
  skills: { user: boolean; project: boolean };
  env: NodeJS.ProcessEnv;
}

export interface EverySource {
  texts: SettingsText[];
  /** Findings about skill and agent frontmatter (settings files are validated later, with the rest). */
  notes: Diagnostic[];
}

export async function readSources(request: SourceRequest): Promise<EverySource> {
  const { projectDir, env } = request;
  const settings = await readSettingsFiles(request.files);
  const managed = request.managed ? await readManagedSettings(request.managed.dir, request.managed.perMachine) : [];
  const read = [...settings, ...managed];
  const plugins = readPluginHooks({ explicit: request.plugins ?? [], settings: read, projectDir, user: request.machineWide, env });
  const frontmatter = [
    ...(request.skills.user ? [await readFrontmatterHooks(projectDir, true, env)] : []),
    ...(request.skills.project ? [await readFrontmatterHooks(projectDir, false, env)] : []),
  ];
  return {
    texts: [...read, ...plugins, ...frontmatter.flatMap((found) => found.texts)],
    notes: frontmatter.flatMap((found) => found.diagnostics),
  };
}

export interface SourceScopes {
  /** The user's settings and skills (~/.claude). */
  user: boolean;
  /** The project's and local settings and the project's skills (.claude/ of the project). */
  project: boolean;
  /** Managed settings: from this platform's folder (true) or a given one. */
  managed: boolean | string;
}

/** The scopes of one project as this machine has them (the live plugin, doctor). */
export function readEverySource(projectDir: string, scopes: SourceScopes, env: NodeJS.ProcessEnv): Promise<EverySource> {
  return readSources({
    projectDir,
    files: [...(scopes.user ? [userSettingsFile(env)] : []), ...(scopes.project ? projectSettingsFiles(projectDir) : [])],
    ...(scopes.managed ? { managed: { dir: typeof scopes.managed === "string" ? scopes.managed : undefined, perMachine: false } } : {}),
    machineWide: true,
    skills: { user: scopes.user, project: scopes.project },
    env,
  });
}
