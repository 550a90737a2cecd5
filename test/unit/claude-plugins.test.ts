// Finding a Claude Code plugin's hooks: which plugins the settings enable (the later settings file
// decides, as for any key), where installed_plugins.json says they are, and which files hold their
// hooks (https://code.claude.com/docs/en/plugins-reference).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enabledPluginIds, installPaths, pluginDataDir, pluginHookFiles, pluginOptions } from "../../schema/claude-plugins.js";
import { optionNotes, optionVariable, substituteOptions } from "../../schema/plugin-options.js";
import type { Handler } from "../../schema/types.js";

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

describe("a plugin's user configuration (userConfig, pluginConfigs)", () => {
  const manifest = JSON.stringify({
    name: "deploy",
    userConfig: {
      base_branch: { type: "string", title: "Base branch", default: "main" },
      "max-files": { type: "number", title: "Max files", default: 20 },
      api_token: { type: "string", title: "Token", sensitive: true, default: "never-used" },
      paths: { type: "string", title: "Paths", multiple: true },
      region: { type: "string", title: "Region" },
    },
  });

  it("the settings' values over the manifest's defaults, the highest-ranked file deciding per option; sensitive ones are never read", () => {
    const texts = [
      { kind: "user", text: '{"pluginConfigs": {"deploy@team": {"options": {"base_branch": "develop", "paths": ["src", "lib"], "api_token": "leak"}}}}' },
      { kind: "project", text: '{"pluginConfigs": {"deploy@team": {"options": {"base_branch": "trunk"}}, "other@team": {"options": {"region": "x"}}}}' },
    ] as const;
    expect(pluginOptions(manifest, texts, "deploy@team")).toEqual({
      values: { base_branch: "trunk", "max-files": "20", paths: "src,lib" },
      sensitive: ["api_token"],
    });
    expect(pluginOptions(undefined, [], "deploy@team")).toEqual({ values: {}, sensitive: [] });
    expect(pluginOptions("{not json", [{ kind: "user", text: "[1]" }], "deploy@team")).toEqual({ values: {}, sensitive: [] });
  });

  it("names the variable as Claude does (upper-cased, other characters as _) and substitutes ${user_config.KEY}", () => {
    expect(optionVariable("max-files")).toBe("CLAUDE_PLUGIN_OPTION_MAX_FILES");
    expect(optionVariable("base_branch")).toBe("CLAUDE_PLUGIN_OPTION_BASE_BRANCH");
    const values: Record<string, string> = { base_branch: "trunk" };
    expect(substituteOptions("--base=${user_config.base_branch} ${user_config.region}.", (key) => values[key])).toBe("--base=trunk .");
  });

  it("a shell-form command naming ${user_config.KEY} is refused, as Claude refuses it; sensitive and unset options are differences", () => {
    const plugin = { id: "deploy@team", root: "/p", data: "/d", options: { base_branch: "trunk" }, sensitiveOptions: ["api_token"] };
    const command = (fields: Record<string, unknown>) => ({ type: "command", ...fields }) as Handler;
    expect(optionNotes(command({ command: "deploy --base ${user_config.base_branch}" }), plugin).refused).toContain(
      'use the exec form ("args") or $CLAUDE_PLUGIN_OPTION_BASE_BRANCH',
    );
    expect(optionNotes(command({ command: "deploy", args: ["${user_config.base_branch}"] }), plugin)).toEqual({ differences: [] });
    const notes = optionNotes(command({ command: "deploy", args: ["${user_config.region}", "$CLAUDE_PLUGIN_OPTION_API_TOKEN"] }), plugin);
    expect(notes.refused).toBeUndefined();
    expect(notes.differences).toEqual([
      expect.stringContaining("option api_token is sensitive: Claude keeps it in the keychain"),
      expect.stringContaining("option region has no value in pluginConfigs and no default"),
    ]);
  });
});
