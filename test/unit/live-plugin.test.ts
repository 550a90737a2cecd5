// The live door's own logic: which opencode.json specs name this package, its options, the
// ConfigChange decision on the results of real hook processes, and the hooks read from settings
// texts (Claude's skip-the-bad-entry rule; a file that cannot be read keeps its last readable hooks).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { projectSettingsFiles, type SettingsText, userSettingsFile, validateSettingsTexts } from "../../schema/load-settings.js";
import { mergeSources } from "../../schema/merge-sources.js";
import { systemShell } from "../../schema/system-shell.js";
import { compileHandlers } from "../../plugin/compile.js";
import { decideConfigChange } from "../../plugin/events/config-change.js";
import { LIVE_ONLY } from "../../plugin/events/index.js";
import { classify } from "../../plugin/load/classify.js";
import { type LastReadable, liveHooks } from "../../plugin/live/live-hooks.js";
import { DEFAULT_WATCH_INTERVAL_MS, liveOptions } from "../../plugin/live/options.js";
import { namesThisPlugin } from "../../plugin/live/project-choice.js";
import { type HandlerRun, runHandlers } from "../../plugin/run/run-handlers.js";

const scratch = mkdtempSync(path.join(tmpdir(), "live-plugin-unit-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function packageFolder(relative: string, name: string): string {
  const dir = path.join(scratch, relative);
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0" }));
  writeFileSync(path.join(dir, "dist", "live.js"), "export default {};\n");
  return dir;
}

describe("namesThisPlugin: an opencode.json `plugin` spec of this package", () => {
  const ours = packageFolder("vendor/h2o", "hooks2opencode");
  const theirs = packageFolder("vendor/other", "opencode-other-plugin");
  const bare = path.join(scratch, "bare");
  mkdirSync(bare, { recursive: true });

  it.each([
    ["hooks2opencode", true],
    ["hooks2opencode@1.2.3", true],
    ["hooks2opencode@latest", true],
    ["hooks2opencode-extra", false],
    ["@someone/hooks2opencode", false],
    ["opencode-other-plugin", false],
    ["./vendor/h2o", true],
    ["./vendor/h2o/dist/live.js", true],
    ["vendor/h2o", false], // not a path to OpenCode: an npm name
    ["./vendor/other", false],
    ["./bare", false],
    [pathToFileURL(ours).href, true],
    [pathToFileURL(path.join(ours, "dist/live.js")).href, true],
    [pathToFileURL(theirs).href, false],
    [ours, true],
    [theirs, false],
  ])("%s -> %s", (spec, names) => {
    expect(namesThisPlugin(spec, scratch)).toBe(names);
  });

  it("a relative path is read from the folder of the file that declares it", () => {
    expect(namesThisPlugin("../vendor/h2o", path.join(scratch, "project"))).toBe(true);
    expect(namesThisPlugin("./h2o", path.join(scratch, "vendor"))).toBe(true);
    expect(namesThisPlugin("./h2o", scratch)).toBe(false);
  });
});

describe("liveOptions: anything unexpected falls back to the default", () => {
  it.each([
    [undefined, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    ["managed", { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [[{ managed: true }], { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ managed: true }, { managed: true, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ managed: "/opt/policy" }, { managed: "/opt/policy", watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ managed: "" }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ managed: 1 }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ watchInterval: 0 }, { managed: false, watchInterval: 0, permissions: false }],
    [{ watchInterval: 2000 }, { managed: false, watchInterval: 2000, permissions: false }],
    [{ watchInterval: -1 }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ watchInterval: "100" }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ watchInterval: Number.NaN }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ watchInterval: Number.POSITIVE_INFINITY }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
    [{ permissions: true }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: true }],
    [{ permissions: "yes" }, { managed: false, watchInterval: DEFAULT_WATCH_INTERVAL_MS, permissions: false }],
  ])("%j -> %j", (given, options) => {
    expect(liveOptions(given)).toEqual(options);
  });
});

describe("decideConfigChange, on what real hook processes return", () => {
  /** Runs each command as a ConfigChange hook with real sh; the runs in settings order. */
  async function runs(...commands: string[]): Promise<HandlerRun[]> {
    const compiled = compileHandlers({
      generator: "test",
      handlers: commands.map((command, index) => ({
        event: "ConfigChange" as const,
        source: "project" as const,
        where: `.claude/settings.json:${index + 1}:1`,
        handler: { type: "command" as const, command },
      })),
    });
    const input = { hook_event_name: "ConfigChange", source: "project_settings", file_path: path.join(scratch, ".claude/settings.json") };
    return runHandlers(
      compiled.get("ConfigChange")!,
      { event: "ConfigChange", input },
      { cwd: scratch, projectDir: scratch, env: { PATH: process.env.PATH ?? "" } },
    );
  }

  it.each([
    ["exit 0, no output", ["exit 0"], false],
    ["exit 2 with a reason on stderr", ["echo 'settings are frozen' >&2; exit 2"], true],
    ['decision "block" on exit 0', [`echo '{"decision":"block","reason":"frozen"}'`], true],
    ["a non-blocking error (exit 1)", ["echo oops >&2; exit 1"], false],
    ["a command that cannot run at all", ["/no/such/hook-script"], false],
    ["JSON without a decision", [`echo '{"systemMessage":"seen"}'`], false],
    ["one block among several", ["exit 0", "exit 2", "exit 1"], true],
  ])("%s -> blocked: %s", async (_name, commands, blocked) => {
    expect(decideConfigChange(await runs(...commands)).blocked).toBe(blocked);
  });

  it("systemMessage and continue are discarded; errors become notices or not-run lines", async () => {
    const decision = decideConfigChange(await runs(`echo '{"systemMessage":"hi","continue":false}'`, "echo oops >&2; exit 1", "/no/such/hook-script"));
    expect(decision.systemMessages).toEqual([]);
    expect(decision.notices).toEqual(["ConfigChange hook error: [echo oops >&2; exit 1]: Failed with non-blocking status code: oops"]);
    expect(decision.notRun).toHaveLength(1);
    expect(decision.notRun![0]).toContain("ConfigChange hook error: [/no/such/hook-script]: the hook could not run");
  });
});

describe("liveHooks", () => {
  const projectDir = path.join(scratch, "project");
  const [projectFile] = projectSettingsFiles(projectDir);
  const userFile = userSettingsFile({ CLAUDE_CONFIG_DIR: path.join(scratch, "claude") });
  const text = (file: typeof projectFile, value: string | object): SettingsText => ({
    file: file!,
    text: typeof value === "string" ? value : JSON.stringify(value),
  });
  const hook = (event: string, command: string) => ({ hooks: { [event]: [{ hooks: [{ type: "command", command }] }] } });
  const read = (texts: SettingsText[], last: LastReadable) => liveHooks(texts, [], { sh: systemShell(), generator: "test", projectDir, last });
  const commands = (hooks: ReturnType<typeof read>) => hooks.config.handlers.map((handler) => (handler.handler as { command: string }).command);

  it("a settings text that becomes invalid JSON keeps the hooks last read from it, and says which file", () => {
    const last: LastReadable = new Map();
    expect(commands(read([text(projectFile, hook("PreToolUse", "./first.sh"))], last))).toEqual(["./first.sh"]);
    const broken = read([text(projectFile, '{ "hooks": { "PreToolUse": [')], last);
    expect(commands(broken)).toEqual(["./first.sh"]);
    expect(broken.keptFromBefore).toEqual([".claude/settings.json"]);
    expect(broken.diagnostics.some((diagnostic) => diagnostic.severity === "error" && diagnostic.code === "json-syntax")).toBe(true);
    // Readable again: the new text applies, and nothing is kept any more.
    const fixed = read([text(projectFile, hook("PreToolUse", "./second.sh"))], last);
    expect(commands(fixed)).toEqual(["./second.sh"]);
    expect(fixed.keptFromBefore).toEqual([]);
  });

  it("a file that was never readable has nothing to keep; a settings file that is not an object is unreadable too", () => {
    const last: LastReadable = new Map();
    const never = read([text(projectFile, "{ nope")], last);
    expect(commands(never)).toEqual([]);
    expect(never.keptFromBefore).toEqual([]);
    read([text(projectFile, hook("Stop", "./stop.sh"))], last);
    expect(commands(read([text(projectFile, "[1, 2]")], last))).toEqual(["./stop.sh"]);
  });

  it("one unreadable file keeps its own hooks only: another file's edit applies", () => {
    const last: LastReadable = new Map();
    read([text(userFile, hook("Stop", "./user-1.sh")), text(projectFile, hook("Stop", "./project-1.sh"))], last);
    const next = read([text(userFile, hook("Stop", "./user-2.sh")), text(projectFile, "{")], last);
    expect(commands(next).sort()).toEqual(["./project-1.sh", "./user-2.sh"]);
    expect(next.keptFromBefore).toEqual([".claude/settings.json"]);
  });

  it("a malformed entry is a warning: only it is skipped, the rest of the new text applies (Claude's rule)", () => {
    const last: LastReadable = new Map();
    read([text(projectFile, hook("PreToolUse", "./old.sh"))], last);
    const settings = {
      hooks: {
        PreToolUse: [{ hooks: [{ type: "command", command: "./new.sh" }, { type: "command" }] }],
        NotAnEvent: [{ hooks: [{ type: "command", command: "./never.sh" }] }],
      },
    };
    const next = read([text(projectFile, settings)], last);
    expect(commands(next)).toEqual(["./new.sh"]);
    expect(next.keptFromBefore).toEqual([]);
    expect(next.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(next.diagnostics.every((diagnostic) => diagnostic.severity === "warning")).toBe(true);
  });

  it("ConfigChange hooks are translated by the live door, and dropped by convert's with the live door's reason", () => {
    const live = read([text(projectFile, hook("ConfigChange", "./audit.sh"))], new Map());
    expect(live.rows.map((row) => [row.entry.event, row.status])).toEqual([["ConfigChange", "translated"]]);
    expect(commands(live)).toEqual(["./audit.sh"]);

    const loaded = validateSettingsTexts([text(projectFile, hook("ConfigChange", "./audit.sh"))], systemShell());
    const generated = classify(mergeSources(loaded.sources), "generated");
    expect(generated.rows.map((row) => [row.status, row.notes])).toEqual([["dropped", [LIVE_ONLY.ConfigChange]]]);
    expect(generated.handlers).toEqual([]);
  });
});
