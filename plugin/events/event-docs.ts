// An event's row in docs/events.md, kept in the event's module beside the code it describes: the
// table between the page's markers is written from the rows (npm run docs) and a test keeps the page
// equal to them. Rows are plain data the runtime never reads, so its bundle drops them.
import type { EventName } from "../../schema/events.js";

export interface EventDocs {
  readonly event: EventName;
  /** The OpenCode channels it is replayed on, in words. */
  readonly channel: string;
  /** What is as in Claude, clause by clause (the cell joins them with "; "). */
  readonly exact: readonly string[];
  /** Where it differs from Claude, clause by clause. */
  readonly differs: readonly string[];
}

export const EVENTS_TABLE_START = "<!-- events table -->";
export const EVENTS_TABLE_END = "<!-- /events table -->";

/** The table: a row per event, in the order given; `|` in a cell is escaped, as GFM needs even in code. */
export function eventsTable(rows: readonly EventDocs[]): string {
  const cell = (text: string) => (text === "" ? " " : ` ${text.replaceAll("|", "\\|")} `);
  const lines = rows.map((row) => `|${[row.event, row.channel, row.exact.join("; "), row.differs.join("; ")].map(cell).join("|")}|`);
  return ["| Event | OpenCode channel | Exact | Differs |", "|---|---|---|---|", ...lines].join("\n");
}

/** The page with the text between its markers replaced by the table; undefined when a marker is missing. */
export function withEventsTable(page: string, rows: readonly EventDocs[]): string | undefined {
  const start = page.indexOf(EVENTS_TABLE_START);
  const end = page.indexOf(EVENTS_TABLE_END, start);
  if (start < 0 || end < 0) return undefined;
  return `${page.slice(0, start + EVENTS_TABLE_START.length)}\n\n${eventsTable(rows)}\n\n${page.slice(end)}`;
}
