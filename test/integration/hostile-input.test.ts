// Input built to hurt the plugin: it must stay bounded in time, run every hook it should, and hand
// hooks exactly what the model sent, as data. Found by feeding the product hostile input (issue 11).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { runCli, tempProjects } from "../helpers/cli.js";
import { loadPlugin } from "../helpers/load-plugin.js";
import { settings } from "../helpers/project.js";

const convert = (dir: string, ...flags: string[]) => runCli(["convert", "--project", dir, ...flags]);

const project = tempProjects("hostile-");

/** Resolves to how long the call took and how it ended. */
async function timed(call: Promise<unknown>): Promise<{ ms: number; blocked?: string }> {
  const start = performance.now();
  try {
    await call;
    return { ms: performance.now() - start };
  } catch (error) {
    return { ms: performance.now() - start, blocked: (error as Error).message };
  }
}

const guard = { type: "command", if: "Bash(rm *)", command: "echo 'no rm' >&2; exit 2" };

describe("if rules stay bounded and never skip a guard", () => {
  it("a command with $( nested 20,000 deep: the guard runs (beyond 32 levels the rule cannot tell), in well under a second", async () => {
    const p = await project({ ".claude/settings.json": settings({ PreToolUse: [{ matcher: "Bash", hooks: [guard] }] }) });
    const plugin = await loadPlugin(p.dir);
    const result = await timed(plugin.before("bash", { command: `${"$(".repeat(20_000)}rm -rf /${")".repeat(20_000)}` }));
    expect(result.blocked).toContain("no rm");
    expect(result.ms).toBeLessThan(1500);
  });

  it("wildcards that make a regex backtrack match in linear time: *git*push*--force* on 18 KB, *a*a*a*a*a*b on 2 KB", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", if: "Bash(*git*push*--force*)", command: "exit 2" },
              { type: "command", if: "Bash(*a*a*a*a*a*b)", command: "exit 2" },
            ],
          },
        ],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    for (const command of [`git ${"push ".repeat(3600)}`, "a".repeat(2000)]) {
      const result = await timed(plugin.before("bash", { command }));
      expect(result.blocked).toBeUndefined();
      expect(result.ms).toBeLessThan(1000);
    }
    expect((await timed(plugin.before("bash", { command: `git ${"push ".repeat(3600)} --force` }))).blocked).toBeDefined();
  });
});

describe("tool arguments reach hooks only as stdin JSON", () => {
  it("shell syntax in the arguments is never run: the hook gets it as data", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ hooks: [{ type: "command", command: 'jq -r .tool_input.command > "$CLAUDE_PROJECT_DIR/seen.txt"' }] }],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    const command = `"; touch "${p.dir}/pwned1"; echo " $(touch "${p.dir}/pwned2") \`touch "${p.dir}/pwned3"\` \${IFS}'`;
    await plugin.before("bash", { command });
    expect(await readFile(p.file("seen.txt"), "utf8")).toBe(`${command}\n`);
    for (const file of ["pwned1", "pwned2", "pwned3"]) expect(existsSync(p.file(file))).toBe(false);
  });

  it("a key the model sent as __proto__ is in tool_input, and pollutes nothing", async () => {
    const p = await project({
      ".claude/settings.json": settings({ PreToolUse: [{ hooks: [{ type: "command", command: 'jq -c .tool_input > "$CLAUDE_PROJECT_DIR/seen.json"' }] }] }),
    });
    const plugin = await loadPlugin(p.dir);
    const args = JSON.parse('{"server":"x","__proto__":{"polluted":true},"constructor":"c"}') as Record<string, unknown>;
    await plugin.before("memory_create_entities", args);
    expect(JSON.parse(await readFile(p.file("seen.json"), "utf8"))).toEqual(JSON.parse('{"server":"x","__proto__":{"polluted":true},"constructor":"c"}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("arguments nested 5,000 deep cannot be handed to a hook: a call a PreToolUse hook matches is not run (fail closed, saying why); others are untouched", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ matcher: "mcp__memory__.*", hooks: [{ type: "command", if: "mcp__memory__create_entities(x)", command: "exit 0" }] }],
      }),
    });
    const plugin = await loadPlugin(p.dir, { mcp: { memory: { type: "local", command: ["x"] } } });
    let deep: unknown = "bottom";
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    const result = await timed(plugin.before("memory_create_entities", { entities: deep }));
    // The `if` rule cannot rule the hook out without the input, so it counts as matching.
    expect(result.blocked).toMatch(/PreToolUse hooks could not be run for this call .*nested more than 1000 levels deep.*the call was not run/);
    expect(result.ms).toBeLessThan(1000);
    const untouched = { command: deep };
    await expect(plugin.before("bash", untouched as never)).resolves.toBe(untouched);
  });
});

describe("hostile strings in settings are embedded as data and run exactly as configured", () => {
  it("quotes, backticks, ${}, */, </script>, U+2028 and a 100 KB line", async () => {
    const payload = `"double" \`tick\` \${HOME} $(nope) */ /* </script> <!-- \u2028 \u2029 \\ ${"x".repeat(100_000)}`;
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [{ hooks: [{ type: "command", command: `printf '%s' '${payload}' > "$CLAUDE_PROJECT_DIR/out.txt"` }] }],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    await plugin.before("bash", { command: "ls" });
    expect(await readFile(p.file("out.txt"), "utf8")).toBe(payload);
  });

  it("a command holding a NUL cannot be run by any shell: that hook is a loud non-blocking error, the others run", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [
          {
            hooks: [
              { type: "command", command: "echo a\u0000b" },
              { type: "command", command: 'touch "$CLAUDE_PROJECT_DIR/ran"' },
            ],
          },
        ],
      }),
    });
    const plugin = await loadPlugin(p.dir);
    await expect(plugin.before("bash", { command: "ls" })).resolves.toEqual({ command: "ls" });
    expect(existsSync(p.file("ran"))).toBe(true);
    expect(plugin.client.logs().join("\n")).toMatch(/null bytes|NUL|\\0|not run/i);
  });
});

describe("convert on settings built to crash a parser", () => {
  it("nesting 5,000 levels deep is one located error (exit 2), no stack trace", async () => {
    const p = await project({ ".claude/settings.json": `{"hooks": {"Stop": ${"[".repeat(5000)}${"]".repeat(5000)}}}` });
    const result = await convert(p.dir);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^\.claude\/settings\.json:1:\d+: error: .*nested more than 256 levels.*\[nesting-too-deep\]$/m);
    expect(result.stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(result.stdout).not.toContain("No hooks found");
  });

  it("a 40 KB matcher or if rule is skipped with a warning that quotes it short; the rest converts", async () => {
    const p = await project({
      ".claude/settings.json": settings({
        PreToolUse: [
          { matcher: "(a|b)".repeat(8000), hooks: [{ type: "command", command: "x" }] },
          {
            matcher: "Bash",
            hooks: [
              { type: "command", if: `Bash(${"x*".repeat(20_000)})`, command: "y" },
              { type: "command", command: "kept" },
            ],
          },
        ],
      }),
    });
    const result = await convert(p.dir);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("(40000 characters)");
    expect(result.stderr).toContain("[invalid-regex]");
    expect(result.stderr).toContain("[invalid-if]");
    expect(Math.max(...result.stderr.split("\n").map((line) => line.length))).toBeLessThan(400);
    expect(result.stdout).toContain("translated PreToolUse [Bash] kept");
    expect((await convert(p.dir, "--strict", "--dry-run")).exitCode).toBe(2);
  });
});
