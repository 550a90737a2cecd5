// PreCompact -> `experimental.session.compacting`, which OpenCode awaits before it asks the model
// for a summary: plain stdout of successful hooks joins the compaction's context (Claude merges it
// into the compaction instructions); exit 2 or `decision: "block"` throws, so the compaction does
// not happen (OpenCode then reports the error on the session). PostCompact -> `session.compacted`,
// with the summary OpenCode wrote. `trigger` is `manual` for /compact, `auto` otherwise (from the
// compaction part OpenCode saves first). Source: https://code.claude.com/docs/en/hooks#precompact, https://code.claude.com/docs/en/hooks#postcompact.
import { type BlockAndContextDecision, decideBlockAndContext } from "../decide/block-and-context-decision.js";
import { decideIgnored } from "../decide/ignored-decision.js";
import { fetchMessages } from "../opencode/session-messages.js";
import { takeCompactTrigger } from "./bookkeeping.js";
import { defineEvent, HookBlock } from "./define-event.js";
import type { EventScenario } from "./scenario.js";

interface CompactFiring {
  sessionID: string;
  trigger: "manual" | "auto";
  context?: string[];
}

export default defineEvent<"experimental.session.compacting", CompactFiring, BlockAndContextDecision>({
  name: "PreCompact",
  channel: "experimental.session.compacting",
  freshTranscript: true,
  firings: ({ input, output }, runtime) => [
    { sessionID: input.sessionID, trigger: runtime.sessions.get(input.sessionID).compactTrigger ?? "auto", context: output.context },
  ],
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.trigger,
  matchValues: ["manual", "auto"],
  input: (firing) => ({ trigger: firing.trigger, custom_instructions: null }),
  decide: (runs) => decideBlockAndContext("PreCompact", runs),
  apply(fired) {
    for (const { firing, decision } of fired) {
      if (decision.blocks.length > 0) throw new HookBlock(`PreCompact hook blocked the compaction: ${decision.blocks.join("\n")}`);
      firing.context?.push(...decision.texts);
    }
  },
});

export const postCompact = defineEvent<"session.compacted", CompactFiring & { summary: string }, ReturnType<typeof decideIgnored>>({
  name: "PostCompact",
  channel: "session.compacted",
  freshTranscript: true,
  async firings({ input }, runtime) {
    const trigger = takeCompactTrigger(runtime.sessions.get(input.sessionID)) ?? "auto";
    const summary = (await fetchMessages(runtime.client, input.sessionID)).findLast(
      (message) => message.info.role === "assistant" && message.info.summary === true,
    );
    const text = summary?.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n") ?? "";
    return [{ sessionID: input.sessionID, trigger, summary: text }];
  },
  session: (firing) => firing.sessionID,
  matchValue: (firing) => firing.trigger,
  matchValues: ["manual", "auto"],
  input: (firing) => ({ trigger: firing.trigger, compact_summary: firing.summary }),
  decide: (runs) => decideIgnored("PostCompact", runs),
  apply() {},
});

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const preCompactDocs = {
  event: "PreCompact",
  channel: "`experimental.session.compacting` (awaited)",
  exact: ["`trigger` `manual` (`/compact`) or `auto`", "plain stdout joins the compaction's context", 'exit 2 / `decision: "block"` stops the compaction'],
  differs: ["`custom_instructions` is `null`", "a blocked compaction shows in OpenCode as a failed one"],
} as const;

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const postCompactDocs = {
  event: "PostCompact",
  channel: "`session.compacted`",
  exact: ["`trigger`, `compact_summary` (the summary OpenCode wrote)"],
  differs: [],
} as const;

const TRIGGER = "auto (default) or manual";

/** The compaction request OpenCode saves first, auto unless the flags say manual. */
const compactionAsked = (trigger: string | undefined) => ({ channel: "message.part.updated", compaction: { auto: (trigger ?? "auto") === "auto" } }) as const;

/** How `test` fires them offline (cli/simulate/ replays the calls; the runtime bundle drops them). */
export const preCompactScenario: EventScenario = {
  event: "PreCompact",
  happens: "message.part.updated of the compaction request (its trigger), then experimental.session.compacting, before OpenCode asks the model for a summary",
  flags: { trigger: TRIGGER },
  checks: [{ flag: "trigger", oneOf: "matcher values" }],
  subject: (options) => options.trigger ?? "auto",
  calls: (options) => [compactionAsked(options.trigger), { channel: "experimental.session.compacting" }],
};

export const postCompactScenario: EventScenario = {
  event: "PostCompact",
  happens: "message.part.updated of the compaction request (its trigger), then session.compacted once OpenCode saved the summary",
  flags: { trigger: TRIGGER, summary: "the compaction's summary" },
  checks: [{ flag: "trigger", oneOf: "matcher values" }],
  subject: (options) => options.trigger ?? "auto",
  calls: (options) => [
    compactionAsked(options.trigger),
    { turn: { compaction: { auto: (options.trigger ?? "auto") === "auto", summary: options.summary ?? "(the summary)" } } },
    { channel: "session.compacted" },
  ],
};
