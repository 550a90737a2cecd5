// The README is a front page a newcomer reads in five minutes; the reference lives in docs/, one page
// per concern. This holds both halves: the README stays short, and no page of docs/ is unreachable from it.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

// The architecture page is linked before it is written: the README names every page it must have.
const REQUIRED_PAGES = ["architecture.md"];

describe("the README as a front page", () => {
  it("is at most 12 KB", async () => {
    expect((await stat(path.join(REPO_ROOT, "README.md"))).size).toBeLessThanOrEqual(12 * 1024);
  });

  it("links every page of docs/", async () => {
    const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
    const linked = new Set([...readme.matchAll(/\]\(docs\/([\w.-]+\.md)(#[^)]*)?\)/g)].map((match) => match[1]!));
    const pages = (await readdir(path.join(REPO_ROOT, "docs"))).filter((name) => name.endsWith(".md"));
    expect(pages.length).toBeGreaterThan(5);
    expect([...new Set([...pages, ...REQUIRED_PAGES])].filter((page) => !linked.has(page)).sort()).toEqual([]);
  });
});
