import { describe, expect, it } from "vitest";
import { classify, replayedHandlers, withDisableAllHooks, withHttpPolicy } from "../../plugin/load/classify.js";
import type { HookEntry } from "../../schema/types.js";

const entry = (event: HookEntry["event"], matcher: string | undefined, handler: HookEntry["handler"] = { type: "command", command: "x" }): HookEntry => ({
  event,
  ...(matcher !== undefined ? { matcher } : {}),
  handler,
  source: "project",
  where: "s.json:1:1",
});
const row = (e: HookEntry) => {
  const { rows } = classify({ entries: [e] });
  return { status: rows[0]!.status, notes: rows[0]!.notes, remarks: rows[0]!.remarks, firesOn: rows[0]!.firesOn };
};

describe("per-hook classification", () => {
  it.each([
    ["Edit|Write", "translated", "write, edit, apply_patch"],
    ["Bash", "translated", "bash"],
    ["Task", "translated", "task"],
    ["mcp__memory__.*", "translated", "matching MCP tools"],
    ["mcp__memory__create", "translated", "MCP tool mcp__memory__create"],
    ["my_tool", "translated", "custom tool my_tool"],
    ["MultiEdit|Edit", "translated", "edit, apply_patch"],
    [undefined, "translated", "every tool"],
    [".*", "translated", "every tool"],
    ["^", "translated", "every tool"],
    ["^$", "dropped", undefined],
    ["^(Edit|Write)$", "translated", "write, edit, apply_patch"],
  ])("PreToolUse [%s] -> %s, fires on %s", (matcher, status, firesOn) => {
    expect(row(entry("PreToolUse", matcher))).toMatchObject({ status, firesOn });
  });

  it("a matcher with a name OpenCode lacks is still translated when the rest fires: a note says which name never does", () => {
    expect(row(entry("PostToolUse", "Edit|MultiEdit|Write"))).toMatchObject({
      status: "translated",
      notes: [],
      remarks: ["MultiEdit has no OpenCode counterpart, and Claude Code 2.1.332 no longer has it either"],
    });
  });

  it("drops a matcher that never fires, saying why", () => {
    expect(row(entry("PreToolUse", "MultiEdit|NotebookEdit")).notes[0]).toContain(
      "MultiEdit has no OpenCode counterpart, and Claude Code 2.1.332 no longer has it either; NotebookEdit has no OpenCode counterpart",
    );
    expect(row(entry("PreToolUse", "mcp__memory")).notes[0]).toContain("names an MCP server, not a tool");
    // Any tool of Claude's list the tool table does not map, not only those a hand-kept list named.
    expect(row(entry("PreToolUse", "SendUserMessage|Workflow")).notes[0]).toContain(
      "SendUserMessage has no OpenCode counterpart; Workflow has no OpenCode counterpart",
    );
  });

  it("drops events that are not replayed, and everything under disableAllHooks; every handler type runs", () => {
    expect(row(entry("TeammateIdle", undefined))).toMatchObject({
      status: "dropped",
      notes: ["OpenCode 1.18.33 has no matching event: OpenCode has no agent teams"],
    });
    expect(row(entry("PreToolUse", "Bash", { type: "mcp_tool", server: "s", tool: "t" }))).toMatchObject({ status: "degraded" });
    // prompt hooks run, on the user's provider: the report says what they cost
    expect(row(entry("PreToolUse", "Bash", { type: "prompt", prompt: "ok?" }))).toMatchObject({
      status: "translated",
      remarks: ["prompt: each run is a model call on your OpenCode provider, and spends its tokens"],
    });
    const merged = { entries: [entry("PreToolUse", "Bash")], disableAllHooks: { value: true, file: ".claude/settings.json" } };
    const { handlers, disableAllHooks } = classify(merged);
    const rows = withDisableAllHooks(classify(merged).rows, merged);
    expect(rows[0]).toMatchObject({ status: "dropped", notes: ["disableAllHooks is true in .claude/settings.json"] });
    // still embedded, switched off: a local `disableAllHooks: false` turns them back on at runtime
    expect(handlers).toHaveLength(1);
    expect(disableAllHooks).toBe(true);
  });

  it("lifecycle events name their OpenCode channel, and the matcher values OpenCode never produces", () => {
    expect(row(entry("Stop", undefined))).toMatchObject({ status: "translated", firesOn: "session.idle" });
    expect(row(entry("SessionStart", "startup|resume"))).toMatchObject({ status: "translated", firesOn: "session.created, chat.message, session.compacted" });
    expect(row(entry("SessionStart", "clear"))).toMatchObject({ status: "dropped" });
    expect(row(entry("SessionStart", "clear")).notes[0]).toBe(
      'matcher "clear" never fires in OpenCode: SessionStart source is only "startup", "resume", "compact", "fork" in OpenCode; never "clear"',
    );
    expect(row(entry("Notification", "auth_success")).notes[0]).toContain('is only "permission_prompt", "idle_prompt" in OpenCode');
    expect(row(entry("Notification", "permission_prompt|auth_success"))).toMatchObject({ status: "translated" });
    expect(row(entry("SessionEnd", "logout"))).toMatchObject({ status: "dropped" });
    expect(row(entry("SubagentStop", "Explore"))).toMatchObject({ status: "translated", firesOn: "tool.execute.after" });
  });

  it("names each degradation; async hooks and statusMessage are replayed", () => {
    expect(row(entry("PostToolUse", "Bash", { type: "command", command: "x", shell: "powershell", once: true })).notes).toEqual([
      "shell powershell: runs with pwsh, which must be on PATH",
    ]);
    expect(row(entry("PostToolUse", "Bash", { type: "command", command: "x", async: true, statusMessage: "s" }))).toMatchObject({ status: "translated" });
    // `once` is honoured in skill frontmatter only, as in Claude: in a settings file it is ignored
    expect(row(entry("PostToolUse", "Bash", { type: "command", command: "x", once: true })).remarks).toEqual([
      "once: Claude honours it only in skill frontmatter; in a settings file it is ignored, here too",
    ]);
  });
});

describe("hooks that never run, said as such", () => {
  const http = (url: string) => classify({ entries: [entry("PreToolUse", "Bash", { type: "http", url })] }).rows;
  it.each([
    [undefined, "translated", []],
    [["https://hooks.example.com/*"], "translated", []],
    [
      ["https://other.example.com/*"],
      "dropped",
      ["never sent: https://hooks.example.com/a is not in allowedHttpHookUrls (https://other.example.com/*); Claude Code skips it too"],
    ],
    [[], "dropped", ["never sent: https://hooks.example.com/a is not in allowedHttpHookUrls ([]: no http hook is sent); Claude Code skips it too"]],
  ] as const)("an http hook under allowedHttpHookUrls %j: %s", (allowed, status, notes) => {
    const [checked] = withHttpPolicy(http("https://hooks.example.com/a"), allowed === undefined ? {} : { allowedHttpHookUrls: [...allowed] });
    expect(checked).toMatchObject({ status, notes });
  });

  it("a skill's hook says when it starts; with disable-model-invocation, what OpenCode does with the field", () => {
    const skill = (userInvokedOnly: boolean) =>
      row({
        ...entry("Stop", undefined),
        skill: { name: "ship", root: ".claude/skills/ship", ...(userInvokedOnly ? { userInvokedOnly: true as const } : {}) },
      });
    expect(skill(false).remarks).toEqual([
      "skill ship: runs in a session once the skill started there (OpenCode's skill tool loaded it, or the user typed /ship)",
    ]);
    expect(skill(true).remarks[1]).toMatch(
      /^disable-model-invocation: in Claude only the user's \/ship starts this skill; OpenCode 1\.18\.33 ignores the field/,
    );
  });
});

describe("the live plugin's handlers", () => {
  it("are classify's handlers, without the report: every reason to drop a hook drops it there too", () => {
    const plugin = { id: "p@m", root: "/p", data: "/d" };
    const entries: HookEntry[] = [];
    for (const event of ["PreToolUse", "PostToolUse", "Stop", "SessionStart", "SubagentStop", "TeammateIdle", "PreCompact"] as const)
      for (const matcher of [undefined, "Bash", "^$", "MultiEdit", "mcp__memory", "startup", "clear|compact", "manual", "nothing_here"])
        for (const handler of [
          { type: "command" as const, command: "x" },
          { type: "command" as const, command: "x", if: "Bash(git push *)" },
          { type: "command" as const, command: "x", if: "not a rule(" },
          { type: "prompt" as const, prompt: "p" },
        ]) {
          entries.push(entry(event, matcher, handler));
          entries.push({ ...entry(event, matcher, handler), agent: "explore" });
        }
    entries.push({ ...entry("PreToolUse", "Bash", { type: "command", command: "echo ${user_config.KEY}" }), plugin });
    entries.push({ ...entry("PreToolUse", "Bash", { type: "command", command: "echo", args: ["${user_config.KEY}"] }), plugin });
    for (const door of ["generated", "live"] as const) {
      const { rows, handlers } = classify({ entries }, door);
      // Each reason to drop a hook is in the mix, and hooks that are kept.
      for (const reason of [
        /^in the definition of the Claude agent/,
        /^"if": /,
        /never runs a hook with "if"/,
        /never fires in OpenCode/,
        /has no matching event/,
        /refuses/,
      ])
        expect(
          rows.some((each) => each.status === "dropped" && reason.test(each.notes[0]!)),
          `${door} ${reason}`,
        ).toBe(true);
      expect(handlers.length).toBeGreaterThan(0);
      expect(replayedHandlers({ entries }, door), door).toEqual(handlers);
    }
  });

  it("keep the keys of a hook in the order the generated plugin writes them", () => {
    const skill = { name: "s", root: ".claude/skills/s" };
    const plugin = { id: "p@m", root: "/p", data: "/d" };
    const [withAll, bare] = replayedHandlers({ entries: [{ ...entry("PreToolUse", "Bash"), plugin, skill }, entry("Stop", undefined)] }, "live");
    expect(Object.keys(withAll!)).toEqual(["event", "matcher", "source", "where", "handler", "plugin", "skill"]);
    expect(Object.keys(bare!)).toEqual(["event", "source", "where", "handler"]);
  });
});
