import { describe, expect, it } from "vitest";
import { AGENT_TABLE, claudeAgentName, misnamedAgent, opencodeAgentName } from "../../schema/agents.js";
import { compileIfRule } from "../../plugin/match/if-rule.js";
import { claudeCalls } from "../../plugin/tools/resolve-call.js";
import { byOpencodeId, toOpencodeArgs } from "../../plugin/tools/table.js";

describe("the agent table", () => {
  it("names OpenCode 1.18.33's built-in agents as Claude Code does (snapshot of the table)", () => {
    expect(Object.fromEntries(AGENT_TABLE.map((agent) => [agent.opencode, agent.claude]))).toMatchInlineSnapshot(`
      {
        "explore": "Explore",
        "general": "general-purpose",
        "plan": "Plan",
      }
    `);
  });

  it.each([
    ["general", "general-purpose"],
    ["explore", "Explore"],
    ["plan", "Plan"],
    // Custom agents (and OpenCode's build, which Claude has no counterpart for) keep their names.
    ["build", "build"],
    ["reviewer", "reviewer"],
    ["my-plugin:reviewer", "my-plugin:reviewer"],
  ])("OpenCode's %s is Claude's %s, both ways", (opencode, claude) => {
    expect(claudeAgentName(opencode)).toBe(claude);
    expect(opencodeAgentName(claude)).toBe(opencode);
  });

  it("an Agent call's subagent_type speaks Claude's names to hooks, and a rewrite goes back in OpenCode's", () => {
    const [call] = claudeCalls("task", { description: "d", prompt: "p", subagent_type: "explore" }, "/p", []);
    expect(call).toMatchObject({ toolName: "Agent", toolInput: { description: "d", prompt: "p", subagent_type: "Explore" } });
    const rule = compileIfRule("Agent(Explore)");
    expect(rule.ok && rule.rule({ toolName: call!.toolName, toolInput: call!.toolInput, cwd: "/p", projectDir: "/p" })).toBe(true);
    // A hook's updatedInput naming Claude's agent runs OpenCode's; a custom agent's name passes as is.
    expect(toOpencodeArgs(byOpencodeId("task"), { ...call!.toolInput, subagent_type: "general-purpose" })).toMatchObject({ subagent_type: "general" });
    expect(toOpencodeArgs(byOpencodeId("task"), { subagent_type: "reviewer" })).toEqual({ subagent_type: "reviewer" });
  });
});

describe("agent names that surely never match a built-in agent", () => {
  it.each([
    // OpenCode's own spelling: hooks see Claude's.
    ["explore", { claude: "Explore", opencodeSpelling: true }],
    ["general", { claude: "general-purpose", opencodeSpelling: true }],
    ["plan", { claude: "Plan", opencodeSpelling: true }],
    // Claude's name in another case, or with other separators.
    ["EXPLORE", { claude: "Explore", opencodeSpelling: false }],
    ["general_purpose", { claude: "general-purpose", opencodeSpelling: false }],
    ["GeneralPurpose", { claude: "general-purpose", opencodeSpelling: false }],
    ["General", { claude: "general-purpose", opencodeSpelling: false }],
    ["PLAN", { claude: "Plan", opencodeSpelling: false }],
    // Claude's names are right; a near-miss or another name may be a custom agent.
    ["Explore", undefined],
    ["general-purpose", undefined],
    ["Plan", undefined],
    ["explorer", undefined],
    ["planner", undefined],
    ["build", undefined],
    ["code-reviewer", undefined],
  ])("%s -> %j", (name, expected) => {
    expect(misnamedAgent(name)).toEqual(expected);
  });
});
