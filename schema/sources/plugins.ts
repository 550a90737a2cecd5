// Reads the hooks files of the Claude Code plugins a conversion includes: those the settings enable
// (installed where Claude Code keeps them) and folders given with --plugin. A plugin inside the
// project is committed with the project's hooks (its root relative); one outside it belongs to this
// machine: in project mode its hooks go to the local hooks file, with --user to the global plugin.
import path from "node:path";
import { enabledPluginIds, installPaths, pluginDataDir, pluginHookFiles, pluginOptions } from "../claude-plugins.js";
import type { Diagnostic } from "../diagnostics.js";
import { claudeConfigDir, type SettingsText, userSettingsFile } from "../load-settings.js";
import { homeShown, insideProject } from "../paths.js";
import type { PluginOrigin } from "../types.js";
import { jsonProblem } from "../validate.js";
import { readTextIfExists } from "./read-text.js";

export interface PluginRequest {
  /** --plugin folders, as given (the caller checked that they exist). */
  explicit: readonly string[];
  settings: readonly SettingsText[];
  projectDir: string;
  /** --user: everything goes to the global plugin, nothing to the local hooks file. */
  user: boolean;
  env: NodeJS.ProcessEnv;
}

export function readPluginHooks(request: PluginRequest): SettingsText[] {
  const configDir = claudeConfigDir(request.env);
  const read = request.settings.flatMap((text) => (text.text === undefined ? [] : [{ kind: text.file.kind, text: text.text }]));
  const ids = enabledPluginIds(read);
  const forced = new Set(enabledPluginIds(read.filter((text) => text.kind === "managed")));
  const installed = ids.length > 0 ? readTextIfExists(path.join(configDir, "plugins", "installed_plugins.json")) : undefined;
  const plugins = [...installPaths(installed, ids)].map(([id, root]) => ({ id, root }));
  for (const dir of request.explicit) {
    const root = path.resolve(dir);
    plugins.push({ id: path.basename(root), root });
  }
  // Claude writes a plugin's option values to the user's settings, whatever else is converted.
  const userSettings = read.some((text) => text.kind === "user") ? [] : readUserSettings(request.env);
  const texts: SettingsText[] = [];
  for (const { id, root } of plugins) {
    const inProject = insideProject(request.projectDir, root);
    const committed = inProject !== undefined && !request.user;
    const manifestPath = path.join(root, ".claude-plugin", "plugin.json");
    const manifest = readTextIfExists(manifestPath);
    // A committed plugin carries no one's own option values: only the project's and the defaults.
    const optionTexts = committed ? read.filter((text) => text.kind === "project") : [...userSettings, ...read];
    const origin: PluginOrigin = {
      id,
      root: committed ? inProject : root,
      data: homeShown(pluginDataDir(configDir, id)),
      ...optionFields(manifest, optionTexts, id),
      ...(forced.has(id) ? { managed: true as const } : {}),
    };
    const shownAs = (file: string) => insideProject(request.projectDir, file) ?? homeShown(file);
    const fileOf = (file: string): SettingsText["file"] => ({
      kind: "plugin",
      path: file,
      display: shownAs(file),
      optional: true,
      plugin: origin,
      ...(inProject === undefined && !request.user ? { perMachine: true } : {}),
    });
    // Claude loads no part of a plugin whose manifest it cannot read; the other plugins go on.
    const broken =
      manifest === undefined
        ? undefined
        : jsonProblem(manifest, shownAs(manifestPath), `Claude Code does not load plugin ${id}, so none of its hooks are converted`);
    if (broken) {
      texts.push({ file: fileOf(manifestPath), unreadable: broken });
      continue;
    }
    for (const file of pluginHookFiles(root, manifest)) {
      const text = readTextIfExists(file);
      if (text !== undefined) texts.push({ file: fileOf(file), text });
      else if (manifest !== undefined && file !== path.join(root, "hooks", "hooks.json"))
        texts.push({ file: fileOf(manifestPath), unreadable: missingHooksFile(manifest, shownAs(manifestPath), shownAs(file)) });
    }
  }
  return texts;
}

function readUserSettings(env: NodeJS.ProcessEnv): Array<{ kind: "user"; text: string }> {
  const text = readTextIfExists(userSettingsFile(env).path);
  return text === undefined ? [] : [{ kind: "user", text }];
}

function optionFields(
  manifest: string | undefined,
  texts: Parameters<typeof pluginOptions>[1],
  id: string,
): Pick<PluginOrigin, "options" | "sensitiveOptions"> {
  const { values, sensitive } = pluginOptions(manifest, texts, id);
  return { ...(Object.keys(values).length > 0 ? { options: values } : {}), ...(sensitive.length > 0 ? { sensitiveOptions: sensitive } : {}) };
}

/** plugin.json's "hooks" names a file that is not there: Claude reports the plugin's hooks as failing to load. */
function missingHooksFile(manifest: string, display: string, missing: string): Diagnostic {
  const before = manifest.slice(0, Math.max(0, manifest.indexOf('"hooks"'))).split("\n");
  return {
    code: "plugin-hooks-file-missing",
    severity: "warning",
    file: display,
    line: before.length,
    column: before.at(-1)!.length + 1,
    message: `"hooks" names ${missing}, which does not exist; Claude Code cannot load these hooks of the plugin either`,
  };
}
