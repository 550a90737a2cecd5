// Lifecycle events in the real OpenCode binary: Stop loops, prompts, sessions, failures,
// permissions. Each scenario asserts on what the model received (the fake LLM's requests) and on
// what the hooks recorded.
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "./harness/fake-llm.js";
import { command, type Scenario, scenarios } from "./harness/scenario.js";

const run = scenarios();
const jsonLines = async (file: string) =>
  (await readFile(file, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const agentRequests = (s: Scenario) => s.llm.requests.filter((request) => request.kind === "agent");
/** The text of the last user message the model received in a request. */
const lastUserText = (request: RecordedRequest) => {
  const user = request.body.messages.findLast((message) => message.role === "user");
  return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
};

describe("Stop", () => {
  it("a Stop hook that blocks once sends the reason back as the next turn; the second run has stop_hook_active", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"',
      '[ -f "$CLAUDE_PROJECT_DIR/tests-pass" ] && exit 0',
      'touch "$CLAUDE_PROJECT_DIR/tests-pass"',
      'echo "2 tests fail; fix them before stopping" >&2',
      "exit 2",
    ].join("\n");
    const s = await run({
      files: { ".claude/hooks/gate.sh": `${gate}\n` },
      settings: {
        hooks: {
          Stop: [{ hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/gate.sh"')] }],
          UserPromptSubmit: [{ hooks: [command('jq -c .prompt >> "$CLAUDE_PROJECT_DIR/prompts.jsonl"')] }],
        },
      },
      script: [{ text: "first answer" }, { text: "fixed it" }],
    });
    // The continuation is the plugin's, not the user's: UserPromptSubmit saw one prompt.
    expect(await jsonLines(s.project.file("prompts.jsonl"))).toEqual(["run the scripted steps"]);
    const requests = agentRequests(s);
    expect(requests).toHaveLength(2);
    expect(lastUserText(requests[1]!)).toContain(
      'Stop hook feedback:\n[\"$CLAUDE_PROJECT_DIR/.claude/hooks/gate.sh\"]: 2 tests fail; fix them before stopping',
    );
    const inputs = await jsonLines(s.project.file("stop-input.jsonl"));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    // opencode.json says `permission: "allow"`: Claude's bypassPermissions.
    expect(inputs[0]).toMatchObject({
      hook_event_name: "Stop",
      last_assistant_message: "first answer",
      cwd: s.project.dir,
      permission_mode: "bypassPermissions",
    });
    expect(inputs[1]).toMatchObject({ last_assistant_message: "fixed it" });
    // `run` stopped listening after the first turn; the plugin prints the continuation as run would.
    const texts = s.run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; part?: { text?: string } })
      .filter((event) => event.type === "text");
    expect(texts.map((event) => event.part?.text)).toEqual(["first answer", "fixed it"]);
  });
});

describe("Stop loop guards", () => {
  it("a Stop hook that always blocks ends by itself at the cap (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP)", async () => {
    const s = await run({
      settings: { hooks: { Stop: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"; echo "never done" >&2; exit 2')] }] } },
      script: [{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }],
      env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" },
    });
    // Two blocks are honoured, the third is overridden: three model turns, three Stop runs.
    expect(agentRequests(s)).toHaveLength(3);
    const inputs = await jsonLines(s.project.file("stop-input.jsonl"));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true, true]);
    expect(s.run.stderr).toContain("Stop hooks blocked 2 times in a row; the turn ends here");
  });

  it("an interrupted turn (Esc) starts no Stop loop", async () => {
    const abort = [
      "#!/bin/sh",
      'url=$(cat "$CLAUDE_PROJECT_DIR/.e2e-run/server-url")',
      'touch "$CLAUDE_PROJECT_DIR/aborted"',
      "node -e \"fetch(process.argv[1] + '/session/' + process.argv[2] + '/abort', { method: 'POST' })\" \"$url\" \"$CLAUDE_CODE_SESSION_ID\" &",
      "exit 0",
    ].join("\n");
    let abortedAt = 0;
    const s = await run({
      files: { ".claude/hooks/esc.sh": `${abort}\n` },
      settings: {
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/esc.sh"')] }],
          Stop: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"; echo "keep going" >&2; exit 2')] }],
        },
      },
      script: [{ tool: "bash", args: { command: "sleep 5; echo slept > slept.txt" } }, { text: "after the tool" }],
      serve: {
        settled: (_llm, dir) => {
          if (!abortedAt && existsSync(path.join(dir, "aborted"))) abortedAt = Date.now();
          return abortedAt > 0 && Date.now() - abortedAt > 4000;
        },
      },
    });
    expect(existsSync(s.project.file("aborted"))).toBe(true);
    expect(existsSync(s.project.file("slept.txt"))).toBe(false); // the turn really was cut short
    expect(existsSync(s.project.file("stop-input.jsonl"))).toBe(false);
    expect(agentRequests(s)).toHaveLength(1);
  });
});

describe("subagents", () => {
  it("SubagentStop fires for a task-tool child and can keep it working; Stop fires only for the main session; OpenCode's general is Claude's general-purpose", async () => {
    const gate = [
      "#!/bin/sh",
      "input=$(cat)",
      'echo "$input" >> "$CLAUDE_PROJECT_DIR/subagent-stop.jsonl"',
      '[ -f "$CLAUDE_PROJECT_DIR/checked" ] && exit 0',
      'touch "$CLAUDE_PROJECT_DIR/checked"',
      'echo \'{"decision": "block", "reason": "run the checks first"}\'',
    ].join("\n");
    const s = await run({
      files: { ".claude/hooks/subagent-gate.sh": `${gate}\n` },
      settings: {
        hooks: {
          SubagentStart: [
            {
              matcher: "general-purpose",
              hooks: [
                command(
                  `tee -a "$CLAUDE_PROJECT_DIR/subagent-start.jsonl" | jq -c '{hookSpecificOutput: {hookEventName: "SubagentStart", additionalContext: "use the fast path"}}'`,
                ),
              ],
            },
          ],
          SubagentStop: [{ matcher: "general-purpose", hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/subagent-gate.sh"')] }],
          Stop: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"')] }],
          PreToolUse: [
            { matcher: "Agent", hooks: [command('jq -r .tool_input.subagent_type >> "$CLAUDE_PROJECT_DIR/agent-call.txt"', { if: "Agent(general-purpose)" })] },
          ],
        },
      },
      script: [{ tool: "task", args: { description: "check things", prompt: "SUBTASK: check the things", subagent_type: "general" } }, { text: "main done" }],
      subagentScripts: { "SUBTASK:": [{ text: "sub first answer" }, { text: "sub checked answer" }] },
    });
    const starts = await jsonLines(s.project.file("subagent-start.jsonl"));
    const stops = await jsonLines(s.project.file("subagent-stop.jsonl"));
    const mainStops = await jsonLines(s.project.file("stop-input.jsonl"));
    expect(starts).toHaveLength(1);
    // Claude's names for OpenCode's general agent: in the matchers, agent_type, the `if` rule and the Agent call's input.
    expect(starts[0]).toMatchObject({ hook_event_name: "SubagentStart", agent_type: "general-purpose" });
    expect(await readFile(s.project.file("agent-call.txt"), "utf8")).toBe("general-purpose\n");
    expect(stops.map((input) => [input.stop_hook_active, input.last_assistant_message])).toEqual([
      [false, "sub first answer"],
      [true, "sub checked answer"],
    ]);
    expect(stops[0]).toMatchObject({
      hook_event_name: "SubagentStop",
      agent_type: "general-purpose",
      agent_id: starts[0]!.agent_id,
      session_id: mainStops[0]!.session_id,
    });
    expect(mainStops).toHaveLength(1);
    expect(mainStops[0]).toMatchObject({ last_assistant_message: "main done" });
    // The parent model got the subagent's answer after the gate, and the subagent got the reason.
    expect(s.toolResult("call_0_0")).toContain("sub checked answer");
    const childRequests = agentRequests(s).filter((request) =>
      JSON.stringify(request.body.messages.find((message) => message.role === "user")).includes("SUBTASK:"),
    );
    expect(JSON.stringify(childRequests[0]!.body.messages)).toContain("SubagentStart hook additional context: use the fast path");
    expect(lastUserText(childRequests.at(-1)!)).toContain(
      'SubagentStop hook feedback:\n["$CLAUDE_PROJECT_DIR/.claude/hooks/subagent-gate.sh"]: run the checks first',
    );
  });

  it("a PreToolUse updatedInput naming Claude's Explore runs OpenCode's explore agent, which an Explore matcher sees", async () => {
    const rewrite = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { description: "look", prompt: "SUBTASK: look around", subagent_type: "Explore" } },
    });
    const s = await run({
      settings: {
        hooks: {
          PreToolUse: [{ matcher: "Agent", hooks: [command(`echo '${rewrite}'`)] }],
          SubagentStart: [{ matcher: "Explore", hooks: [command('jq -r .agent_type >> "$CLAUDE_PROJECT_DIR/agents.txt"')] }],
        },
      },
      script: [{ tool: "task", args: { description: "look", prompt: "SUBTASK: look around", subagent_type: "general" } }, { text: "main done" }],
      subagentScripts: { "SUBTASK:": [{ text: "looked" }] },
    });
    expect(await readFile(s.project.file("agents.txt"), "utf8")).toBe("Explore\n");
    expect(s.toolResult("call_0_0")).toContain("looked");
  });
});

describe("prompts and sessions", () => {
  it("UserPromptSubmit stdout and SessionStart context reach the model's first turn; CLAUDE_ENV_FILE reaches bash", async () => {
    const s = await run({
      settings: {
        hooks: {
          SessionStart: [
            { matcher: "startup", hooks: [command("echo 'Session loaded: branch main'; echo 'export FROM_SESSION_START=yes' >> \"$CLAUDE_ENV_FILE\"")] },
          ],
          UserPromptSubmit: [{ hooks: [command("jq -r '\"Prompt seen: \" + .prompt'")] }],
        },
      },
      prompt: "please list the files",
      script: [{ tool: "bash", args: { command: 'echo "value=$FROM_SESSION_START" > env.txt' } }, { text: "done" }],
    });
    const first = agentRequests(s)[0]!;
    const user = JSON.stringify(first.body.messages.filter((message) => message.role === "user"));
    expect(user).toContain("SessionStart:startup hook success: Session loaded: branch main");
    expect(user).toContain("UserPromptSubmit hook success: Prompt seen: please list the files");
    expect(user.indexOf("SessionStart:startup")).toBeLessThan(user.indexOf("please list the files"));
    expect(await readFile(s.project.file("env.txt"), "utf8")).toBe("value=yes\n");
  });

  it("a UserPromptSubmit exit 2 keeps the prompt from the model; the user sees the reason; the run exits 0", async () => {
    const s = await run({
      settings: {
        hooks: {
          UserPromptSubmit: [{ hooks: [command("jq -r .prompt | grep -q secret && { echo 'prompts about the secret are blocked' >&2; exit 2; }; exit 0")] }],
        },
      },
      prompt: "tell me the secret",
      script: [{ text: "the secret is 42" }],
    });
    expect(s.run.exitCode).toBe(0);
    expect(s.llm.requests.filter((request) => JSON.stringify(request.body).includes("tell me the secret"))).toEqual([]);
    expect(s.run.stdout).not.toContain("the secret is 42");
    expect(s.run.stderr).toContain("UserPromptSubmit operation blocked by hook:\nprompts about the secret are blocked");
  });

  it("UserPromptExpansion sees a typed /command expanded; its context reaches the model; a block keeps the prompt from it", async () => {
    const files = { ".opencode/command/greet.md": "---\ndescription: greet someone\n---\nSay hello to $ARGUMENTS in one word.\n" };
    const expansion = command(`tee -a "$CLAUDE_PROJECT_DIR/expansion.jsonl" | jq -r '"Expanded " + .command_name'`);
    const s = await run({
      files,
      command: "greet",
      prompt: "Ada",
      settings: { hooks: { UserPromptExpansion: [{ matcher: "greet", hooks: [expansion] }] } },
      script: [{ text: "Hello" }],
    });
    const [input] = await jsonLines(s.project.file("expansion.jsonl"));
    expect(input).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      expansion_type: "slash_command",
      command_name: "greet",
      command_args: "Ada",
      prompt: "Say hello to Ada in one word.",
    });
    expect(JSON.stringify(agentRequests(s)[0]!.body.messages)).toContain("UserPromptExpansion hook success: Expanded greet");
    const blocked = await run({
      files,
      command: "greet",
      prompt: "Ada",
      settings: { hooks: { UserPromptExpansion: [{ hooks: [command("echo 'no greetings today' >&2; exit 2")] }] } },
      script: [{ text: "Hello" }],
    });
    expect(blocked.llm.requests.filter((request) => JSON.stringify(request.body).includes("Say hello to Ada"))).toEqual([]);
    expect(blocked.run.stderr).toContain("UserPromptExpansion operation blocked by hook:\nno greetings today");
  });

  it("SessionEnd runs when the run ends, and the transcript a Stop hook reads holds the turn", async () => {
    const s = await run({
      settings: {
        hooks: {
          Stop: [{ hooks: [command('jq -r .transcript_path | xargs -I{} cp {} "$CLAUDE_PROJECT_DIR/transcript.jsonl"')] }],
          SessionEnd: [{ hooks: [command('cat > "$CLAUDE_PROJECT_DIR/session-end.json"')] }],
        },
      },
      prompt: "say hi in bash",
      script: [{ tool: "bash", args: { command: "echo hi" } }, { text: "all done" }],
    });
    const end = JSON.parse(await readFile(s.project.file("session-end.json"), "utf8"));
    expect(end).toMatchObject({ hook_event_name: "SessionEnd", reason: "other", cwd: s.project.dir });
    const transcript = await jsonLines(s.project.file("transcript.jsonl"));
    expect(transcript[0]).toMatchObject({ type: "user", message: { role: "user", content: "say hi in bash" } });
    const toolUse = transcript
      .flatMap((entry) => ((entry.message as { content?: unknown }).content as Array<Record<string, unknown>>) ?? [])
      .filter((block) => typeof block === "object" && block.type === "tool_use");
    expect(toolUse).toEqual([{ type: "tool_use", id: "call_0_0", name: "Bash", input: { command: "echo hi" } }]);
    expect(JSON.stringify(transcript)).toContain('"type":"tool_result","tool_use_id":"call_0_0","content":"hi\\n"');
    expect(transcript.at(-1)).toMatchObject({ type: "assistant", message: { content: [{ type: "text", text: "all done" }] } });
    expect(existsSync(end.transcript_path)).toBe(false); // removed when the session ended
  });
});

describe("failures and permissions", () => {
  it("PostToolUseFailure fires for a failed tool and a non-zero Bash exit; PostToolUse does not; its context reaches the model", async () => {
    const context = (text: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: text } });
    const s = await run({
      settings: {
        hooks: {
          PostToolUseFailure: [
            {
              hooks: [
                command(
                  `tee -a "$CLAUDE_PROJECT_DIR/failures.jsonl" | jq -c '{hookSpecificOutput: {hookEventName: "PostToolUseFailure", additionalContext: ("seen failure of " + .tool_name)}}'`,
                ),
              ],
            },
          ],
          PostToolUse: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/post.jsonl"')] }],
        },
      },
      script: [
        { tool: "read", args: { filePath: "missing.txt" } },
        { tool: "bash", args: { command: "echo partial; exit 3" } },
        { tool: "bash", args: { command: "echo fine" } },
        { text: "done" },
      ],
    });
    void context;
    const failures = await jsonLines(s.project.file("failures.jsonl"));
    expect(failures.map((input) => input.tool_name)).toEqual(["Read", "Bash"]);
    expect(failures[0]).toMatchObject({
      hook_event_name: "PostToolUseFailure",
      tool_use_id: "call_0_0",
      is_interrupt: false,
      tool_input: { file_path: s.project.file("missing.txt") },
    });
    expect(String(failures[1]!.error)).toBe("Exit code 3\npartial\n");
    const post = await jsonLines(s.project.file("post.jsonl"));
    expect(post.map((input) => (input.tool_input as { command: string }).command)).toEqual(["echo fine"]);
    expect(s.toolResult("call_0_0")).toContain("PostToolUseFailure:Read hook additional context: seen failure of Read");
    expect(s.toolResult("call_1_0")).toContain("PostToolUseFailure:Bash hook additional context: seen failure of Bash");
  });

  it("a PermissionRequest hook answers a real permission prompt: allow runs the call, deny tells the model why", async () => {
    const decide = `jq -c 'if (.tool_input.command | test("allowed")) then {hookSpecificOutput: {hookEventName: "PermissionRequest", decision: {behavior: "allow"}}} else {hookSpecificOutput: {hookEventName: "PermissionRequest", decision: {behavior: "deny", message: "not on the allow list"}}} end'`;
    const s = await run({
      settings: { hooks: { PermissionRequest: [{ matcher: "Bash", hooks: [command(`tee -a "$CLAUDE_PROJECT_DIR/asked.jsonl" | ${decide}`)] }] } },
      opencode: () => ({ permission: { "*": "allow", bash: "ask" } }),
      script: [{ tool: "bash", args: { command: "echo allowed > a.txt" } }, { tool: "bash", args: { command: "echo denied > b.txt" } }, { text: "done" }],
    });
    expect(await readFile(s.project.file("a.txt"), "utf8")).toBe("allowed\n");
    expect(existsSync(s.project.file("b.txt"))).toBe(false);
    expect(s.toolResult("call_1_0")).toContain("not on the allow list");
    const asked = await jsonLines(s.project.file("asked.jsonl"));
    expect(asked[0]).toMatchObject({ hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "echo allowed > a.txt" } });
    expect(asked[0]).not.toHaveProperty("tool_use_id");
  });
});

describe("the TUI and server path (opencode serve + run --attach)", () => {
  it("a Stop hook that blocks once continues the session in the server too (promptAsync), then lets it stop", async () => {
    const gate =
      '[ -f "$CLAUDE_PROJECT_DIR/done" ] && { cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"; exit 0; }; cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"; touch "$CLAUDE_PROJECT_DIR/done"; echo "not yet" >&2; exit 2';
    const s = await run({
      settings: { hooks: { Stop: [{ hooks: [command(gate)] }] } },
      script: [{ text: "first" }, { text: "second" }],
      serve: {
        settled: (llm, dir) => llm.requests.filter((request) => request.kind === "agent").length >= 2 && lineCount(path.join(dir, "stop-input.jsonl")) >= 2,
      },
    });
    expect(agentRequests(s)).toHaveLength(2);
    expect(lastUserText(agentRequests(s)[1]!)).toContain("Stop hook feedback:\n[");
    const inputs = await jsonLines(s.project.file("stop-input.jsonl"));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
  });

  // The TUI's path: the prompt comes through the server's API and a permission prompt waits for an
  // answer. (`opencode run --attach` rejects every prompt itself about 12 ms after the ask: a hook
  // answers first only when it is quicker than that, so that client is not what this asserts.)
  it("under opencode serve (the TUI's server) a PermissionRequest hook answers the prompt; Notification tells about the prompt it leaves open", async () => {
    const decide = `jq -c 'if (.tool_input.command | test("allowed")) then {hookSpecificOutput: {hookEventName: "PermissionRequest", decision: {behavior: "allow"}}} else {} end'`;
    const s = await run({
      settings: {
        hooks: {
          PermissionRequest: [{ matcher: "Bash", hooks: [command(decide)] }],
          Notification: [{ matcher: "permission_prompt", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/notifications.jsonl"')] }],
        },
      },
      opencode: () => ({ permission: { "*": "allow", bash: "ask" } }),
      script: [{ tool: "bash", args: { command: "echo allowed > a.txt" } }, { tool: "bash", args: { command: "echo unanswered > b.txt" } }, { text: "done" }],
      // The second prompt waits for a user who never answers: done once the notification is there.
      serve: { client: "api", settled: (_llm, dir) => lineCount(path.join(dir, "notifications.jsonl")) >= 1 },
    });
    expect(await readFile(s.project.file("a.txt"), "utf8")).toBe("allowed\n");
    expect(existsSync(s.project.file("b.txt"))).toBe(false);
    const notifications = await jsonLines(s.project.file("notifications.jsonl"));
    expect(notifications).toEqual([
      expect.objectContaining({ hook_event_name: "Notification", notification_type: "permission_prompt", message: "Claude needs your permission to use Bash" }),
    ]);
  });
});

describe("other events with an OpenCode channel", () => {
  it("StopFailure runs instead of Stop when the turn ends in an API error", async () => {
    const s = await run({
      settings: {
        hooks: {
          Stop: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/stop-input.jsonl"')] }],
          StopFailure: [{ matcher: "invalid_request", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/failure.jsonl"')] }],
        },
      },
      script: [{ error: { status: 400, message: "unsupported parameter: temperature" } }],
    });
    expect(existsSync(s.project.file("stop-input.jsonl"))).toBe(false);
    const failures = await jsonLines(s.project.file("failure.jsonl"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ hook_event_name: "StopFailure", error: "invalid_request" });
    expect(String(failures[0]!.error_details)).toContain("unsupported parameter: temperature");
  });

  it("PostToolBatch sees a step's parallel calls before the next model request; its context reaches the model", async () => {
    const s = await run({
      settings: {
        hooks: {
          PostToolBatch: [
            {
              hooks: [
                command(
                  `tee -a "$CLAUDE_PROJECT_DIR/batch.jsonl" | jq -c '{hookSpecificOutput: {hookEventName: "PostToolBatch", additionalContext: ("batch of " + (.tool_calls | length | tostring))}}'`,
                ),
              ],
            },
          ],
        },
      },
      script: [
        {
          tools: [
            { tool: "bash", args: { command: "echo one" } },
            { tool: "bash", args: { command: "echo two" } },
          ],
        },
        { text: "done" },
      ],
    });
    const batches = await jsonLines(s.project.file("batch.jsonl"));
    expect(batches).toHaveLength(1);
    const calls = batches[0]!.tool_calls as Array<Record<string, unknown>>;
    expect(calls.map((call) => [call.tool_name, (call.tool_input as { command: string }).command, call.tool_response]).sort()).toEqual([
      ["Bash", "echo one", "one\n"],
      ["Bash", "echo two", "two\n"],
    ]);
    expect(JSON.stringify(agentRequests(s)[1]!.toolResults)).toContain("PostToolBatch hook additional context: batch of 2");
  });
});

describe("files and compaction", () => {
  it("FileChanged fires for the files its matcher names: written by OpenCode's tools, or by anything with OpenCode's watcher on", async () => {
    const s = await run({
      settings: { hooks: { FileChanged: [{ matcher: ".envrc|settings.toml", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/changed.jsonl"')] }] } },
      // OpenCode 1.18.33 watches the project only with OPENCODE_EXPERIMENTAL_FILEWATCHER; its file tools report their writes anyway.
      env: { OPENCODE_EXPERIMENTAL_FILEWATCHER: "true" },
      script: [
        // The bash call waits (up to 15 s) for the watcher's hook to record .envrc, so a slow machine cannot end the run first.
        {
          tool: "bash",
          args: {
            command:
              "sleep 1; echo 'export A=1' > .envrc; echo other > other.txt; for i in $(seq 150); do grep -qs envrc changed.jsonl && break; sleep 0.1; done; sleep 1",
          },
        },
        { tool: "write", args: { filePath: "settings.toml", content: "a = 1\n" } },
        { text: "done" },
      ],
    });
    const changes = (await jsonLines(s.project.file("changed.jsonl"))).map((change) => [change.file_path, change.event, change.hook_event_name]);
    expect(changes).toContainEqual([s.project.file(".envrc"), "add", "FileChanged"]);
    expect(changes.filter(([file]) => file === s.project.file("settings.toml"))).toEqual([[s.project.file("settings.toml"), "add", "FileChanged"]]);
    expect(changes.some(([file]) => String(file).endsWith("other.txt"))).toBe(false);
  });
});

describe("compaction", () => {
  it("a manual compaction runs PreCompact (its stdout joins the compaction's context), PostCompact with the summary, and SessionStart(compact)", async () => {
    const record = (name: string) => command(`cat >> "$CLAUDE_PROJECT_DIR/${name}.jsonl"`);
    const s = await run({
      files: { ".claude/hooks/compact.sh": `${COMPACT_ONCE}\n` },
      settings: {
        hooks: {
          Stop: [{ hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/compact.sh"')] }],
          PreCompact: [{ matcher: "manual", hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/pre-compact.jsonl"; echo "Keep the list of open TODOs"')] }],
          PostCompact: [{ hooks: [record("post-compact")] }],
          SessionStart: [{ matcher: "compact", hooks: [record("session-start")] }],
        },
      },
      script: [{ text: "first answer" }],
      serve: { settled: (_llm, dir) => lineCount(path.join(dir, "post-compact.jsonl")) >= 1 && lineCount(path.join(dir, "session-start.jsonl")) >= 1 },
    });
    const [pre] = await jsonLines(s.project.file("pre-compact.jsonl"));
    expect(pre).toMatchObject({ hook_event_name: "PreCompact", trigger: "manual", custom_instructions: null });
    const [post] = await jsonLines(s.project.file("post-compact.jsonl"));
    expect(post).toMatchObject({ hook_event_name: "PostCompact", trigger: "manual" });
    expect(typeof post!.compact_summary).toBe("string");
    const [start] = await jsonLines(s.project.file("session-start.jsonl"));
    expect(start).toMatchObject({ hook_event_name: "SessionStart", source: "compact" });
    const summaryRequest = s.llm.requests.find((request) => JSON.stringify(request.body).includes("Keep the list of open TODOs"));
    expect(summaryRequest).toBeDefined();
  });

  it("a PreCompact exit 2 blocks the compaction: no summary is asked for, PostCompact does not run", async () => {
    const s = await run({
      files: { ".claude/hooks/compact.sh": `${COMPACT_ONCE}\n` },
      settings: {
        hooks: {
          Stop: [{ hooks: [command('"$CLAUDE_PROJECT_DIR/.claude/hooks/compact.sh"')] }],
          PreCompact: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/pre-compact.jsonl"; echo "not now" >&2; exit 2')] }],
          PostCompact: [{ hooks: [command('cat >> "$CLAUDE_PROJECT_DIR/post-compact.jsonl"')] }],
        },
      },
      script: [{ text: "first answer" }],
      serve: { settled: (_llm, dir) => settledAfter(path.join(dir, "pre-compact.jsonl"), 2000) },
    });
    expect(await jsonLines(s.project.file("pre-compact.jsonl"))).toHaveLength(1);
    expect(existsSync(s.project.file("post-compact.jsonl"))).toBe(false);
    expect(s.llm.requests.filter((request) => request.kind === "title" && JSON.stringify(request.body).includes("first answer"))).toEqual([]);
  });
});

/** A Stop hook that asks the server for a compaction of its session, once. */
const COMPACT_ONCE = [
  "#!/bin/sh",
  '[ -f "$CLAUDE_PROJECT_DIR/compacted" ] && exit 0',
  'touch "$CLAUDE_PROJECT_DIR/compacted"',
  'url=$(cat "$CLAUDE_PROJECT_DIR/.e2e-run/server-url")',
  "node -e \"fetch(process.argv[1] + '/session/' + process.argv[2] + '/summarize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ providerID: 'fake', modelID: 'fake-model' }) })\" \"$url\" \"$CLAUDE_CODE_SESSION_ID\" &",
  "exit 0",
].join("\n");

const appeared = new Map<string, number>();
/** True once `file` has existed for `ms` (nothing more is expected to happen by then). */
function settledAfter(file: string, ms: number): boolean {
  if (!existsSync(file)) return false;
  if (!appeared.has(file)) appeared.set(file, Date.now());
  return Date.now() - appeared.get(file)! > ms;
}

/** How many whole JSON records `file` holds: a hook's `cat >>` creates the file before it writes. */
function lineCount(file: string): number {
  try {
    return readFileSync(file, "utf8").split("\n").filter(isJson).length;
  } catch {
    return 0;
  }
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
