// How `test` fires an event offline is declared by that event's module (its scenario: flags, checks,
// the OpenCode channel calls), and everything else is derived: cli/simulate/ replays the calls without
// naming any event, `test --help` is written from the scenarios, and the runtime bundle carries none.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { FIRE_FLAGS } from "../../cli/simulate/fire-options.js";
import { OfflineOpencode } from "../../cli/simulate/offline-opencode.js";
import { flagHelp, flagsProblem, replay, type Scenario, stopHookActiveEvents, stopHookActiveHelp } from "../../cli/simulate/scenarios.js";
import { buildHooks } from "../../plugin/events/build-hooks.js";
import { EVENT_MODULES, EVENT_SCENARIOS, isReplayed, REGISTRY } from "../../plugin/events/index.js";
import type { FireOptions } from "../../plugin/events/scenario.js";
import { Runtime } from "../../plugin/runtime.js";
import { EVENT_NAMES } from "../../schema/events.js";
// @ts-expect-error: a plain JS build script without type declarations
import { RUNTIME_BUNDLE } from "../../scripts/bundle-runtime.js";
import { REPO_ROOT } from "../helpers/project.js";

const EVENTS_DIR = path.join(REPO_ROOT, "plugin/events");

/** Each module of plugin/events/ by file name, with its exports. */
async function eventFiles(): Promise<Array<{ file: string; exports: Record<string, unknown> }>> {
  const files = (await readdir(EVENTS_DIR)).filter((name) => name.endsWith(".ts"));
  return Promise.all(files.map(async (file) => ({ file, exports: (await import(path.join(EVENTS_DIR, file))) as Record<string, unknown> })));
}

describe("each event's test scenario", () => {
  it("is declared once, for each event the generated plugin replays, by the module that replays it", async () => {
    const replayed = [...EVENT_MODULES.keys()].filter((event) => isReplayed(event));
    expect(EVENT_SCENARIOS.map((scenario) => scenario.event).sort()).toEqual(replayed.sort());
    const files = await eventFiles();
    for (const scenario of EVENT_SCENARIOS) {
      const declaring = files.filter(({ exports }) => Object.values(exports).includes(scenario)).map(({ file }) => file);
      // The file whose registry entry replays the event (its channel, input, decision, apply).
      const replaying = files
        .filter(({ exports }) => Object.values(exports).some((value) => EVENT_MODULES.get(scenario.event)?.includes(value as never)))
        .map(({ file }) => file);
      expect({ event: scenario.event, declaring }).toEqual({ event: scenario.event, declaring: [expect.any(String)] });
      expect(replaying).toContain(declaring[0]);
    }
  });

  it("is the only place an event's scenario lives: cli/simulate/ and the test command name no event", async () => {
    const files = [...(await readdir(path.join(REPO_ROOT, "cli/simulate"))).map((name) => `cli/simulate/${name}`), "cli/commands/test-hook.ts"];
    const named: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(REPO_ROOT, file), "utf8");
      for (const event of EVENT_NAMES) if (new RegExp(`["'\`]${event}["'\`]`).test(text)) named.push(`${file}: ${event}`);
    }
    expect(named).toEqual([]);
  });

  it("writes test --help: each flag lists the events whose scenario takes it, with what it means for them", () => {
    for (const flag of FIRE_FLAGS) {
      const takers = EVENT_SCENARIOS.filter((scenario) => scenario.flags[flag] !== undefined);
      const help = flagHelp(flag);
      if (takers.length === 0) expect([flag, help]).toEqual([flag, ""]);
      for (const { event, flags } of takers) {
        const group = help.split("; ").find((part) => part.endsWith(`: ${flags[flag]!}`));
        expect([flag, event, group?.split(": ")[0]!.split(", ")]).toEqual([flag, event, expect.arrayContaining([event])]);
      }
    }
    const looping = EVENT_SCENARIOS.filter((scenario) => scenario.stopHookActive !== undefined);
    expect(stopHookActiveEvents()).toEqual(looping.map((scenario) => scenario.event));
    expect(stopHookActiveHelp()).toBe(`${looping.map((scenario) => scenario.event).join(", ")}: ${looping[0]!.stopHookActive}`);
  });

  it("is replayed as declared: the plugin's hooks get the scenario's channel calls, in its order", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "event-scenarios-"));
    // Flags that take each scenario down each of its ways (those a scenario does not take are left out).
    const flagSets: FireOptions[] = [
      { tool: "Read", input: { file_path: "a.txt" }, command: "review", file: "a.txt" },
      { tool: "Bash", input: { command: "false" }, source: "resume", reason: "prompt_input_exit", trigger: "manual" },
      { tool: "Read", error: "no such file", source: "fork" },
    ];
    try {
      for (const scenario of EVENT_SCENARIOS) {
        const tried = new Set<string>();
        for (const flags of flagSets) {
          const taken: FireOptions = Object.fromEntries(Object.entries(flags).filter(([flag]) => flag in scenario.flags));
          if (tried.has(JSON.stringify(taken)) || flagsProblem(scenario, taken) !== undefined) continue;
          tried.add(JSON.stringify(taken));
          const declared = scenario.calls(taken).flatMap((step) => ("channel" in step ? [step.channel] : []));
          expect({ event: scenario.event, taken, heard: await heardFrom(scenario, taken, directory) }).toEqual({
            event: scenario.event,
            taken,
            heard: declared,
          });
        }
        expect([scenario.event, tried.size]).not.toEqual([scenario.event, 0]);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("stays out of the runtime bundle (the runtime never reads a scenario)", async () => {
    const bundled = await build({ ...RUNTIME_BUNDLE, write: false, outfile: "runtime.js" });
    const runtime = bundled.outputFiles![0]!.text;
    const texts = EVENT_SCENARIOS.flatMap((scenario) => [scenario.happens, ...Object.values(scenario.flags), scenario.stopHookActive ?? ""]);
    expect(texts.filter((text) => text !== "" && runtime.includes(text))).toEqual([]);
  });
});

/** The channel calls the plugin's hooks (no handlers) get while the scenario is replayed. */
async function heardFrom(scenario: Scenario, flags: FireOptions, directory: string): Promise<string[]> {
  const sessionID = "ses_scenario";
  const opencode = new OfflineOpencode({ id: sessionID, prompt: "(the prompt)", lastAssistantMessage: "(the answer)" });
  const heard: string[] = [];
  const hooks = listening(buildHooks(REGISTRY, new Runtime(directory, new Map(), opencode.client, "test")), heard);
  let disposed: Promise<void> | undefined;
  const dispose = () => (disposed ??= Promise.resolve(hooks.dispose?.()));
  await replay(scenario, hooks, flags, { sessionID, directory, opencode, dispose, later: () => {} });
  const made = [...heard];
  await dispose();
  return made;
}

/** The hooks, recording each channel call they get: a hook's name, a bus event's type, or dispose. */
function listening(hooks: Hooks, heard: string[]): Hooks {
  const record = Object.entries(hooks).map(([name, hook]) => [
    name,
    typeof hook !== "function"
      ? hook
      : (...args: unknown[]) => {
          heard.push(name === "event" ? (args[0] as { event: { type: string } }).event.type : name);
          return (hook as (...args: unknown[]) => unknown)(...args);
        },
  ]);
  return Object.fromEntries(record) as Hooks;
}
