// `hooks2opencode explain`: every hook in one table, through the real command line, with the same
// statuses as convert's report and the channel and tools each runs on; --json for scripts.
import { describe, expect, it } from "vitest";
import { runCli as cli, tempProjects } from "../helpers/cli.js";
import { settings } from "../helpers/project.js";

const project = tempProjects("explain-");

describe("hooks2opencode explain", () => {
  it("one row per hook: event, matcher, if, handler, channel, tools, status; notes say why a hook is dropped or degraded", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", if: "Bash(rm *)" }] }],
        Stop: [{ hooks: [{ type: "command", command: "npm test", shell: "powershell" }] }],
        TeammateIdle: [{ hooks: [{ type: "command", command: "echo idle" }] }],
      }),
    });
    const result = await cli(["explain", "--project", p.dir]);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe(".claude/settings.json: 3 hooks");
    expect(lines[1]).toMatch(/^# +EVENT +MATCHER +IF +HANDLER +OPENCODE CHANNEL +TOOLS +STATUS$/);
    expect(lines[2]).toMatch(/^1 +PreToolUse +Bash +Bash\(rm \*\) +command: \.\/guard\.sh +tool\.execute\.before +bash +translated$/);
    expect(lines[3]).toMatch(/^2 +Stop +\* +- +command: npm test +session\.idle +- +degraded$/);
    expect(lines[4]).toMatch(/^3 +TeammateIdle +\* +- +command: echo idle +- +- +dropped$/);
    expect(result.stdout).toContain("  1. .claude/settings.json:");
    expect(result.stdout).toContain("  2. how: shell powershell: runs with pwsh");
    expect(result.stdout).toContain("  3. why: OpenCode 1.18.33 has no matching event: OpenCode has no agent teams");
    expect(result.stdout).toContain("review them as code");

    const json = JSON.parse((await cli(["explain", "--json", "--project", p.dir])).stdout);
    expect(json).toMatchObject({ exitCode: 0, inputs: [".claude/settings.json"] });
    expect(json.hooks).toEqual([
      expect.objectContaining({ event: "PreToolUse", if: "Bash(rm *)", status: "translated", channels: ["tool.execute.before"], tools: ["bash"] }),
      expect.objectContaining({ event: "Stop", status: "degraded", channels: ["session.idle"], tools: [] }),
      expect.objectContaining({ event: "TeammateIdle", status: "dropped", tools: [] }),
    ]);
  });

  it("other agents' hooks by their own event names, the engine event they run as in --json; an event with no Claude name is a dropped row", async () => {
    const p = await project({
      ".gemini/settings.json": { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: "./guard.sh" }] }] } },
      ".codex/hooks.json": { hooks: { Interrupt: [{ hooks: [{ type: "command", command: "echo stopped" }] }] } },
    });
    const result = await cli(["explain", "--project", p.dir], { env: { HOME: p.dir } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/\n\d +BeforeTool +run_shell_command +- +command: \.\/guard\.sh +tool\.execute\.before +bash +translated\n/);
    expect(result.stdout).toMatch(/\n\d +Interrupt +\* +- +command: echo stopped +- +- +dropped\n/);
    const json = JSON.parse((await cli(["explain", "--json", "--project", p.dir], { env: { HOME: p.dir } })).stdout);
    expect(json.hooks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "BeforeTool", runsAs: "PreToolUse", agent: "gemini", tools: ["bash"] }),
        expect.objectContaining({ event: "Interrupt", agent: "codex", status: "dropped", tools: [] }),
      ]),
    );
  });

  it("exits 2 with located errors when the settings cannot be read, and says when there are none", async () => {
    const broken = await project({ ".claude/settings.json": '{"hooks": ' });
    expect((await cli(["explain", "--project", broken.dir])).exitCode).toBe(2);
    const empty = await project({ "README.md": "no settings" });
    const none = await cli(["explain", "--project", empty.dir]);
    // As convert, check and test say it: exit 2, naming the folder searched.
    expect([none.exitCode, none.stdout, none.stderr]).toEqual([
      2,
      "",
      `hooks2opencode: no Claude Code settings found in ${empty.dir} (looked for .claude/settings.json, .claude/settings.local.json)`,
    ]);
  });
});
