// What doctor concludes from its probes, as data: each line's level and fix, which door runs which
// scope, and the exit code (1 when anything configured will not run).
import { describe, expect, it } from "vitest";
import {
  type DoctorProbe,
  doctorExitCode,
  doctorSections,
  formatDoctor,
  type GeneratedProbe,
  type LiveProbe,
  pluginApi,
} from "../../cli/commands/doctor-findings.js";

const plain = { red: (t: string) => t, yellow: (t: string) => t, green: (t: string) => t, dim: (t: string) => t };

const noLive: LiveProbe = {
  entries: [],
  scopes: ["user"],
  hooks: [],
  agents: [],
  heldBack: 0,
  heldBackByAgent: [],
  trust: { trusted: false, because: "no record", command: "npx hooks2opencode trust /p" },
  dropped: [],
  diagnostics: [],
};

const current: GeneratedProbe = {
  file: ".opencode/plugins/claude-hooks.js",
  scope: "project",
  place: "project",
  check: { exitCode: 0, files: [{ file: ".opencode/plugins/claude-hooks.js", state: "up to date", why: "", fix: null }] },
  imports: { ok: true, detail: "exports: ClaudeCodeHooks" },
  hooks: [
    { event: "Stop", count: 1 },
    { event: "PreToolUse", count: 2 },
  ],
  dropped: [],
};

function probe(overrides: Partial<DoctorProbe> = {}): DoctorProbe {
  return {
    directory: "/p",
    projectDir: "/p",
    opencode: { path: "/usr/bin/opencode", version: "1.18.33" },
    generated: [current],
    live: noLive,
    ...overrides,
  };
}

const problems = (p: DoctorProbe) =>
  doctorSections(p)
    .flatMap((section) => section.findings)
    .filter((finding) => finding.level === "problem");

describe("pluginApi", () => {
  it.each([
    ["1.18.33", "1.x"],
    ["1.2.0", "1.x"],
    ["v1.18.33", "1.x"],
    ["2.0.5", "2.x"],
    ["3.1.0", "2.x"],
    ["0.9.1", "unknown"],
    ["dev", "unknown"],
    [undefined, "unknown"],
  ])("%s -> %s", (version, api) => {
    expect(pluginApi(version)).toBe(api);
  });
});

describe("doctor's findings", () => {
  it("a current generated plugin that imports, on 1.x: no problem, exit 0, hooks per event in Claude's event order", () => {
    const sections = doctorSections(probe());
    expect(doctorExitCode(sections)).toBe(0);
    expect(formatDoctor(probe(), sections, plain)).toBe(
      [
        "hooks2opencode doctor: /p",
        "OpenCode",
        "  ok      opencode 1.18.33 (/usr/bin/opencode): the 1.x plugin API hooks2opencode targets (tested with 1.18.33)",
        "Doors",
        "  ok      the generated door: .opencode/plugins/claude-hooks.js runs the project's hooks (.claude/ settings and skills)",
        "Generated plugin .opencode/plugins/claude-hooks.js",
        "  ok      up to date: .opencode/plugins/claude-hooks.js",
        "  ok      it imports in OpenCode's own Bun, with exports OpenCode accepts",
        "  ok      3 hooks will run: PreToolUse 2, Stop 1",
        "Everything configured here will run.",
        "",
      ].join("\n"),
    );
  });

  it.each<[string, Partial<DoctorProbe>, string]>([
    ["no opencode on PATH", { opencode: {} }, "npm install -g opencode-ai@1"],
    ["V2", { opencode: { path: "/usr/bin/opencode", version: "2.0.5" } }, "until hooks2opencode supports V2"],
    ["no version", { opencode: { path: "/usr/bin/opencode", versionError: "exit 1" } }, "reinstall it"],
    ["a version of no known API", { opencode: { path: "/usr/bin/opencode", version: "0.3.1" } }, "use OpenCode 1.x"],
    [
      "a stale plugin",
      { generated: [{ ...current, check: { exitCode: 1, files: [{ file: "x.js", state: "stale", why: "changed", fix: "npx hooks2opencode convert" }] } }] },
      "npx hooks2opencode convert",
    ],
    ["a plugin OpenCode's Bun cannot import", { generated: [{ ...current, imports: { ok: false, detail: "SyntaxError" } }] }, "convert --force"],
    [
      "a hook the generated plugin drops",
      { generated: [{ ...current, dropped: [{ event: "Setup", handler: '"x"', where: ".claude/settings.json:3:5", why: "no event" }] }] },
      "Claude Code only",
    ],
    [
      "hooks with no door at all",
      { generated: [], live: { ...noLive, scopes: ["user", "project"], hooks: [{ event: "Stop", count: 1 }], agents: [{ agent: "claude", count: 1 }] } },
      "npx hooks2opencode convert",
    ],
    [
      "an untrusted folder holding live hooks back",
      {
        generated: [],
        live: {
          ...noLive,
          entries: [{ config: "~/.config/opencode/opencode.json", spec: "hooks2opencode", place: "global", npm: true }],
          hooks: [{ event: "Stop", count: 2 }],
          agents: [{ agent: "claude", count: 2 }],
          heldBack: 2,
          heldBackByAgent: [{ agent: "claude", count: 2 }],
        },
      },
      "npx hooks2opencode trust /p",
    ],
    [
      "an OpenCode 1.x older than the live plugin's engines",
      {
        opencode: { path: "/usr/bin/opencode", version: "1.17.9" },
        generated: [],
        live: {
          ...noLive,
          entries: [{ config: "opencode.json", spec: "hooks2opencode", place: "project", npm: true }],
          trust: { ...noLive.trust, trusted: true },
        },
      },
      "upgrade OpenCode",
    ],
  ])("%s: one problem with its fix, exit 1", (_name, overrides, fix) => {
    const found = problems(probe(overrides));
    expect(found).toHaveLength(1);
    expect(found[0]!.fix).toContain(fix);
    expect(doctorExitCode(doctorSections(probe(overrides)))).toBe(1);
  });

  it("nothing configured and no hooks: a note, exit 0; hooks of a scope no door runs: a note with the fix, not a failure", () => {
    expect(doctorExitCode(doctorSections(probe({ generated: [] })))).toBe(0);
    const agents = [
      { agent: "claude" as const, count: 1 },
      { agent: "gemini" as const, count: 1 },
    ];
    const loose = doctorSections(probe({ live: { ...noLive, hooks: [{ event: "SessionStart", count: 2 }], agents } }));
    expect(doctorExitCode(loose)).toBe(0);
    expect(loose[1]!.findings[1]).toEqual({
      level: "note",
      text: "no door here runs the user's hooks (~/.claude settings and skills): 1 Claude Code hook and 1 Gemini CLI hook",
      fix: 'npx hooks2opencode convert --user, or add "plugin": ["hooks2opencode"] to ~/.config/opencode/opencode.json',
    });
  });

  it("other agents' hooks: counted once each and named by agent, held back by agent, dropped with their agent's name", () => {
    const live: LiveProbe = {
      ...noLive,
      entries: [{ config: "opencode.json", spec: "hooks2opencode", place: "project", npm: true }],
      scopes: ["user", "project"],
      // A Gemini CLI hook riding on two engine events: two handlers, one hook.
      hooks: [
        { event: "PreToolUse", count: 2 },
        { event: "PermissionRequest", count: 1 },
      ],
      agents: [
        { agent: "claude", count: 1 },
        { agent: "gemini", count: 1 },
      ],
      heldBack: 3,
      heldBackByAgent: [
        { agent: "claude", count: 1 },
        { agent: "gemini", count: 1 },
      ],
      dropped: [{ event: "BeforeModel", handler: '"x"', where: ".gemini/settings.json:4:9", why: "not replayed", agent: "gemini" }],
    };
    const texts = doctorSections(probe({ generated: [], live }))
      .at(-1)!
      .findings.map((finding) => `${finding.level} ${finding.text}${finding.fix ? ` | ${finding.fix}` : ""}`);
    expect(texts).toContain("ok it would load 2 hooks (1 Claude Code, 1 Gemini CLI): PermissionRequest 1, PreToolUse 2");
    expect(texts).toContain(
      "problem in the TUI and opencode serve, 1 Claude Code hook and 1 Gemini CLI hook are held back: the folder is not trusted (no record); opencode run runs them | npx hooks2opencode trust /p",
    );
    expect(texts).toContain(
      'problem never runs: Gemini CLI\'s BeforeModel "x" at .gemini/settings.json:4:9: not replayed | none in OpenCode: it runs in Gemini CLI only (keep it there, or remove it)',
    );
  });

  it("both doors: says which runs which scope; the live plugin with every scope owned runs nothing", () => {
    const entries = [{ config: "~/.config/opencode/opencode.json", spec: "hooks2opencode", place: "global" as const, npm: true }];
    const both = doctorSections(probe({ live: { ...noLive, entries, trust: { ...noLive.trust, trusted: true } } }));
    expect(both[1]!.findings[0]!.text).toBe(
      "both doors are configured, and no hook runs twice: .opencode/plugins/claude-hooks.js runs the project's hooks (.claude/ settings and skills); the live plugin runs the user's hooks (~/.claude settings and skills)",
    );
    const owned = doctorSections(
      probe({
        generated: [current, { ...current, file: "/h/.config/opencode/plugins/claude-hooks.js", scope: "user", place: "global" }],
        live: { ...noLive, entries, scopes: [] },
      }),
    );
    expect(owned[1]!.findings[0]!.text).toContain("the live plugin runs nothing: the generated plugins own every scope");
    expect(owned.at(-1)!.findings.at(-1)).toEqual({ level: "note", text: "it runs nothing here: generated plugins own the user's and the project's hooks" });
    expect(doctorExitCode(owned)).toBe(0);
  });

  it("under V2 the hook counts are what a 1.x would run, not what will run", () => {
    const v2 = doctorSections(probe({ opencode: { path: "/o", version: "2.0.5" }, generated: [{ ...current, imports: undefined }] }));
    expect(v2[2]!.findings.map((finding) => finding.text)).toEqual([
      "up to date: .opencode/plugins/claude-hooks.js",
      "3 hooks would run in OpenCode 1.x: PreToolUse 2, Stop 1",
    ]);
  });

  it("a settings file Claude cannot read: located, a problem; a warning is a note", () => {
    const live: LiveProbe = {
      ...noLive,
      entries: [{ config: "opencode.json", spec: "hooks2opencode", place: "project", npm: true }],
      hooks: [{ event: "Stop", count: 1 }],
      trust: { ...noLive.trust, trusted: true },
      diagnostics: [
        { code: "invalid-json", severity: "error", file: ".claude/settings.local.json", line: 2, column: 3, message: 'expected ","' },
        { code: "timeout-milliseconds", severity: "warning", file: ".claude/settings.json", line: 4, column: 5, message: "60000 seconds" },
      ],
    };
    const findings = doctorSections(probe({ generated: [], live })).at(-1)!.findings;
    expect(findings.filter((finding) => finding.text.includes(".claude/settings"))).toEqual([
      {
        level: "problem",
        text: '.claude/settings.local.json:2:3: expected "," [invalid-json]: none of its hooks load, the other files\' do',
        fix: "fix .claude/settings.local.json; a running live plugin applies the fix at once",
      },
      { level: "note", text: ".claude/settings.json:4:5: 60000 seconds [timeout-milliseconds]" },
    ]);
  });
});
