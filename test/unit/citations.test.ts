// Comments cite where a behaviour comes from, and a newcomer must be able to follow each citation
// from a clone. The research notes under ../shared/reference are not part of the repository, so
// citations point at upstream docs and source, or at the project's own docs/ files; this holds both.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

const SELF = path.relative(REPO_ROOT, fileURLToPath(import.meta.url));
const FOLDERS = ["cli", "plugin", "schema", "scripts", "test"];
const OUTSIDE_NOTES = ["shared/reference", "claude-code-hooks.md", "opencode-plugin-api.md", "opencode-headless.md"];

/** Every file under the cited folders, plus README.md and docs/*.md, as [repo-relative path, text]. */
async function sources(): Promise<Array<[string, string]>> {
  const files = ["README.md", ...(await docPages())];
  for (const folder of FOLDERS) {
    for (const entry of await readdir(path.join(REPO_ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  return Promise.all(files.filter((file) => file !== SELF).map(async (file) => [file, await readFile(path.join(REPO_ROOT, file), "utf8")] as [string, string]));
}

/** The documentation pages, docs/*.md, as repo-relative paths. */
async function docPages(): Promise<string[]> {
  return (await readdir(path.join(REPO_ROOT, "docs"))).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);
}

/** Markdown pages are prose throughout; in code, only comments name documents. */
const isPage = (file: string) => file.endsWith(".md");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** Each `docs/<name>.md §N` on a line, e.g. "docs/opencode-observed.md §1, §2" gives §1 and §2. */
function docCitations(text: string): Array<{ doc: string; section: string }> {
  const found: Array<{ doc: string; section: string }> = [];
  for (const line of text.split("\n")) {
    for (const match of line.matchAll(/\bdocs\/[\w./-]+\.md/g)) {
      const rest = line.slice(match.index + match[0].length);
      for (const section of rest.matchAll(/§(\d+)/g)) found.push({ doc: match[0], section: section[1]! });
    }
  }
  return found;
}

describe("citations", () => {
  it("no file in cli/, plugin/, schema/, scripts/, test/, README.md or docs/ names the reference notes outside the repository", async () => {
    const mentions = (await sources()).flatMap(([file, text]) =>
      text
        .split("\n")
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => OUTSIDE_NOTES.some((name) => line.includes(name)))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(mentions).toEqual([]);
  });

  it("every docs/*.md a comment, the README or a docs page names exists", async () => {
    const prose = (file: string, text: string) =>
      isPage(file)
        ? text
        : text
            .split("\n")
            .filter((line) => /^\s*(\/\/|\*)/.test(line))
            .join("\n");
    const named = (await sources()).flatMap(([file, text]) =>
      [...prose(file, text).matchAll(/\bdocs\/[\w./-]+\.md\b/g)].map((match) => ({ file, doc: match[0] })),
    );
    expect(named.filter(({ doc }) => !existsSync(path.join(REPO_ROOT, doc))).map(({ file, doc }) => `${file}: ${doc}`)).toEqual([]);
  });

  it("every relative link of the README and the docs pages leads to a file, and to a heading of it when it names one", async () => {
    const pages = (await sources()).filter(([file]) => isPage(file));
    expect(pages.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const [file, text] of pages) {
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const [target = "", anchor] = match[1]!.split("#");
        if (/^[a-z]+:/.test(target)) continue; // a URL: not ours to check
        const resolved = target === "" ? file : path.join(path.dirname(file), target);
        if (!existsSync(path.join(REPO_ROOT, resolved))) {
          broken.push(`${file}: ${match[1]}`);
          continue;
        }
        if (anchor === undefined || !resolved.endsWith(".md")) continue;
        const headings = (await readFile(path.join(REPO_ROOT, resolved), "utf8")).split("\n").filter((line) => /^#{1,6} /.test(line));
        if (!headings.some((heading) => anchorOf(heading.replace(/^#+ /, "")) === anchor)) broken.push(`${file}: ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs/*.md §N cited exists as a file with a heading for section N", async () => {
    const cited = (await sources()).flatMap(([file, text]) => docCitations(text).map((citation) => ({ file, ...citation })));
    expect(cited.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const { file, doc, section } of cited) {
      const target = path.join(REPO_ROOT, doc);
      const headings = existsSync(target) ? (await readFile(target, "utf8")).split("\n").filter((line) => /^#{1,6} /.test(line)) : [];
      if (!headings.some((heading) => new RegExp(`^#{1,6} ${section}\\.? `).test(heading))) missing.push(`${file}: ${doc} §${section}`);
    }
    expect(missing).toEqual([]);
  });
});
