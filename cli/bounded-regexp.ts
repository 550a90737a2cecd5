// A matcher is a regex tested against a tool or event name (schema/matcher.ts). Node's regex engine
// backtracks: `^Bash$|(a+)+$` against a 40-character custom tool name runs for minutes, and `test`
// stalls. V8 can switch such a match to its linear-time engine once it backtracks too much: the same
// answer (the same ECMAScript semantics), bounded time. Imported first by cli/index.ts, before any
// regex is compiled. OpenCode's Bun (JavaScriptCore) bounds backtracking itself.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
