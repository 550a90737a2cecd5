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

/** The table: a row per event, in the order given; `|` in a cell is escaped, as GFM needs even in code. */
export function eventsTable(rows: readonly EventDocs[]): string {
  const lines = rows.map((row) => `|${[row.event, row.channel, row.exact.join("; "), row.differs.join("; ")].map(tableCell).join("|")}|`);
  return ["| Event | OpenCode channel | Exact | Differs |", "|---|---|---|---|", ...lines].join("\n");
}

/** The page with the text between its markers replaced by the table; undefined when a marker is missing. */
export function withEventsTable(page: string, rows: readonly EventDocs[]): string | undefined {
  return withMarkedTable(page, "events table", eventsTable(rows));
}

/** The page with the text between `<!-- NAME -->` and `<!-- /NAME -->` replaced by `table`; undefined when a marker is missing. */
export function withMarkedTable(page: string, name: string, table: string): string | undefined {
  const [open, close] = [`<!-- ${name} -->`, `<!-- /${name} -->`];
  const start = page.indexOf(open);
  const end = page.indexOf(close, start);
  if (start < 0 || end < 0) return undefined;
  return `${page.slice(0, start + open.length)}\n\n${table}\n\n${page.slice(end)}`;
}

/** A table cell: `|` escaped, as GFM needs even in code; an empty cell blank. */
export const tableCell = (text: string) => (text === "" ? " " : ` ${text.replaceAll("|", "\\|")} `);
