// The flags `hooks2opencode test` fires an event with, by the name a user types, and the checks the
// scenarios share: a flag the event does not take, a value outside the set OpenCode can produce.
// Pure: each check returns the usage error's text, or undefined. The flags' values (FireOptions) are
// declared beside the scenarios that read them (plugin/events/scenario.ts).
import type { FireFlag, FireOptions } from "../../plugin/events/scenario.js";

export type { FireFlag, FireOptions } from "../../plugin/events/scenario.js";

/** Each flag as `test` takes it (commander's form); what it means per event is in the scenarios. */
const FLAGS: Record<FireFlag, string> = {
  tool: "-t, --tool <name>",
  input: "-i, --input <json>",
  output: "--output <text>",
  prompt: "--prompt <text>",
  lastMessage: "--last-message <text>",
  source: "--source <source>",
  error: "--error <text>",
  exit: "--exit <code>",
  agentType: "--agent-type <name>",
  reason: "--reason <reason>",
  errorType: "--error-type <type>",
  trigger: "--trigger <trigger>",
  summary: "--summary <text>",
  command: "--command <name>",
  arguments: "--arguments <text>",
  file: "--file <path>",
  change: "--change <kind>",
};

/** Every flag an event can take, as FireOptions keys. */
export const FIRE_FLAGS = Object.keys(FLAGS) as FireFlag[];

/** `-t, --tool <name>`: the flag, its short form and its value, for commander. */
export function flagSpec(flag: FireFlag): string {
  return FLAGS[flag];
}

export function flagName(flag: FireFlag): string {
  return /--[a-z-]+/.exec(FLAGS[flag])![0];
}

/** A flag given that the event does not take. */
export function unusedFlag(event: string, options: FireOptions, takes: readonly FireFlag[]): string | undefined {
  const extra = FIRE_FLAGS.find((flag) => options[flag] !== undefined && !takes.includes(flag));
  if (extra === undefined) return undefined;
  const accepted = takes.length > 0 ? `it takes ${takes.map(flagName).join(", ")}` : "it takes no flags";
  return `${event} does not take ${flagName(extra)} (${accepted})`;
}

/** A value outside the closed set test can fire the event with; `never` names the values OpenCode never produces. */
export function notOneOf(
  flag: FireFlag,
  value: string | undefined,
  allowed: readonly string[],
  never: { values: readonly string[]; why: string } = { values: [], why: "" },
): string | undefined {
  if (value === undefined || allowed.includes(value)) return undefined;
  const values = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}` : allowed.join("");
  if (never.values.includes(value)) return `${flagName(flag)} ${value}: ${never.why} (test fires ${values})`;
  return `${flagName(flag)} ${value}: expected ${values}`;
}
