// Writes schema/hooks.schema.json from the event and handler tables (run after `npm run build`).
import { writeFileSync } from "node:fs";
import { hooksJsonSchema } from "../dist/schema/json-schema.js";

writeFileSync("schema/hooks.schema.json", `${JSON.stringify(hooksJsonSchema(), null, 2)}\n`);
