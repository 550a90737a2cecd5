// Writes the events table of docs/events.md (between its markers) from the rows the event modules
// keep (run after `npm run build`); test/unit/derived-docs.test.ts fails when the page and the rows differ.
import { readFileSync, writeFileSync } from "node:fs";
import { withEventsTable } from "../dist/plugin/events/event-docs.js";
import { EVENT_DOCS } from "../dist/plugin/events/index.js";

const PAGE = "docs/events.md";
const written = withEventsTable(readFileSync(PAGE, "utf8"), EVENT_DOCS);
if (written === undefined) throw new Error(`${PAGE} has no <!-- events table --> and <!-- /events table --> markers`);
writeFileSync(PAGE, written);
