// The parts of OpenCode's plugin client (the v1 SDK: PluginInput.client in anomalyco/opencode packages/plugin/src/index.ts, v1.18.33) the runtime uses.
// Every member is optional: a test client, an older OpenCode or a missing TUI must not crash a hook.
import type { Message, Part } from "@opencode-ai/sdk/v2";

/** The v1 SDK answers `{ data }` (or `{ error }`) instead of throwing. */
export interface Answer<T> {
  data?: T;
  error?: unknown;
}

export interface PromptBody {
  parts: Array<{ type: "text"; text: string; synthetic?: boolean; metadata?: Record<string, unknown> }>;
  agent?: string;
  model?: { providerID: string; modelID: string };
  noReply?: boolean;
  /** Appended to the system prompt for this turn. */
  system?: string;
  /** Replaces the session's permission rules for this turn: `false` denies a tool (`"*"`: every tool). */
  tools?: Record<string, boolean>;
}

/** The levels of OpenCode's log (app.log), which the plugin's own log uses too. */
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface MessageWithParts {
  info: Message;
  parts: Part[];
}

export interface OpencodeClient {
  app?: { log?(options: { body: { service: string; level: string; message: string } }): Promise<unknown> };
  session?: {
    abort?(options: { path: { id: string } }): Promise<unknown>;
    create?(options: { body: { parentID?: string; title?: string } }): Promise<Answer<{ id: string }>>;
    delete?(options: { path: { id: string } }): Promise<unknown>;
    get?(options: {
      path: { id: string };
    }): Promise<Answer<{ id: string; parentID?: string; title?: string; permission?: Array<{ permission: string; pattern: string; action: string }> }>>;
    messages?(options: { path: { id: string } }): Promise<Answer<MessageWithParts[]>>;
    /** Runs a turn and answers when it is over (never for a session whose loop awaits us). */
    prompt?(options: { path: { id: string }; body: PromptBody }): Promise<Answer<MessageWithParts>>;
    /** Starts a turn and returns at once (HTTP 204); the turn's end shows up as session.idle. */
    promptAsync?(options: { path: { id: string }; body: PromptBody }): Promise<Answer<unknown>>;
    /** `permission` rules are appended to the session's (OpenCode 1.18.33 merges them; none can be removed). */
    update?(options: {
      path: { id: string };
      body: { title?: string; permission?: Array<{ permission: string; pattern: string; action: "allow" | "deny" | "ask" }> };
    }): Promise<unknown>;
  };
  tui?: { showToast?(options: { body: { message: string; variant: string; title?: string } }): Promise<unknown> };
  /** Deprecated v1 route; answers once/always/reject without a message. */
  postSessionIdPermissionsPermissionId?(options: {
    path: { id: string; permissionID: string };
    body: { response: "once" | "always" | "reject" };
  }): Promise<unknown>;
  /** The raw HTTP client under the v1 SDK, for routes the v1 SDK lacks (a reject with feedback). */
  _client?: { post?(options: { url: string; path?: Record<string, string>; body?: unknown }): Promise<Answer<unknown>> };
}
