// Finding a Claude Code plugin's hooks: which plugins the settings enable (the later settings file
// decides, as for any key), where installed_plugins.json says they are, and which files hold their
// hooks (https://code.claude.com/docs/en/plugins-reference).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enabledPluginIds, installPaths, pluginDataDir, pluginHookFiles } from "../../schema/claude-plugins.js";

describe("enabled plugins", () => {
  it("the highest-ranked settings file decides per plugin; false disables", () => {
    const texts = [
      { kind: "user", text: '{"enabledPlugins": {"memory@mkt": true, "lint@mkt": true}}' },
      { kind: "project", text: '{"enabledPlugins": {"lint@mkt": false, "safety@mkt": true}, // comment\n}' },
      { kind: "local", text: '{"enabledPlugins": {"safety@mkt": "yes"}}' },
    ] as const;
    expect(enabledPluginIds(texts).sort()).toEqual(["memory@mkt", "safety@mkt"]);
    // Managed settings outrank every other file, here as for any key.
    expect(enabledPluginIds([...texts, { kind: "managed", text: '{"enabledPlugins": {"memory@mkt": false}}' }])).toEqual(["safety@mkt"]);
  });

  it("installed_plugins.json: a list of installs per id (the last counts) or one entry; unknown ids are not found", () => {
    const json = JSON.stringify({ version: 2, plugins: { "a@m": [{ installPath: "/old" }, { installPath: "/new" }], "b@m": { installPath: "/b" } } });
    expect([...installPaths(json, ["a@m", "b@m", "c@m"])]).toEqual([
      ["a@m", "/new"],
      ["b@m", "/b"],
    ]);
    expect(installPaths(undefined, ["a@m"]).size).toBe(0);
  });
});

describe("a plugin's hooks files", () => {
  const root = "/p";
  it.each([
    [undefined, ["/p/hooks/hooks.json"]],
    ['{"name": "x"}', ["/p/hooks/hooks.json"]],
    ['{"hooks": "./extra/hooks.json"}', ["/p/hooks/hooks.json", "/p/extra/hooks.json"]],
    ['{"hooks": ["./a.json", "hooks/hooks.json", 3]}', ["/p/hooks/hooks.json", "/p/a.json"]],
    ['{"hooks": {"Stop": []}}', ["/p/hooks/hooks.json", "/p/.claude-plugin/plugin.json"]],
  ])("plugin.json %s", (manifest, expected) => {
    expect(pluginHookFiles(root, manifest)).toEqual(expected.map((file) => path.normalize(file)));
  });

  it("keeps its data under the config dir, one folder per plugin id", () => {
    expect(pluginDataDir("/home/u/.claude", "memory@my market")).toBe("/home/u/.claude/plugins/data/memory-my-market");
  });
});
