// Reads the hooks in Claude Code skill and agent frontmatter. Skills: every `.claude/skills/**/SKILL.md`
// of the project (with --user, of the Claude config dir), the folders OpenCode loads Claude skills
// from; their hooks are converted, to run in a session once its skill tool loaded that skill. Agent
// definitions (`.claude/agents/*.md`): OpenCode does not run them, so their hooks are read only to
// be reported as dropped, with why, instead of being passed over in silence.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { claudeConfigDir, type SettingsFile, type SettingsText } from "../load-settings.js";
import { insideProject } from "../paths.js";
import type { PositionMap } from "../position-map.js";
import { readTextIfExists } from "./read-text.js";

export interface FrontmatterInputs {
  texts: SettingsText[];
  diagnostics: Diagnostic[];
}

export async function readFrontmatterHooks(projectDir: string, user: boolean, env: NodeJS.ProcessEnv): Promise<FrontmatterInputs> {
  const base = user ? claudeConfigDir(env) : path.join(projectDir, ".claude");
  const shown = (file: string) => (user ? file : (insideProject(projectDir, file) ?? file));
  const found: FrontmatterInputs = { texts: [], diagnostics: [] };
  const skills = filesNamed(path.join(base, "skills"), (name) => name === "SKILL.md");
  const agents = filesNamed(path.join(base, "agents"), (name) => name.endsWith(".md"));
  if (skills.length === 0 && agents.length === 0) return found;
  // The YAML parser is loaded only where there are skills or agents: with jsdiff, about 18 ms of every convert otherwise.
  const { frontmatterHooks } = await import("../frontmatter-hooks.js");
  /** A file's frontmatter hooks and the line they start at; its findings are kept either way. */
  const hooksIn = (file: string) => {
    const markdown = readTextIfExists(file);
    const read = markdown === undefined ? undefined : frontmatterHooks(markdown, shown(file));
    if (read) found.diagnostics.push(...read.diagnostics);
    return read?.hooksJson === undefined ? undefined : { ...read, hooksJson: read.hooksJson, raw: markdown! };
  };
  const add = (file: string, read: { hooksJson: string; raw: string; positions?: PositionMap }, origin: Pick<SettingsFile, "kind" | "skill" | "agent">) =>
    found.texts.push({
      file: { ...origin, path: file, display: shown(file), optional: true, ...(read.positions ? { positions: read.positions } : {}) },
      text: read.hooksJson,
      raw: read.raw,
    });
  for (const file of skills) {
    const read = hooksIn(file);
    if (!read) continue;
    const root = path.dirname(file);
    const skill = {
      name: read.name ?? path.basename(root),
      root: user ? root : shown(root),
      ...(read.userInvokedOnly ? { userInvokedOnly: true as const } : {}),
    };
    add(file, read, { kind: "skill", skill });
  }
  for (const file of agents) {
    const read = hooksIn(file);
    // Read so that the report lists each one as dropped, with why (classify.ts).
    if (read) add(file, read, { kind: "agent", agent: read.name ?? path.basename(file, ".md") });
  }
  return found;
}

/** Read synchronously, and a folder that is not there (most projects have no skills) costs one stat, not a thrown error. */
function filesNamed(dir: string, wanted: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && wanted(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}
