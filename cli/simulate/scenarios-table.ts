// docs/cli.md's table of what `test` does for each event, written from the scenarios the event
// modules declare (npm run docs) so the page cannot drift from them; test/unit/derived-docs.test.ts
// fails when it does.
import type { EventScenario, FireFlag } from "../../plugin/events/scenario.js";
import { tableCell, withMarkedTable } from "../../plugin/events/event-docs.js";
import { EVENT_SCENARIOS } from "../../plugin/events/index.js";
import { flagName } from "./fire-options.js";
import { allowedValues } from "./scenarios.js";

/** A flag as the table shows it: with the values it takes, where the event fixes them. */
function shownFlag(scenario: EventScenario, flag: FireFlag): string {
  const check = scenario.checks?.find((one) => typeof one !== "function" && one.flag === flag && "oneOf" in one);
  const values = check === undefined ? undefined : allowedValues(scenario.event, check);
  return `\`${flagName(flag)}${values?.length ? ` ${values.join("|")}` : ""}\``;
}

export function testTable(scenarios: readonly EventScenario[] = EVENT_SCENARIOS): string {
  const lines = scenarios.map((scenario) => {
    const flags = (Object.keys(scenario.flags) as FireFlag[]).map((flag) => shownFlag(scenario, flag));
    if (scenario.stopHookActive !== undefined) flags.push("`--stop-hook-active`");
    return `|${[scenario.event, scenario.happens, flags.join(", ")].map(tableCell).join("|")}|`;
  });
  return ["| Event | What `test` does in OpenCode's place | Flags |", "|---|---|---|", ...lines].join("\n");
}

/** docs/cli.md with its test table written anew; undefined when its markers are missing. */
export function withTestTable(page: string): string | undefined {
  return withMarkedTable(page, "test table", testTable());
}
