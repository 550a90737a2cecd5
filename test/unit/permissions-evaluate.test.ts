// Claude's permission rules decide a call as Claude does: deny, then ask, then allow, whatever the
// file or list order; every settings file's rules together; matched by the `if` filter's engine.
import { describe, expect, it } from "vitest";
import type { PermissionRule, RuleList } from "../../schema/permissions/model.js";
import type { SourceKind } from "../../schema/types.js";
import { compilePermissions, decidePermission } from "../../plugin/permissions/evaluate.js";

const ROOT = "/work/project";
const CONFIG = "/home/me/.claude";

function rule(list: RuleList, text: string, source: SourceKind = "project", line = 1): PermissionRule {
  return { list, text, source, file: source === "local" ? ".claude/settings.local.json" : ".claude/settings.json", line, column: 7 };
}

function decide(rules: PermissionRule[], toolName: string, toolInput: Record<string, unknown>) {
  const verdict = decidePermission(compilePermissions(rules, { configDir: CONFIG }), { toolName, toolInput, projectDir: ROOT });
  return verdict ? `${verdict.decision} ${verdict.rule.text}` : "none";
}

describe("per tool: one rule against one call", () => {
  const cases: Array<[list: RuleList, rule: string, tool: string, input: Record<string, unknown>, expected: boolean]> = [
    // Bash: word boundary, `:*`, compound commands, wrappers, assignments
    ["deny", "Bash(git push *)", "Bash", { command: "git push origin main" }, true],
    ["deny", "Bash(git push *)", "Bash", { command: "git push" }, true],
    ["deny", "Bash(git push *)", "Bash", { command: "git pushx" }, false],
    ["deny", "Bash(ls:*)", "Bash", { command: "ls -la" }, true],
    ["deny", "Bash(ls:*)", "Bash", { command: "lsof" }, false],
    ["deny", "Bash(rm *)", "Bash", { command: "git status && rm -rf tmp" }, true],
    ["deny", "Bash(rm *)", "Bash", { command: "FOO=bar timeout 5 rm -rf tmp" }, true],
    ["deny", "Bash(rm *)", "Bash", { command: "echo $(rm -rf x)" }, true],
    ["deny", "Bash(git push origin main)", "Bash", { command: "git push origin $BRANCH" }, false],
    ["deny", "Bash", "Bash", { command: "anything" }, true],
    ["allow", "Bash(npm test *)", "Bash", { command: "npm test -- --watch" }, true],
    ["allow", "Bash(safe-cmd *)", "Bash", { command: "safe-cmd && other-cmd" }, false],
    ["allow", "Bash(npm run *)", "Bash", { command: "npm run $SCRIPT" }, false],
    ["allow", "Bash(npm test *)", "Bash", { command: "EVIL=1 npm test" }, false],
    ["allow", "Bash(echo *)", "Bash", { command: "echo 'unbalanced" }, false],
    ["allow", "Bash", "Bash", { command: "echo $HOME && rm x" }, true],
    // Read / Edit: gitignore paths relative to the project root, `/` at the settings source, families
    ["deny", "Read(./.env*)", "Read", { file_path: `${ROOT}/.env` }, true],
    ["deny", "Read(./.env*)", "Read", { file_path: ".env.local" }, true],
    ["deny", "Read(./.env*)", "Read", { file_path: `${ROOT}/src/.env` }, false],
    ["deny", "Read(.env)", "Read", { file_path: `${ROOT}/src/.env` }, true],
    ["deny", "Read(.env)", "Read", { file_path: "/elsewhere/.env" }, false],
    ["deny", "Read(//etc/**)", "Read", { file_path: "/etc/passwd" }, true],
    ["deny", "Read(secrets/**)", "Read", { file_path: `${ROOT}/vendor/pkg/secrets/key` }, true],
    ["allow", "Read(secrets/**)", "Read", { file_path: `${ROOT}/vendor/pkg/secrets/key` }, false],
    ["allow", "Read(secrets/**)", "Read", { file_path: `${ROOT}/secrets/key` }, true],
    ["deny", "Edit(/src/**/*.ts)", "Write", { file_path: `${ROOT}/src/a/b.ts` }, true],
    ["deny", "Edit(/src/**/*.ts)", "Edit", { file_path: `${ROOT}/lib/src/b.ts` }, false],
    ["deny", "Edit(docs/**)", "NotebookEdit", { notebook_path: `${ROOT}/docs/n.ipynb` }, true],
    ["deny", "Read(./.env)", "Edit", { file_path: `${ROOT}/.env` }, true],
    ["allow", "Read(./.env)", "Edit", { file_path: `${ROOT}/.env` }, false],
    ["deny", "Read(./secrets/**)", "Grep", { pattern: "x", path: `${ROOT}/secrets` }, true],
    ["deny", "Edit(*.ts)", "Read", { file_path: `${ROOT}/a.ts` }, false],
    // WebFetch: domain:, case-insensitive, `*.` subdomains, never the bare domain
    ["deny", "WebFetch(domain:example.com)", "WebFetch", { url: "https://EXAMPLE.com/x" }, true],
    ["deny", "WebFetch(domain:example.com)", "WebFetch", { url: "https://api.example.com/x" }, false],
    ["deny", "WebFetch(domain:*.example.com)", "WebFetch", { url: "https://a.b.example.com/" }, true],
    ["deny", "WebFetch(example.com)", "WebFetch", { url: "https://example.com/" }, false],
    // MCP: a server's tools, a tool, tool-name globs (deny: any; allow: after mcp__<server>__ only)
    ["deny", "mcp__github", "mcp__github__create_issue", {}, true],
    ["deny", "mcp__github__create_issue", "mcp__github__list_issues", {}, false],
    ["deny", "mcp__*", "mcp__slack__post", {}, true],
    ["deny", "*", "Read", { file_path: `${ROOT}/a` }, true],
    ["allow", "mcp__github__get_*", "mcp__github__get_issue", {}, true],
    ["allow", "mcp__*", "mcp__github__get_issue", {}, false],
    // Agent, parameters (deny and ask only)
    ["deny", "Agent(Explore)", "Agent", { subagent_type: "Explore", prompt: "p" }, true],
    ["deny", "Task(Explore)", "Agent", { subagent_type: "Explore", prompt: "p" }, true],
    ["deny", "Bash(timeout:*)", "Bash", { command: "ls", timeout: 5000 }, true],
    ["deny", "Bash(timeout:*)", "Bash", { command: "ls" }, false],
    // Names are case-sensitive: a lowercase tool name matches nothing (in Claude either)
    ["deny", "bash(rm *)", "Bash", { command: "rm -rf x" }, false],
    ["deny", "read", "Read", { file_path: `${ROOT}/a` }, false],
  ];
  it.each(cases)("%s %s on %s %j: %s", (list, text, tool, input, expected) => {
    expect(decide([rule(list, text)], tool, input)).toBe(expected ? `${list} ${text}` : "none");
  });
});

describe("precedence: deny > ask > allow, whatever the files and their order", () => {
  it("a deny in settings.local.json beats an allow in settings.json", () => {
    const rules = [rule("allow", "Bash(git *)", "project"), rule("deny", "Bash(git push *)", "local")];
    expect(decide(rules, "Bash", { command: "git push" })).toBe("deny Bash(git push *)");
    expect(decide(rules, "Bash", { command: "git status" })).toBe("allow Bash(git *)");
  });
  it("a user-level deny beats a project allow, and a managed allow cannot lift a project deny", () => {
    expect(decide([rule("allow", "Read", "project"), rule("deny", "Read(//etc/**)", "user")], "Read", { file_path: "/etc/hosts" })).toBe("deny Read(//etc/**)");
    expect(
      decide([rule("allow", "WebFetch", "managed"), rule("deny", "WebFetch(domain:evil.test)", "project")], "WebFetch", { url: "https://evil.test" }),
    ).toBe("deny WebFetch(domain:evil.test)");
  });
  it("ask beats a more specific allow", () => {
    expect(decide([rule("allow", "Bash(aws s3 ls)"), rule("ask", "Bash(aws *)")], "Bash", { command: "aws s3 ls" })).toBe("ask Bash(aws *)");
  });
  it("a compound `git status && git push` is asked by `Bash(git push *)` though `git status` is allowed", () => {
    expect(decide([rule("allow", "Bash(git status)"), rule("ask", "Bash(git push *)")], "Bash", { command: "git status && git push" })).toBe(
      "ask Bash(git push *)",
    );
  });
  it("an allowed compound needs every subcommand allowed, by any rules", () => {
    const rules = [rule("allow", "Bash(git status)"), rule("allow", "Bash(npm test *)")];
    expect(decide(rules, "Bash", { command: "git status && npm test" })).toBe("allow Bash(git status)");
    expect(decide(rules, "Bash", { command: "git status && curl x" })).toBe("none");
  });
  it("no rule matching leaves the call to OpenCode", () => {
    expect(decide([rule("deny", "Bash(rm *)")], "Read", { file_path: `${ROOT}/a` })).toBe("none");
  });
});

describe("`/path` anchors at the settings source", () => {
  it("project and local rules at the project root, user rules at ~/.claude", () => {
    expect(decide([rule("deny", "Read(/secrets/**)", "project")], "Read", { file_path: `${ROOT}/secrets/a` })).toBe("deny Read(/secrets/**)");
    expect(decide([rule("deny", "Read(/secrets/**)", "local")], "Read", { file_path: `${ROOT}/secrets/a` })).toBe("deny Read(/secrets/**)");
    expect(decide([rule("deny", "Read(/secrets/**)", "user")], "Read", { file_path: `${ROOT}/secrets/a` })).toBe("none");
    expect(decide([rule("deny", "Read(/secrets/**)", "user")], "Read", { file_path: `${CONFIG}/secrets/a` })).toBe("deny Read(/secrets/**)");
  });
});
