import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../../schema/events.js";
import { hooksJsonSchema } from "../../schema/json-schema.js";
import { isReplayed, NOT_REPLAYED, TOOL_EVENTS } from "../../plugin/events/index.js";

describe("the event model", () => {
  it("has all 34 Claude Code 2.1.332 events", () => {
    expect(EVENT_NAMES).toHaveLength(34);
  });

  it("every event is replayed by a module of the same name, or dropped with a reason", () => {
    for (const event of EVENT_NAMES) {
      if (isReplayed(event)) expect(TOOL_EVENTS[event].name).toBe(event);
      else expect(NOT_REPLAYED[event as keyof typeof NOT_REPLAYED]).toMatch(/\w/);
    }
    expect(Object.keys(TOOL_EVENTS).length + Object.keys(NOT_REPLAYED).length).toBe(34);
  });

  it("the committed JSON Schema is the one generated from the model", () => {
    const committed = JSON.parse(readFileSync(new URL("../../schema/hooks.schema.json", import.meta.url), "utf8"));
    expect(committed).toEqual(hooksJsonSchema());
  });
});
