// The YAML between a .md file's opening `---` lines, as text: what convert parses for a skill's or
// an agent's hooks, and what the plugin hashes at load to notice that they changed (it parses no
// YAML). Pure.
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** undefined when the file has no frontmatter. */
export function frontmatterText(markdown: string): string | undefined {
  return FRONTMATTER.exec(markdown.replace(/^\uFEFF/, ""))?.[1];
}
