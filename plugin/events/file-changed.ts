// FileChanged -> `file.watcher.updated`. As in Claude, a change fires only for watched files: the
// file names a FileChanged matcher lists (split on `|`, in the project folder) and the absolute
// paths SessionStart / FileChanged hooks returned in `watchPaths`; the matcher is then tested
// against the file's basename. session_id is the session the user prompted last (OpenCode ties file
// events to none); nothing fires before the first prompt. OpenCode 1.18.33 reports the writes of
// its own file tools (write, edit, apply_patch), and other changes only while its file watcher is
// on (OPENCODE_EXPERIMENTAL_FILEWATCHER=true). Source: https://code.claude.com/docs/en/hooks#filechanged,
// https://code.claude.com/docs/en/hooks#matcher-patterns.
import path from "node:path";
import { type ContextDecision, decideContext } from "../decide/context-decision.js";
import { envFileFor, exportedBy } from "../env-file.js";
import type { Runtime } from "../runtime.js";
import { exportEnv } from "../session-state.js";
import { defineEvent } from "./define-event.js";
import type { EventScenario } from "./scenario.js";

interface ChangeFiring {
  sessionID: string;
  file: string;
  event: "add" | "change" | "unlink";
}

export default defineEvent<"file.watcher.updated", ChangeFiring, ContextDecision>({
  name: "FileChanged",
  channel: "file.watcher.updated",
  firings({ input }, runtime) {
    const file = path.resolve(runtime.directory, input.file);
    if (!runtime.currentSession || !watched(runtime, file) || repeated(file, input.event)) return [];
    return [{ sessionID: runtime.currentSession, file, event: input.event }];
  },
  session: (firing) => firing.sessionID,
  matchValue: (firing) => path.basename(firing.file),
  input: (firing) => ({ file_path: firing.file, event: firing.event }),
  env: async (firing, runtime) => ({ CLAUDE_ENV_FILE: await envFileFor(runtime, firing.sessionID) }),
  decide: (runs) => decideContext("FileChanged", runs, { plainStdout: false, blocks: false }),
  async apply(fired, _call, runtime) {
    for (const { firing, decision, ran } of fired) {
      if (!ran) continue;
      for (const watchedPath of decision.watchPaths) runtime.watchPaths.add(watchedPath);
      const session = runtime.sessions.get(firing.sessionID);
      exportEnv(session, await exportedBy(await envFileFor(runtime, firing.sessionID), runtime.hookEnv(firing.sessionID)));
    }
  },
});

const lastReported = new Map<string, number>();
const SAME_CHANGE_MS = 1000;

/** OpenCode's file tools report their own writes, and its watcher reports them again: one change, one run. */
function repeated(file: string, event: string): boolean {
  const key = `${event} ${file}`;
  const now = Date.now();
  const last = lastReported.get(key);
  lastReported.set(key, now);
  if (lastReported.size > 1000) lastReported.delete(lastReported.keys().next().value!);
  return last !== undefined && now - last < SAME_CHANGE_MS;
}

/** Claude watches each matcher split on `|` as literal file names in the project folder, plus returned watchPaths. */
function watched(runtime: Runtime, file: string): boolean {
  if (runtime.watchPaths.has(file)) return true;
  if (path.dirname(file) !== runtime.directory) return false;
  const name = path.basename(file);
  return runtime.handlersFor("FileChanged").some((handler) => (handler.matcherText ?? "").split("|").some((literal) => literal.trim() === name));
}

/** Its row in docs/events.md (npm run docs writes the table from it; the runtime bundle drops it). */
export const fileChangedDocs = {
  event: "FileChanged",
  channel: "`file.watcher.updated`",
  exact: ["fires for the files a matcher names (split on `|`, in the project folder) and for `watchPaths`", "matcher on the basename", "`CLAUDE_ENV_FILE`"],
  differs: [
    "OpenCode reports the writes of its own file tools",
    "changes made any other way only with its watcher on (`OPENCODE_EXPERIMENTAL_FILEWATCHER=true`)",
  ],
} as const;

/** How `test` fires it offline (cli/simulate/ replays the calls; the runtime bundle drops it). */
export const fileChangedScenario: EventScenario = {
  event: "FileChanged",
  happens:
    "chat.message of a prompt (file events go to the session prompted last), then file.watcher.updated of the file, which fires the event only for a file a FileChanged matcher names in the project folder (or a watchPaths entry); then shell.env of a later bash call",
  flags: { file: "the file that changed (relative to the project)", change: "change (default), add or unlink" },
  checks: [
    { flag: "file", needed: "the file that changed" },
    { flag: "change", oneOf: ["add", "change", "unlink"] },
  ],
  subject: (options) => `${options.file} (${options.change ?? "change"})`,
  calls: (options) => [
    { channel: "chat.message", text: "(the prompt)" },
    { channel: "file.watcher.updated", file: options.file ?? "", event: options.change ?? "change" },
    { channel: "shell.env" },
  ],
};
