import { describe, expect, it } from "vitest";
import { validateSettings } from "../../schema/validate.js";
import { mergeSources } from "../../schema/merge-sources.js";

const validate = (text: string) => validateSettings(text, ".claude/settings.json", "project");
const codes = (text: string) => validate(text).diagnostics.map((d) => `${d.severity}:${d.code}@${d.line}:${d.column}`);

describe("settings validation", () => {
  it("accepts JSONC (comments, trailing commas) and keeps order and locations", () => {
    const { source, diagnostics } = validate(`{
  // formatter
  "hooks": {
    "PostToolUse": [{ "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "fmt", "timeout": 30, },], },],
  },
}`);
    expect(diagnostics).toEqual([]);
    expect(source.entries).toEqual([
      {
        event: "PostToolUse",
        matcher: "Edit|Write",
        handler: { type: "command", command: "fmt", timeout: 30 },
        source: "project",
        where: ".claude/settings.json:4:58",
      },
    ]);
  });

  it("names the file, line and column of a syntax error", () => {
    expect(codes('{\n  "hooks": {\n    "Stop": [\n  }\n}')[0]).toMatch(/^error:json-syntax@4:3$/);
  });

  it("reports a mis-cased event with a hint, and still converts the rest", () => {
    const { source, diagnostics } = validate('{"hooks": {"stop": [], "Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}');
    expect(diagnostics.map((d) => d.code)).toEqual(["unknown-event"]);
    expect(diagnostics[0]?.message).toContain('did you mean "Stop"');
    expect(source.entries).toHaveLength(1);
  });

  it("says that a hook field written on the matcher group does not apply to its hooks", () => {
    const message = (group: object) =>
      validate(JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", ...group, hooks: [{ type: "command", command: "x" }] }] } })).diagnostics[0]?.message;
    expect(message({ if: "Bash(git push *)" })).toBe(
      'unknown field "if" in a matcher group; ignored, so its hooks run on every call the matcher matches: put "if" on each hook that should be narrowed',
    );
    expect(message({ timeout: 5 })).toBe('unknown field "timeout" in a matcher group; ignored: "timeout" belongs on each hook');
    expect(message({ matchers: "Bash" })).toBe('unknown field "matchers" in a matcher group; ignored');
    // A note on the group changes nothing: no warning for --strict to fail on.
    expect(message({ description: "guards", id: "pre:bash:guard" })).toBeUndefined();
  });

  it("says how to write a hook put straight into the event's array, or written as a string", () => {
    const bare = validate('{"hooks": {"UserPromptSubmit": [{"type": "command", "command": "./ui.sh"}]}}').diagnostics;
    expect(bare.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["group-without-hooks@1:33"]);
    expect(bare[0]?.message).toBe(
      'this "UserPromptSubmit" entry is a hook, not a matcher group: wrap it in one, as in [{"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}]; Claude Code skips it',
    );
    expect(validate('{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": ["bun redirect.ts"]}]}}').diagnostics[0]?.message).toBe(
      'each hook must be an object like {"type": "command", "command": "bun redirect.ts"}; Claude Code skips it',
    );
  });

  it("suggests the name a typo meant", () => {
    const messages = validate('{"hooks": {"PreToolUs": [], "PostToolUse": [{"hooks": [{"type": "command", "command": "x", "timout": 5}]}]}}').diagnostics.map(
      (d) => d.message,
    );
    expect(messages[0]).toContain('unknown hook event "PreToolUs"; did you mean "PreToolUse"?');
    expect(messages[1]).toContain('unknown field "timout" on a command hook; ignored (did you mean "timeout"?)');
  });

  it.each([
    ['{"hooks": {"PreToolUse": [{"matcher": ["Bash"], "hooks": []}]}}', "warning:matcher-not-string@1:39"],
    ['{"hooks": {"PreToolUse": [{"matcher": "Bash"}]}}', "warning:group-without-hooks@1:27"],
    ['{"hooks": {"PreToolUse": [{"matcher": "Edit(", "hooks": []}]}}', "warning:invalid-regex@1:39"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "shell", "command": "x"}]}]}}', "warning:unknown-handler-type@1:47"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}', "warning:missing-field@1:38"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": "30"}]}]}}', "warning:invalid-field@1:85"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "comand": "y"}]}]}}', "warning:unknown-handler-field@1:74"],
    ['{"hooks": {"Stop": [{"matcher": "Bash", "hooks": []}]}}', "warning:matcher-ignored@1:33"],
    ['{"hooks": {"SessionStart": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}}', "warning:type-not-allowed@1:49"],
    ['{"hooks": []}', "error:hooks-not-object@1:11"],
    ['{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "if": "Bash(ls) || Write"}]}]}}', "warning:invalid-if@1:80"],
    ['{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "if": "Bash"}]}]}}', "warning:if-never-runs@1:74"],
    ['{"disableAllHooks": "yes"}', "warning:disable-not-boolean@1:21"],
    ['{"description": "guards", "PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}', "warning:event-outside-hooks@1:27"],
  ])("%s -> %s", (text, expected) => {
    expect(codes(text)).toEqual([expected]);
  });

  it("validates every handler type's required fields", () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "http", url: "http://127.0.0.1/hook", headers: { Authorization: "Bearer $TOKEN" }, allowedEnvVars: ["TOKEN"] },
              { type: "mcp_tool", server: "s", tool: "t", input: { path: "${tool_input.file_path}" } },
              { type: "prompt", prompt: "ok? $ARGUMENTS", model: "haiku", continueOnBlock: true },
              { type: "agent", prompt: "check" },
              { type: "command", command: "x", args: ["a"], shell: "bash", async: true, onFailure: "block", statusMessage: "s", once: false },
            ],
          },
        ],
      },
    });
    const { source, diagnostics } = validate(text);
    expect(diagnostics).toEqual([]);
    expect(source.entries.map((entry) => entry.handler.type)).toEqual(["http", "mcp_tool", "prompt", "agent", "command"]);
  });
});

describe("merging settings files", () => {
  const source = (kind: "user" | "project" | "local" | "cli", disableAllHooks?: boolean) => ({
    kind,
    file: kind,
    entries: [],
    ...(disableAllHooks === undefined ? {} : { disableAllHooks }),
  });
  it("disableAllHooks follows precedence cli > local > project > user", () => {
    expect(mergeSources([source("user", true), source("project", false)]).disableAllHooks).toEqual({ value: false, file: "project" });
    expect(mergeSources([source("local", true), source("project", false)]).disableAllHooks).toEqual({ value: true, file: "local" });
    expect(mergeSources([source("cli", false), source("local", true)]).disableAllHooks).toEqual({ value: false, file: "cli" });
  });

  it("managed settings keep their own switches: the last managed file decides; the others' disableAllHooks does not reach them", () => {
    const managed = (file: string, switches: { disableAllHooks?: boolean; allowManagedHooksOnly?: boolean }) => ({
      kind: "managed" as const,
      file,
      entries: [],
      ...switches,
    });
    const merged = mergeSources([
      managed("managed-settings.json", { disableAllHooks: true, allowManagedHooksOnly: true }),
      managed("managed-settings.d/50.json", { disableAllHooks: false }),
      source("project", true),
    ]);
    expect(merged.managedDisableAllHooks).toEqual({ value: false, file: "managed-settings.d/50.json" });
    expect(merged.allowManagedHooksOnly).toEqual({ value: true, file: "managed-settings.json" });
    expect(merged.disableAllHooks).toEqual({ value: true, file: "project" });
  });

  it("the http hook policy's lists merge across files; unset anywhere, it is unset", () => {
    const withUrls = (kind: "user" | "project", urls: string[]) => ({ kind, file: kind, entries: [], allowedHttpHookUrls: urls });
    expect(mergeSources([withUrls("user", ["https://a/*"]), withUrls("project", ["https://b/*", "https://a/*"])]).allowedHttpHookUrls).toEqual([
      "https://a/*",
      "https://b/*",
    ]);
    expect(mergeSources([source("project")]).allowedHttpHookUrls).toBeUndefined();
  });
});

describe("loading as Claude Code 2.1.332 loads: skip the malformed entry, keep the rest", () => {
  const good = '{"type": "command", "command": "fmt"}';
  it.each([
    ["a comment key", `{"hooks": {"// PostToolUse": [], "PostToolUse": [{"hooks": [${good}]}]}}`, "unknown-event"],
    ["a mis-cased event", `{"hooks": {"stop": [{"hooks": [${good}]}], "PostToolUse": [{"hooks": [${good}]}]}}`, "unknown-event"],
    ["a legacy string value", `{"hooks": {"Stop": "npm test", "PostToolUse": [{"hooks": [${good}]}]}}`, "event-not-array"],
    ["an object matcher", `{"hooks": {"PostToolUse": [{"matcher": {"tool": "Bash"}, "hooks": [${good}]}, {"hooks": [${good}]}]}}`, "matcher-not-string"],
    ["a group without hooks", `{"hooks": {"PostToolUse": [{"matcher": "Bash"}, {"hooks": [${good}]}]}}`, "group-without-hooks"],
    ["a hook of an unknown type", `{"hooks": {"PostToolUse": [{"hooks": [{"type": "shell", "command": "x"}, ${good}]}]}}`, "unknown-handler-type"],
  ])("%s: one warning, the valid hook still converts", (_what, text, code) => {
    const { source, diagnostics } = validate(text);
    expect(diagnostics.map((d) => `${d.severity}:${d.code}`)).toEqual([`warning:${code}`]);
    expect(source.entries.map((entry) => (entry.handler.type === "command" ? entry.handler.command : entry.handler.type))).toEqual(["fmt"]);
  });

  it("only what Claude cannot read at all is an error", () => {
    expect(codes('{"hooks": {"Stop": [}')).toContainEqual(expect.stringMatching(/^error:json-syntax/));
    expect(codes("[]")).toEqual(["error:settings-not-object@1:1"]);
    expect(codes('{"hooks": "Stop"}')).toEqual(["error:hooks-not-object@1:11"]);
  });

  it("a file cut short is one error at its end, not one per unclosed bracket", () => {
    expect(codes('{"hooks": {"Stop": [{"hooks": [').filter((code) => code.includes("json-syntax"))).toEqual(["error:json-syntax@1:32"]);
  });

  it("counts nesting outside strings and comments only, and locates the first level too deep", () => {
    const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    const hidden = `{"hooks": {}, "a": "\\"${"[".repeat(300)}\\\\", /* ${"{".repeat(300)} */ "b": 1 // ${"[".repeat(300)}\n}`;
    expect(codes(hidden)).toEqual([]);
    expect(codes(`{"a": ${deep(255)}}`)).toEqual([]);
    // An escaped quote does not end the string; the bracket after the real end counts.
    expect(codes(`{"x": "\\"", "a":\n ${deep(300)}}`)).toEqual(["error:nesting-too-deep@2:257"]);
  });

  it("says a parse error in words", () => {
    expect(validate('{"hooks": {} "disableAllHooks": true}').diagnostics[0]?.message).toBe(
      'invalid JSON: expected "," after the value; Claude Code cannot read this file at all',
    );
    expect(validate('{"hooks": {"Stop": [}').diagnostics[0]?.message).toContain("expected a value");
  });

  it("names the shape of a legacy string value and of a handler typed as a shell", () => {
    expect(validate('{"hooks": {"Stop": "npm test"}}').diagnostics[0]?.message).toContain('[{"hooks": [{"type": "command", "command": "npm test"}]}]');
    expect(validate('{"hooks": {"Stop": [{"hooks": [{"type": "shell", "command": "x"}]}]}}').diagnostics[0]?.message).toContain(
      '{"type": "command", "command": "..."}',
    );
  });
});

describe("lints for hooks that would silently never work", () => {
  const lint = (hooks: object, sh = "dash") =>
    validateSettings(JSON.stringify({ hooks }), ".claude/settings.json", "project", { sh }).diagnostics.map((d) => d.code);
  const bash = (command: string, extra: object = {}) => ({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command, ...extra }] }] });

  it.each([
    ['if [[ "$cmd" =~ ^rm ]]; then exit 2; fi', true],
    ["source ./env.sh && run", true],
    ['cat <<< "$x"', true],
    ["arr=(a b) && echo ${arr[0]}", true],
    ["function guard { exit 2; }", true],
    ["echo $'a\\tb'", true],
    ["npm test &> /dev/null", true],
    ['[ -f x ] && echo "[[ not syntax ]]" > /dev/null', false],
    ["echo '[[ inside quotes ]]'", false],
    ["jq -r .tool_input.command | grep -q 'rm -rf' && exit 2", false],
    // an apostrophe inside "…" opens no '…' string
    ["echo \"Don't push to main\" >&2; bash -c '[[ -n $1 ]] && exit 2' _ x", false],
    ['echo "Don\'t"; [[ -f x ]] && exit 2', true],
    // POSIX bracket expressions, comments and here-document bodies are not bash syntax
    ['case "$f" in *[[:space:]]*) exit 2;; esac', false],
    ["tr -d [[:space:]] < f", false],
    ["true # [[ a bash test, commented out ]]", false],
    ["python3 - <<'PY'\nimport json, sys\nprint(json.load(sys.stdin)['tool_input'][[0][0]])\nPY", false],
    ["cat <<-EOF > f\n\tsource [[ x ]] <<< y\n\tEOF\n[[ -s f ]] && exit 2", true],
    ["x=$((1 << 2)); [[ $x ]]", true],
    // a bash-only command at the start of a later line
    ["true\nsource ./env.sh", true],
    ["cd x\nfunction guard { exit 2; }", true],
    ["echo resource usage", false],
  ])("bash-only syntax in %s -> %s", (command, fires) => {
    expect(lint(bash(command)).includes("bash-only-syntax")).toBe(fires);
  });

  it("bash-only syntax is fine where /bin/sh is bash, in exec form, and in a bash -c wrapper's quoted body", () => {
    expect(lint(bash("[[ -f x ]]"), "bash")).toEqual([]);
    expect(lint(bash("[[", { args: ["-c", "[[ -f x ]]"] }))).toEqual([]);
    expect(lint(bash("bash -c '[[ -f x ]] && exit 2'"))).toEqual([]);
  });

  it("a timeout that looks like milliseconds", () => {
    expect(lint(bash("x", { timeout: 60000 }))).toEqual(["timeout-milliseconds"]);
    expect(lint(bash("x", { timeout: 600 }))).toEqual([]);
    expect(validateSettings(JSON.stringify({ hooks: bash("x", { timeout: 60000 }) }), "s.json", "project").diagnostics[0]?.message).toBe(
      '"timeout" is in seconds: 60000 s is 16.7 hours; did you mean 60?',
    );
  });

  it.each([
    ["Bash(git push*)", ["matcher-is-a-rule"]],
    ["bash", ["tool-name-case"]],
    ["Edit|write", ["tool-name-case"]],
    ["Wirte", ["unknown-tool"]],
    ["Edit|MultiEdit|Write", []],
    ["Task", []],
    ["mcp__memory__.*", []],
    ["mcp__github__create_issue", []],
    ["mcp__memory", ["mcp-server-not-tool"]],
    ["Bash|mcp__plugin_devops_", ["mcp-server-not-tool"]],
    ["Notebook.*", []],
    ['tool == "Bash" && tool_input.command matches "git push"', ["matcher-is-an-expression"]],
    ['tool == "Task"', ["matcher-is-an-expression"]],
    ["^(Bash|Edit)$", []],
  ])("matcher %s -> %j", (matcher, expected) => {
    expect(lint({ PreToolUse: [{ matcher, hooks: [{ type: "command", command: "x" }] }] })).toEqual(expected);
  });

  it.each([
    ["SessionStart", "startup|clear|compact", []],
    ["SessionStart", "init", ["matcher-value-never-sent"]],
    ["SessionEnd", "logout|exit", ["matcher-value-never-sent"]],
    ["PreCompact", "manual", []],
    ["StopFailure", "rate_limit|server_error", []],
    ["SubagentStop", "my-reviewer", []],
  ])("%s matcher %s -> %j", (event, matcher, expected) => {
    expect(lint({ [event]: [{ matcher, hooks: [{ type: "command", command: "x" }] }] })).toEqual(expected);
  });

  it.each([
    ["SubagentStart", "explore", ["agent-opencode-name"]],
    ["SubagentStop", "general|reviewer", ["agent-opencode-name"]],
    ["SubagentStart", "plan", ["agent-opencode-name"]],
    ["SubagentStop", "EXPLORE", ["agent-name-case"]],
    ["SubagentStart", "general_purpose", ["agent-name-case"]],
    ["SubagentStart", "Explore|general-purpose|Plan", []],
    // A near-miss, a custom or plugin agent, or a regex: maybe one of the user's own agents.
    ["SubagentStart", "explorer", []],
    ["SubagentStop", "code-reviewer", []],
    ["SubagentStop", "^my-plugin:reviewer$", []],
    ["SubagentStart", "expl.*", []],
    // Another event's matcher reads no agent name.
    ["PreToolUse", "Agent", []],
  ])("agent names: %s matcher %s -> %j", (event, matcher, expected) => {
    expect(lint({ [event]: [{ matcher, hooks: [{ type: "command", command: "x" }] }] })).toEqual(expected);
  });

  it.each([
    ["Agent(explore)", ["agent-opencode-name"]],
    ["Task(general)", ["agent-opencode-name"]],
    ["Agent(Explore)", []],
    ["Agent(expl*)", []],
    ["Agent(reviewer)", []],
    ["Agent", []],
    ["Bash(explore)", []],
  ])("agent names: if %s -> %j", (rule, expected) => {
    expect(lint({ PreToolUse: [{ matcher: "Agent", hooks: [{ type: "command", command: "x", if: rule }] }] })).toEqual(expected);
  });

  it("an agent name is located at the matcher or at the `if`, and the message names Claude's name", () => {
    const text =
      '{"hooks": {\n  "SubagentStart": [{"matcher": "explore", "hooks": [{"type": "command", "command": "x"}]}],\n  "PreToolUse": [{"matcher": "Agent", "hooks": [{"type": "command", "command": "x", "if": "Agent(general)"}]}]\n}}';
    const found = validate(text).diagnostics;
    expect(found.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["agent-opencode-name@2:33", "agent-opencode-name@3:91"]);
    expect(found[0]!.message).toContain(
      '"explore" in matcher "explore" never matches: it is OpenCode\'s name for its built-in agent, which hooks see as Claude Code\'s "Explore"',
    );
    expect(found[1]!.message).toContain('did you mean "general-purpose"?');
    // On an event that never runs `if`, that is the one warning.
    expect(lint({ Stop: [{ hooks: [{ type: "command", command: "x", if: "Agent(explore)" }] }] })).toEqual(["if-never-runs"]);
  });

  it("names the values Claude sends, and the event a value belongs to", () => {
    const message = (event: string, matcher: string) =>
      validate(JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [{ type: "command", command: "x" }] }] } })).diagnostics[0]?.message;
    expect(message("SessionStart", "maintenance")).toBe(
      '"maintenance" in matcher "maintenance" is never a SessionStart source (Claude Code sends startup, resume, clear, compact, fork), so it matches nothing; it is a Setup trigger: did you mean the Setup event?',
    );
    expect(message("PreCompact", "manuel")).toContain('; did you mean "manual"?');
  });

  it("suggests the tool a typo or a case meant, and says what the name matches instead", () => {
    const message = (matcher: string) =>
      validateSettings(JSON.stringify({ hooks: { PostToolUse: [{ matcher, hooks: [{ type: "command", command: "x" }] }] } }), "s.json", "project")
        .diagnostics[0]?.message;
    expect(message("Wirte")).toContain('did you mean "Write"?');
    expect(message("bash")).toBe('"bash" in matcher "bash" matches only a custom tool named "bash": tool names are case-sensitive; did you mean "Bash"?');
    expect(message('tool == "Edit" && tool_input.file_path matches "\\.(ts|tsx)$"')).toContain('never run. Match "Edit" and test the input in the hook');
    expect(message('tool == "Edit" || tool == "Write" || tool == "Edit"')).toContain('never run. Match "Edit|Write" and');
    expect(message("mcp__memory")).toContain('match the server\'s tools with "mcp__memory__.*"');
    expect(message("mcp__plugin_devops_")).toContain('match the server\'s tools with "mcp__plugin_devops_.*"');
  });

  it("a matcher listing many unknown names: each once, twenty named, the rest counted in one finding", () => {
    const names = [...Array.from({ length: 3000 }, (_, i) => `Tool${i}`), "Tool1", "Tool1", "Bash"];
    const findings = validateSettings(
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: names.join("|"), hooks: [{ type: "command", command: "x" }] }] } }),
      "s.json",
      "project",
    ).diagnostics.filter((diagnostic) => diagnostic.code === "unknown-tool");
    expect(findings).toHaveLength(21);
    expect(findings.filter((finding) => finding.message.startsWith('"Tool1" in matcher'))).toHaveLength(1);
    expect(findings[20]!.message).toMatch(/^2980 more names in matcher ".*" match only custom tools of that name: Claude Code has no such tool$/);
  });

  it("handler fields named like Object.prototype members are unknown fields, not silently accepted", () => {
    const codes = validateSettings(
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "toString": 1, "constructor": 2}]}]}}',
      "s.json",
      "project",
    ).diagnostics.map((d) => d.code);
    expect(codes).toEqual(["unknown-handler-field", "unknown-handler-field"]);
  });

  it("a byte-order mark is named as such, not as an unexpected character", () => {
    expect(validateSettings('\uFEFF{"hooks": {}}', "s.json", "project").diagnostics).toEqual([
      expect.objectContaining({ code: "json-syntax", severity: "error", line: 1, column: 1, message: expect.stringContaining("byte-order mark (BOM)") }),
    ]);
  });

  it("a NUL in a command or its args: no program can be started with it", () => {
    expect(lint(bash("echo a\u0000b"))).toEqual(["nul-in-command"]);
    expect(lint(bash("echo", { args: ["a\u0000b"] }))).toEqual(["nul-in-command"]);
    expect(lint(bash("echo ok"))).toEqual([]);
  });

  it("variables Claude Code never sets, and a top-level hook key", () => {
    expect(lint(bash('prettier --write "$CLAUDE_TOOL_INPUT_FILE_PATH"'))).toEqual(["unset-variable"]);
    // seen in real settings: a singular CLAUDE_FILE_PATH, TOOL_ARGS, CLAUDE_EXIT_CODE, TOOL_INPUT
    expect(lint(bash('bash -c \'FILE="${CLAUDE_FILE_PATH:-}"; black "$FILE"\''))).toEqual(["unset-variable"]);
    expect(lint(bash('bash -c \'FILE=$(echo "$TOOL_ARGS" | grep -o "file_path[^,}]*")\''))).toEqual(["unset-variable"]);
    expect(lint(bash('npx some-cli post-command --success "$CLAUDE_EXIT_CODE"'))).toEqual(["unset-variable"]);
    expect(lint(bash("echo \"$TOOL_INPUT\" | jq -r '.file_path // empty'"))).toEqual(["unset-variable"]);
    expect(lint(bash('echo "$CLAUDE_PROJECT_DIR" "$CLAUDE_FILE_PATHS_X"'))).toEqual([]);
    // a command that sets the variable itself reads its own value
    expect(lint(bash('CLAUDE_TOOL_INPUT=$(cat); echo "$CLAUDE_TOOL_INPUT" | jq .'))).toEqual([]);
    expect(lint(bash('export TOOL_INPUT="$(cat)"; echo "$TOOL_INPUT"'))).toEqual([]);
    expect(validateSettings('{"hook": {"Stop": []}}', "s.json", "project").diagnostics.map((d) => d.code)).toEqual(["hook-not-hooks"]);
  });
});
