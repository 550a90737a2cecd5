// The record of a conversion's flags, in memory: which file records which flag, how a later run reads
// them back (the plugin's header, the local hooks file), and what a run takes, leaves out or finds gone.
import { describe, expect, it } from "vitest";
import { bodyLines, headerFlags, parseHeader, renderHeader } from "../../cli/build/generated-header.js";
import { applyRecords, type FlagsRecord, recordFor, type SourceFlags } from "../../cli/build/recorded-flags.js";
import { localHooksFlags, parseLocalHooks, renderLocalHooks } from "../../cli/build/render-plugin.js";

const project = "/work/app";
const local: FlagsRecord = { file: ".opencode/claude-hooks.local.json", flags: { plugin: ["/opt/guard"], managed: true } };
const own: FlagsRecord = { file: ".opencode/plugins/claude-hooks.js", flags: { plugin: ["vendor/lint"] } };
const everything = () => true;

describe("applyRecords", () => {
  it.each<[string, SourceFlags, SourceFlags, string[], string[]]>([
    [
      "a bare run takes every recorded flag",
      {},
      { settings: [], plugins: ["/work/app/vendor/lint", "/opt/guard"], managed: true },
      ["--plugin", "--plugin", "--managed"],
      [],
    ],
    [
      "--plugin given replaces the recorded folders, leaving out those not given",
      { plugins: ["/opt/guard"] },
      { settings: [], plugins: ["/opt/guard"], managed: true },
      ["--managed"],
      ["vendor/lint"],
    ],
    [
      "--plugin given again with every recorded folder drops nothing",
      { plugins: ["/opt/guard", "/work/app/vendor/lint"] },
      { settings: [], plugins: ["/opt/guard", "/work/app/vendor/lint"], managed: true },
      ["--managed"],
      [],
    ],
    [
      "--managed DIR given replaces the recorded --managed",
      { managed: "/etc/policy" },
      { settings: [], plugins: ["/work/app/vendor/lint", "/opt/guard"], managed: "/etc/policy" },
      ["--plugin", "--plugin"],
      ["--managed"],
    ],
  ])("%s", (_name, given, flags, used, dropped) => {
    const result = applyRecords(given, [own, local], project, everything);
    expect(result.flags).toEqual(flags);
    expect(result.use.used.map((input) => input.flag)).toEqual(used);
    expect(result.use.dropped.map((input) => input.value ?? input.flag)).toEqual(dropped);
    expect(result.use.gone).toEqual([]);
  });

  it("a recorded folder that is gone is not used, and named with the file that recorded it", () => {
    const result = applyRecords({}, [own, local], project, (file) => file !== "/opt/guard");
    expect(result.flags.plugins).toEqual(["/work/app/vendor/lint"]);
    expect(result.use.gone).toEqual([{ flag: "--plugin", value: "/opt/guard", path: "/opt/guard", from: local.file }]);
  });
});

describe("recordFor", () => {
  const flags: SourceFlags = { plugins: ["/work/app/vendor/lint", "/opt/guard"], managed: "/etc/policy" };
  it.each([
    ["project", { plugin: ["vendor/lint"] }, { plugin: ["/opt/guard"], managed: "/etc/policy" }],
    ["user", { plugin: ["/work/app/vendor/lint", "/opt/guard"], managed: "/etc/policy" }, {}],
  ] as const)("%s mode: the committed plugin records project-relative folders, the local hooks file this machine's", (mode, plugin, machine) => {
    expect(recordFor(flags, project, mode)).toEqual({ plugin, local: machine });
  });

  it("--settings: the plugin records the files; no local hooks file, so outside folders go unrecorded (their hooks go nowhere)", () => {
    expect(recordFor({ ...flags, settings: ["/work/app/hooks/a.json", "/srv/b.json"] }, project, "settings")).toEqual({
      plugin: { settings: ["hooks/a.json", "/srv/b.json"], plugin: ["vendor/lint"] },
      local: {},
    });
  });
});

describe("the record, read back", () => {
  const info = { version: "1.2.3", sources: [".claude/settings.json"], command: "npx hooks2opencode convert", inputsHash: "abc" };

  it("the plugin's header: a Flags line only when there are flags; any path survives the one-line comment", () => {
    const flags = { plugin: ["vendor/a\nb\u2028c"], managed: true as const };
    const text = renderHeader({ ...info, flags }, "body\n") + "body\n";
    expect(text.split("\n")[3]).toBe('// Flags: {"plugin":["vendor/a\\nb\\u2028c"],"managed":true}');
    expect(parseHeader(text)).toEqual({ inputsHash: "abc", bodyHash: expect.any(String), intact: true });
    expect(headerFlags(text)).toEqual(flags);
    expect(headerFlags(text.replace(/\n/g, "\r\n"))).toEqual(flags); // a CRLF checkout
    expect(headerFlags(renderHeader(info, "body\n") + "body\n")).toBeUndefined();
    expect(bodyLines(text)).toEqual(["body", ""]);
    expect(renderHeader({ ...info, flags: {} }, "body\n")).toBe(renderHeader(info, "body\n"));
    expect(headerFlags(text.replace('"managed":true', '"managed":1'))).toBeUndefined(); // not a record: ignored
  });

  it("the local hooks file: its flags are part of the hashed data, and its mark names the files its hooks came from", () => {
    const config = { generator: "hooks2opencode 1.2.3", handlers: [] };
    const text = renderLocalHooks(config, "1.2.3", ["~/guard/hooks/hooks.json"], { plugin: ["/home/me/guard"] });
    expect(JSON.parse(text)["//"]).toBe("@generated by hooks2opencode 1.2.3 from ~/guard/hooks/hooks.json; do not commit, do not edit");
    expect(localHooksFlags(text)).toEqual({ plugin: ["/home/me/guard"] });
    expect(parseLocalHooks(text)).toEqual({ ours: true, intact: true });
    expect(parseLocalHooks(text.replace("/home/me/guard", "/home/me/other"))).toEqual({ ours: true, intact: false });
    expect(localHooksFlags(renderLocalHooks(config, "1.2.3", [".claude/settings.local.json"]))).toBeUndefined();
  });
});
