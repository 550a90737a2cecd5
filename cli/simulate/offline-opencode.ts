// The OpenCode a simulated event runs against: a plugin client that answers what the runtime asks
// (a session, its messages) from the simulation's own sessions and records everything the plugin
// does to OpenCode (a new turn, an abort, a toast, a permission answer or rule, a title, a log line), so
// `hooks2opencode test` can say what the hooks' decision would do there. A turn the plugin starts
// runs until OpenCode closes (`close`), which interrupts it, as quitting OpenCode does.
import type { AssistantMessage, ToolPart } from "@opencode-ai/sdk/v2";
import type { MessageWithParts, OpencodeClient, PromptBody } from "../../plugin/opencode/client.js";

export type Recorded =
  | { kind: "new turn"; text: string; /** The agent type, when the turn is a subagent's. */ subagent?: string }
  | { kind: "abort" }
  | { kind: "toast"; variant: string; text: string }
  | { kind: "permission answer"; reply: string; message?: string; /** The prompt the scenario raised "if OpenCode's rules ask". */ ifAsked?: boolean }
  | { kind: "permission rule"; permission: string; pattern: string; action: string }
  | { kind: "title"; title: string }
  | { kind: "log"; level: string; text: string };

export type ApiError = NonNullable<AssistantMessage["error"]>;

/** A tool call of the assistant's step, as its part holds it (ids aside). */
export type ToolStep = Pick<ToolPart, "type" | "callID" | "tool" | "state">;

/** The ids of the session's last turn: the user's prompt and the assistant message answering it. */
export const USER_MESSAGE = "msg_test_user";
export const ASSISTANT_MESSAGE = "msg_test_assistant";

/** The id of the permission prompt a tool scenario raises for its call, standing for "if OpenCode's rules ask". */
export const IF_ASKED = "per_test_if_asked";

/** The id of a message's part, by its place in the message. */
export function partOf(messageID: string, index: number): string {
  return `prt_${messageID.slice(4)}_${index}`;
}

export interface OfflineSession {
  id: string;
  /** A subagent's session: its parent and agent type. */
  parentID?: string;
  agentType?: string;
  /** The session's last turn: the prompt, and the model's last answer or the error that ended it. */
  prompt: string;
  lastAssistantMessage?: string;
  error?: ApiError;
  /** Instead of an answer: the turn's step called this tool, and the turn goes on. */
  step?: ToolStep;
  /** A compaction after that turn: whether it was automatic, and the summary OpenCode wrote. */
  compaction?: { auto: boolean; summary: string };
}

const MODEL = { providerID: "offline", modelID: "offline" };

export class OfflineOpencode {
  readonly recorded: Recorded[] = [];
  private readonly sessions = new Map<string, OfflineSession>();
  /** Turns the plugin started, per session: the prompt it sent, and whether OpenCode closed under it. */
  private readonly started = new Map<string, Array<{ parts: PromptBody["parts"]; at: number; interrupted: boolean }>>();
  private readonly waiting: Array<{ sessionID: string; resolve: () => void }> = [];

  constructor(main: OfflineSession) {
    this.sessions.set(main.id, main);
  }

  /** The session with this id (set up by a scenario: a subagent, a failed turn, a compaction). */
  session(id: string): OfflineSession {
    const found = this.sessions.get(id);
    if (!found) throw new Error(`no offline session ${id}`);
    return found;
  }

  add(session: OfflineSession): OfflineSession {
    this.sessions.set(session.id, session);
    return session;
  }

  /** Resolves when the plugin starts a new turn in the session. */
  nextTurn(sessionID: string): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ sessionID, resolve }));
  }

  /** OpenCode quits: the turns the plugin started are interrupted (MessageAbortedError). */
  close(): void {
    for (const turns of this.started.values()) for (const turn of turns) turn.interrupted = true;
  }

  get client(): OpencodeClient {
    const record = (entry: Recorded) => {
      this.recorded.push(entry);
      return Promise.resolve({});
    };
    const turn = ({ path, body }: { path: { id: string }; body: PromptBody }) => {
      const text = body.parts.map((part) => part.text).join("\n");
      const agentType = this.sessions.get(path.id)?.agentType;
      this.started.set(path.id, [...(this.started.get(path.id) ?? []), { parts: body.parts, at: Date.now(), interrupted: false }]);
      const answer = record({ kind: "new turn", text, ...(agentType !== undefined ? { subagent: agentType } : {}) });
      for (const waiter of this.waiting.filter((each) => each.sessionID === path.id)) waiter.resolve();
      return answer;
    };
    return {
      app: { log: ({ body }) => record({ kind: "log", level: body.level, text: body.message }) },
      session: {
        get: ({ path }) => {
          const { parentID } = this.sessions.get(path.id) ?? {};
          return Promise.resolve({ data: { id: path.id, ...(parentID !== undefined ? { parentID } : {}) } });
        },
        messages: ({ path }) => Promise.resolve({ data: this.messages(path.id) }),
        promptAsync: turn,
        abort: () => record({ kind: "abort" }),
        update: async ({ body }) => {
          for (const rule of body.permission ?? []) await record({ kind: "permission rule", ...rule });
          return body.title !== undefined ? record({ kind: "title", title: body.title }) : {};
        },
      },
      tui: { showToast: ({ body }) => record({ kind: "toast", variant: body.variant, text: body.message }) },
      postSessionIdPermissionsPermissionId: ({ path, body }) =>
        record({ kind: "permission answer", reply: body.response, ...(path.permissionID === IF_ASKED ? { ifAsked: true } : {}) }),
      _client: {
        post: ({ path, body }) => {
          const { reply, message } = body as { reply: string; message?: string };
          const ifAsked = path?.requestID === IF_ASKED ? { ifAsked: true } : {};
          return record({ kind: "permission answer", reply, ...(message !== undefined ? { message } : {}), ...ifAsked });
        },
      },
    };
  }

  /** The session's history: its last turn, a compaction after it, then the turns the plugin started. */
  messages(sessionID: string): MessageWithParts[] {
    const session = this.sessions.get(sessionID);
    if (!session) return [];
    const agent = session.agentType ?? "build";
    const time = Date.now() - 1000;
    const messages: MessageWithParts[] = [];
    const add = (role: "user" | "assistant", parts: Array<Record<string, unknown>>, info: Record<string, unknown> = {}) => {
      const id = messages.length === 0 ? USER_MESSAGE : messages.length === 1 ? ASSISTANT_MESSAGE : `msg_test_${messages.length}`;
      const created = time + messages.length;
      const parentID = messages.findLast((message) => message.info.role === "user")?.info.id;
      const base =
        role === "user"
          ? { role, time: { created }, agent, model: MODEL }
          : { role, parentID, time: { created }, modelID: MODEL.modelID, providerID: MODEL.providerID, mode: agent, agent, path: { cwd: "", root: "" } };
      const costs = role === "assistant" ? { cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } } } : {};
      messages.push({
        info: { id, sessionID, ...base, ...costs, ...info },
        parts: parts.map((part, index) => ({ id: partOf(id, index), sessionID, messageID: id, ...part })),
      } as unknown as MessageWithParts);
    };
    const text = (value: string) => ({ type: "text", text: value });
    add("user", [text(session.prompt)]);
    if (session.error) add("assistant", [], { error: session.error, time: { created: time + 1, completed: time + 2 } });
    else if (session.step) add("assistant", [session.step], { finish: "tool-calls", time: { created: time + 1, completed: time + 2 } });
    else add("assistant", [text(session.lastAssistantMessage ?? "(the answer)")], { finish: "stop", time: { created: time + 1, completed: time + 2 } });
    if (session.compaction) {
      add("user", [{ type: "compaction", auto: session.compaction.auto }]);
      add("assistant", [text(session.compaction.summary)], { summary: true, finish: "stop", time: { created: time + 3, completed: time + 4 } });
    }
    for (const started of this.started.get(sessionID) ?? []) {
      add("user", started.parts, { time: { created: started.at } });
      // Running until OpenCode closes: then the model's answer is cut short, with nothing said.
      add("assistant", [], {
        time: { created: started.at + 1 },
        ...(started.interrupted ? { error: { name: "MessageAbortedError", data: { message: "aborted" } } } : {}),
      });
    }
    return messages;
  }
}
