import { describe, expect, it } from "vitest";
import { compileIfRule, type ToolCall } from "../../plugin/match/if-rule.js";
import { subcommands } from "../../plugin/match/bash-command.js";

const project = "/work/project";
const call = (toolName: string, toolInput: Record<string, unknown>): ToolCall => ({ toolName, toolInput, cwd: project, projectDir: project });
const runs = (rule: string, toolName: string, toolInput: Record<string, unknown>) => {
  const compiled = compileIfRule(rule);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.rule(call(toolName, toolInput));
};

describe("`if` rules on Bash (permission-rule syntax)", () => {
  it.each([
    ["Bash(git push *)", "git push origin main", true],
    ["Bash(git push *)", "git push", true],
    ["Bash(git push *)", "git pull", false],
    ["Bash(ls *)", "lsof -i", false], // " *" keeps a word boundary
    ["Bash(ls*)", "lsof -i", true],
    ["Bash(npm run test:*)", "npm run test -- --watch", true], // ":*" is " *"
    ["Bash(rm -rf *)", "cd /tmp && rm -rf build", true], // each subcommand is tested
    ["Bash(rm -rf *)", "echo hi; rm -rf /", true],
    ["Bash(rm -rf *)", "ls | rm -rf x", true],
    ["Bash(rm -rf *)", "echo $(rm -rf x)", true], // command substitution
    ["Bash(rm -rf *)", "FOO=1 rm -rf x", true], // leading assignment stripped
    ["Bash(rm -rf *)", "timeout 10 nice -n 5 rm -rf x", true], // wrappers stripped
    ["Bash(rm -rf *)", "echo 'rm -rf x'", false], // quoted text is not a command
    ["Bash(rm -rf *)", "MSG='a b' NOW=$(date) rm -rf x", true], // assignments with quoted values
    ["Bash(rm -rf *)", "timeout -s KILL 10 rm -rf x", true], // a wrapper option with a value
    ["Bash(rm -rf *)", "(rm -rf x)", true], // a subshell
    ["Bash(rm -rf *)", "{ rm -rf x; }", true], // a group
    ["Bash(rm -rf *)", "if true; then rm -rf x; fi", true], // a compound command
    ["Bash(rm -rf *)", "while false; do rm -rf x; done", true],
    ["Bash(rm *)", "(rm)", true],
    ["Bash(git push *)", "$CMD push", true], // dynamic parts: run the hook anyway
    ["Bash(git push *)", "echo 'unbalanced", true], // unparsable: fail open
    ["Bash", "anything at all", true],
    ["Bash(*)", "anything at all", true],
  ])("%s on %j -> %s", (rule, command, expected) => {
    expect(runs(rule, "Bash", { command })).toBe(expected);
  });

  it("never matches another tool", () => {
    expect(runs("Bash(ls *)", "Write", { file_path: `${project}/ls` })).toBe(false);
    expect(runs("Edit(*.ts)", "Write", { file_path: `${project}/a.ts` })).toBe(false);
  });
});

describe("`if` rules on file tools (gitignore-style paths)", () => {
  it.each([
    ["Write(.env*)", `${project}/.env`, true],
    ["Write(.env*)", `${project}/.env.local`, true],
    ["Write(.env*)", `${project}/config/.env.production`, true], // bare name: any depth
    ["Write(.env*)", `${project}/src/env.ts`, false],
    ["Edit(src/**/*.ts)", `${project}/src/a/b.ts`, true],
    ["Edit(src/**/*.ts)", `${project}/lib/src/b.ts`, false], // a slash anchors to cwd
    ["Edit(src/**)", `${project}/src/deep/file.md`, true],
    ["Edit(/docs/**)", `${project}/docs/a.md`, true], // "/" = project root
    ["Edit(//etc/hosts)", "/etc/hosts", true], // "//" = absolute
    ["Edit(./README.md)", `${project}/README.md`, true],
    ["Edit(./README.md)", `${project}/docs/README.md`, false], // `./name`: the cwd's file only
    ["Read(*.ts)", "/elsewhere/a.ts", false], // outside the base
    ["LSP(src/**)", `${project}/lib/a.ts`, false], // every file tool reads its path from the tool table
    ["LSP(src/**)", `${project}/src/a.ts`, true],
  ])("%s on %s -> %s", (rule, file, expected) => {
    const tool = rule.slice(0, rule.indexOf("("));
    expect(runs(rule, tool, { file_path: file })).toBe(expected);
  });
});

describe("other `if` specifiers", () => {
  it("WebFetch(domain:...)", () => {
    expect(runs("WebFetch(domain:example.com)", "WebFetch", { url: "https://EXAMPLE.com/x" })).toBe(true);
    expect(runs("WebFetch(domain:*.example.com)", "WebFetch", { url: "https://api.example.com/" })).toBe(true);
    expect(runs("WebFetch(domain:example.com)", "WebFetch", { url: "https://evil.com/" })).toBe(false);
  });
  it("Agent(type), legacy Task name, and MCP names", () => {
    expect(runs("Agent(Explore)", "Agent", { subagent_type: "Explore" })).toBe(true);
    expect(runs("Task", "Agent", {})).toBe(true);
    expect(runs("mcp__memory__create", "mcp__memory__create", {})).toBe(true);
    expect(runs("mcp__memory", "mcp__memory__create", {})).toBe(true);
    expect(runs("mcp__memory", "mcp__other__create", {})).toBe(false);
  });
  it("rejects what is not one rule", () => {
    expect(compileIfRule("Bash(ls) && Write").ok).toBe(false);
  });
});

describe("subcommands", () => {
  it("splits on every operator and strips wrappers", () => {
    expect(subcommands("a && b || c; d | e |& f & g\nh")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(subcommands("A=1 B=2 nohup stdbuf -oL make")).toEqual(["make"]);
    expect(subcommands("echo `whoami`")).toEqual(["whoami", "echo `whoami`"]);
  });
});
