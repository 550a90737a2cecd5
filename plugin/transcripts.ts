// Where hooks find `transcript_path`: one Claude-shaped JSONL file per session, written from the
// session's messages in the plugin's private folder, removed when the session ends or OpenCode
// shuts down. Lifecycle events wait for a fresh copy;
// tool events get the path at once and the copy is refreshed behind them (Claude's transcript
// "is written asynchronously and may lag" too).
import { rm, writeFile } from "node:fs/promises";
import { claudeTranscript } from "./opencode/claude-transcript.js";
import type { LogLevel, OpencodeClient } from "./opencode/client.js";
import { fetchMessages } from "./opencode/session-messages.js";
import type { PrivateFolder } from "./private-folder.js";

const LAZY_REFRESH_MS = 1000;

/** What the transcripts need of the plugin (runtime.ts's Runtime is one): the client to read messages, the folder, the transcript's fields, a log. */
export interface TranscriptHost {
  readonly client: OpencodeClient;
  readonly files: PrivateFolder;
  readonly directory: string;
  readonly mcpServers: readonly string[];
  readonly version: string;
  log(level: LogLevel, text: string): void;
}

export class Transcripts {
  private readonly running = new Map<string, Promise<void>>();
  private readonly lazyRefreshed = new Map<string, number>();
  /** A write that has not started yet: it will read the newest messages, so callers share it. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(private readonly runtime: TranscriptHost) {}

  /** The transcript's path ("" when OpenCode cannot list the session's messages). */
  async pathFor(sessionID: string, fresh: boolean): Promise<string> {
    if (!fresh) return this.pathNow(sessionID);
    if (!this.runtime.client.session?.messages) return "";
    const file = this.file(sessionID);
    await this.refresh(sessionID, file);
    return file;
  }

  /** The path at once, the copy refreshed behind it, at most every LAZY_REFRESH_MS (tool calls are many). */
  pathNow(sessionID: string): string {
    if (!this.runtime.client.session?.messages) return "";
    const file = this.file(sessionID);
    const now = Date.now();
    if (now - (this.lazyRefreshed.get(sessionID) ?? 0) >= LAZY_REFRESH_MS) {
      this.lazyRefreshed.set(sessionID, now);
      if (this.lazyRefreshed.size > 256) this.lazyRefreshed.delete(this.lazyRefreshed.keys().next().value!);
      void this.refresh(sessionID, file);
    }
    return file;
  }

  /** When the session ends; the whole private folder goes at shutdown. */
  async remove(sessionID: string): Promise<void> {
    await rm(this.file(sessionID), { force: true });
  }

  private file(sessionID: string): string {
    return this.runtime.files.file("transcripts", sessionID, ".jsonl");
  }

  /** One write at a time per session; callers arriving before a queued write starts share it. */
  private refresh(sessionID: string, file: string): Promise<void> {
    const queued = this.queued.get(sessionID);
    if (queued) return queued;
    const next = (this.running.get(sessionID) ?? Promise.resolve())
      .then(() => {
        this.queued.delete(sessionID);
        return this.write(sessionID, file);
      })
      .catch((error: unknown) => this.runtime.log("warn", `transcript for ${sessionID} not written: ${String(error)}`));
    this.queued.set(sessionID, next);
    this.running.set(sessionID, next);
    void next.then(() => {
      if (this.running.get(sessionID) === next) this.running.delete(sessionID);
    });
    return next;
  }

  private async write(sessionID: string, file: string): Promise<void> {
    const messages = await fetchMessages(this.runtime.client, sessionID);
    const { directory, mcpServers, version } = this.runtime;
    await writeFile(file, claudeTranscript(messages, { sessionID, cwd: directory, mcpServers, version }), { mode: 0o600 });
  }
}
