// The `hooks:` block of a skill's SKILL.md or an agent's .md frontmatter, read with a YAML parser:
// the same shape as a settings file's `hooks` value, handed on as JSON text for the validator, with
// YAML errors located in the .md file. Pure.
// Source: https://code.claude.com/docs/en/hooks#hooks-in-skills-and-agents.
import { LineCounter, parseDocument } from "yaml";
import type { Diagnostic } from "./diagnostics.js";

export interface FrontmatterHooks {
  /** The frontmatter's `name`, if it is a string. */
  name?: string;
  /** `{"hooks": …}` as JSON, when the frontmatter has a `hooks` key. */
  hooksJson?: string;
  /** The line of the `hooks:` key in the .md file (1-based), where the validator's findings are shown. */
  hooksLine?: number;
  diagnostics: Diagnostic[];
}

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function frontmatterHooks(markdown: string, file: string): FrontmatterHooks {
  const match = FRONTMATTER.exec(markdown.replace(/^\uFEFF/, ""));
  if (!match) return { diagnostics: [] };
  const yaml = match[1] ?? "";
  const lines = new LineCounter();
  const document = parseDocument(yaml, { lineCounter: lines, prettyErrors: false });
  const diagnostics = document.errors.map((error): Diagnostic => {
    const at = lines.linePos(error.pos[0]);
    return {
      code: "frontmatter-yaml",
      severity: "warning",
      file,
      line: at.line + 1, // after the opening ---
      column: at.col,
      message: `${error.message.split("\n")[0]}; Claude Code cannot read this frontmatter, so its hooks never run`,
    };
  });
  if (diagnostics.length > 0) return { diagnostics };
  const data = document.toJS() as { name?: unknown; hooks?: unknown } | null;
  if (typeof data !== "object" || data === null) return { diagnostics };
  const name = typeof data.name === "string" ? data.name : undefined;
  if (data.hooks === undefined) return { ...(name ? { name } : {}), diagnostics };
  const line = yaml.split(/\r?\n/).findIndex((text) => /^hooks\s*:/.test(text));
  return { ...(name ? { name } : {}), hooksJson: JSON.stringify({ hooks: data.hooks }, null, 2), hooksLine: line + 2, diagnostics };
}
