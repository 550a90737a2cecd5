import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../../schema/events.js";
import { hooksJsonSchema } from "../../schema/json-schema.js";
import { EVENT_MODULES, NOT_REPLAYED, REGISTRY } from "../../plugin/events/index.js";
import { HOOK_CHANNELS } from "../../plugin/events/channels.js";

// Bus event types of OpenCode 1.18.33, from its own SDK's event union (@opencode-ai/sdk/v2 types).
const SDK_TYPES = readFileSync(new URL("../../node_modules/@opencode-ai/sdk/dist/v2/gen/types.gen.d.ts", import.meta.url), "utf8");
const BUS_EVENTS = new Set([...SDK_TYPES.matchAll(/^export type Event\w+ = \{\s*id: string;\s*type: "([a-z.]+)";/gm)].map((match) => match[1]));
// Plugin hooks OpenCode 1.18.33 triggers, from @opencode-ai/plugin's Hooks interface.
const PLUGIN_TYPES = readFileSync(new URL("../../node_modules/@opencode-ai/plugin/dist/index.d.ts", import.meta.url), "utf8");
const HOOK_KEYS = new Set([...PLUGIN_TYPES.matchAll(/^\s{4}"?([a-z.]+)"?\?: /gm)].map((match) => match[1]));

describe("the event model", () => {
  it("has all 34 Claude Code 2.1.332 events", () => {
    expect(EVENT_NAMES).toHaveLength(34);
  });

  it("every event is replayed by modules of the same name, or not replayed with a reason, never both", () => {
    for (const event of EVENT_NAMES) {
      const modules = EVENT_MODULES.get(event) ?? [];
      if (modules.length > 0) {
        expect(NOT_REPLAYED[event], event).toBeUndefined();
        for (const module of modules) expect(module.name).toBe(event);
      } else {
        expect(NOT_REPLAYED[event], event).toMatch(/\w/);
      }
    }
  });

  it("every registry entry listens on a real OpenCode hook or bus event (or the live plugin's own settings watch)", () => {
    expect(BUS_EVENTS.size).toBeGreaterThan(50);
    for (const key of HOOK_CHANNELS) expect(HOOK_KEYS.has(key), key).toBe(true);
    for (const entry of REGISTRY) {
      const real = HOOK_KEYS.has(entry.channel) || BUS_EVENTS.has(entry.channel) || (entry.name === "ConfigChange" && entry.channel === "settings.changed");
      expect(real, `${entry.kind} ${entry.name} on ${entry.channel}`).toBe(true);
    }
  });

  it("the committed JSON Schema is the one generated from the model", () => {
    const committed = JSON.parse(readFileSync(new URL("../../schema/hooks.schema.json", import.meta.url), "utf8"));
    expect(committed).toEqual(hooksJsonSchema());
  });
});
