// A plugin written with --out and a later bare convert (or the other way round) leave two generated
// plugins of the same settings in the project: OpenCode loads every .js/.ts of its plugin folders,
// so each of those hooks would run twice. convert and check name such a twin. Only the plugin
// folders OpenCode scans in the project (.opencode/plugin, .opencode/plugins) are looked at.
import path from "node:path";
import { generatedIn } from "../../plugin/live/generated-plugins.js";
import { HEADER_MARK } from "../build/generated-header.js";

/** The other generated plugins beside this one that were converted from the same sources. */
export function twinPlugins(projectDir: string, pluginFile: string, pluginText: string): string[] {
  const source = sourceLine(pluginText);
  if (source === undefined) return [];
  return generatedIn(path.join(projectDir, ".opencode"))
    .filter(({ file, head }) => path.resolve(file) !== path.resolve(pluginFile) && sourceLine(head) === source)
    .map(({ file }) => file);
}

/** A generated plugin's "Source:" line (undefined: not generated). */
function sourceLine(text: string): string | undefined {
  if (!text.startsWith(HEADER_MARK)) return undefined;
  return text.replace(/\r\n/g, "\n").split("\n", 2)[1];
}

export function twinWarning(twin: string, output: string): string {
  return `warning: ${twin} is another plugin hooks2opencode generated from the same settings as ${output}; OpenCode loads both, so their hooks run twice. Remove one (convert with --out ${twin} to keep that one).`;
}
