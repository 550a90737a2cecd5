// No dialect: what DIALECT_OF is in the runtime of a project whose hooks are all Claude's
// (scripts/bundle-runtime.js builds that runtime with this module in place of index.ts), so it
// carries none of the other agents' code. A handler naming a dialect is then skipped (compile.ts).
import type { DialectName } from "../../schema/dialects/agents.js";
import type { Dialect } from "./dialect.js";

export const DIALECT_OF: Readonly<Partial<Record<DialectName, Dialect>>> = {};
