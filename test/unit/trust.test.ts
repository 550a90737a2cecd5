// Claude Code's workspace trust for the live plugin (plugin/live/trust.ts; https://code.claude.com/docs/en/hooks,
// "Workspace trust"): who trusts a folder, and where the records live.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ancestors, claudeConfigFile, decideTrust, trustFile, type TrustInputs } from "../../plugin/live/trust.js";

const folder = "/home/ada/work/app";
const nobody: TrustInputs = { folder, host: "tui", trusted: [], claudeProjects: {} };
const accepted = { hasTrustDialogAccepted: true };

describe("decideTrust", () => {
  it.each<[string, Partial<TrustInputs>, boolean, string]>([
    ["opencode run is trusted like claude -p", { host: "run" }, true, "opencode run is non-interactive"],
    ["the TUI with no record holds hooks back", {}, false, "neither Claude Code nor hooks2opencode trust"],
    ["opencode serve with no record holds hooks back", { host: "serve" }, false, "neither Claude Code nor hooks2opencode trust"],
    [
      "the project's own opencode.json names the plugin",
      { host: "serve", chosenBy: "opencode.json" },
      true,
      "the project's own opencode.json names hooks2opencode",
    ],
    ["hooks2opencode trust recorded the folder", { trusted: [folder] }, true, `hooks2opencode trust ${folder}`],
    ["a recorded folder written with a trailing slash", { trusted: [`${folder}/`] }, true, `hooks2opencode trust ${folder}`],
    ["hooks2opencode trust recorded a parent", { trusted: ["/home/ada"] }, true, "hooks2opencode trust /home/ada"],
    ["a recorded child does not trust its parent", { trusted: [`${folder}/sub`] }, false, "neither"],
    ["a recorded sibling with the same prefix does not count", { trusted: [`${folder}-old`] }, false, "neither"],
    ["Claude Code accepted the trust dialog for the folder", { claudeProjects: { [folder]: accepted } }, true, `Claude Code trusts ${folder}`],
    ["Claude Code accepted it for a parent", { claudeProjects: { "/home/ada/work": accepted } }, true, "Claude Code trusts /home/ada/work"],
    ["Claude Code's record without the dialog accepted", { claudeProjects: { [folder]: { hasTrustDialogAccepted: false } } }, false, "neither"],
    ["Claude Code's record with a non-boolean value", { claudeProjects: { [folder]: { hasTrustDialogAccepted: "true" } } }, false, "neither"],
    ["Claude Code's record of a child folder", { claudeProjects: { [`${folder}/sub`]: accepted } }, false, "neither"],
    [
      "a record of the real path of a symlinked checkout",
      { realFolder: "/srv/checkouts/app", trusted: ["/srv/checkouts"] },
      true,
      "hooks2opencode trust /srv/checkouts",
    ],
    [
      "Claude Code's record of the real path",
      { realFolder: "/srv/checkouts/app", claudeProjects: { "/srv/checkouts/app": accepted } },
      true,
      "Claude Code trusts /srv/checkouts/app",
    ],
    ["the real path untrusted either way", { realFolder: "/srv/checkouts/app", trusted: ["/srv/other"] }, false, "neither"],
  ])("%s", (_name, given, trusted, because) => {
    const trust = decideTrust({ ...nobody, ...given });
    expect(trust.trusted).toBe(trusted);
    expect(trust.because).toContain(because);
  });

  it("the nearest record names the reason: the folder's own before a parent's, hooks2opencode's before Claude's", () => {
    expect(decideTrust({ ...nobody, trusted: ["/home", folder] }).because).toBe(`hooks2opencode trust ${folder}`);
    expect(decideTrust({ ...nobody, trusted: ["/home"], claudeProjects: { [folder]: accepted } }).because).toBe("hooks2opencode trust /home");
  });
});

describe("ancestors", () => {
  it("lists the folder and every folder above it, nearest first, resolved", () => {
    expect(ancestors("/a/b/../c")).toEqual(["/a/c", "/a", "/"]);
    expect(ancestors("/")).toEqual(["/"]);
    expect(ancestors("rel")[0]).toBe(path.resolve("rel"));
  });
});

describe("trustFile: the user's config folder, never a project's", () => {
  it.each([
    [{ HOME: "/home/ada" }, "/home/ada/.config/hooks2opencode/trusted.json"],
    [{ HOME: "/home/ada", XDG_CONFIG_HOME: "/xdg" }, "/xdg/hooks2opencode/trusted.json"],
  ])("%j -> %s", (env, file) => {
    expect(trustFile(env)).toBe(file);
  });
});

describe("claudeConfigFile", () => {
  it.each([
    [{ HOME: "/home/ada" }, "/home/ada/.claude.json"],
    [{ HOME: "/home/ada", CLAUDE_CONFIG_DIR: "/cfg/claude" }, "/cfg/claude/.claude.json"],
    [{ HOME: "/home/ada", CLAUDE_CONFIG_DIR: "" }, "/home/ada/.claude.json"],
  ])("%j -> %s", (env, file) => {
    expect(claudeConfigFile(env)).toBe(file);
  });
});
