// Writes the tables derived from what the event modules keep (run after `npm run build`): docs/events.md's
// events table from their rows, docs/cli.md's test table from their scenarios (each between its
// markers); test/unit/derived-docs.test.ts fails when a page and the modules differ.
import { readFileSync, writeFileSync } from "node:fs";
import { withEventsTable } from "../dist/plugin/events/event-docs.js";
import { EVENT_DOCS } from "../dist/plugin/events/index.js";
import { withTestTable } from "../dist/cli/simulate/scenarios-table.js";

const PAGE = "docs/events.md";
const written = withEventsTable(readFileSync(PAGE, "utf8"), EVENT_DOCS);
if (written === undefined) throw new Error(`${PAGE} has no <!-- events table --> and <!-- /events table --> markers`);
writeFileSync(PAGE, written);

const CLI_PAGE = "docs/cli.md";
const cli = withTestTable(readFileSync(CLI_PAGE, "utf8"));
if (cli === undefined) throw new Error(`${CLI_PAGE} has no <!-- test table --> and <!-- /test table --> markers`);
writeFileSync(CLI_PAGE, cli);
