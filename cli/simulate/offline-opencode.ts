// The OpenCode a simulated event runs against: a plugin client that answers what the runtime asks
// (the session, its messages) from the simulation's own data and records everything the plugin
// does to OpenCode (a new turn, an abort, a toast, a permission answer, a title, a log line), so
// `hooks2opencode test` can say what the hooks' decision would do there.
import type { MessageWithParts, OpencodeClient, PromptBody } from "../../plugin/opencode/client.js";

export type Recorded =
  | { kind: "new turn"; text: string }
  | { kind: "abort" }
  | { kind: "toast"; variant: string; text: string }
  | { kind: "permission answer"; reply: string; message?: string }
  | { kind: "title"; title: string }
  | { kind: "log"; level: string; text: string };

export interface OfflineSession {
  id: string;
  /** The prompt of the turn that just ended (Stop), and the model's last answer to it. */
  prompt: string;
  lastAssistantMessage: string;
}

export class OfflineOpencode {
  readonly recorded: Recorded[] = [];
  constructor(private readonly session: OfflineSession) {}

  get client(): OpencodeClient {
    const record = (entry: Recorded) => {
      this.recorded.push(entry);
      return Promise.resolve({});
    };
    const turn = (options: { body: PromptBody }) => record({ kind: "new turn", text: options.body.parts.map((part) => part.text).join("\n") });
    return {
      app: { log: ({ body }) => record({ kind: "log", level: body.level, text: body.message }) },
      session: {
        get: ({ path }) => Promise.resolve({ data: { id: path.id } }),
        messages: () => Promise.resolve({ data: this.messages() }),
        promptAsync: turn,
        abort: () => record({ kind: "abort" }),
        update: ({ body }) => record({ kind: "title", title: body.title ?? "" }),
      },
      tui: { showToast: ({ body }) => record({ kind: "toast", variant: body.variant, text: body.message }) },
      postSessionIdPermissionsPermissionId: ({ body }) => record({ kind: "permission answer", reply: body.response }),
      _client: {
        post: ({ body }) => {
          const { reply, message } = body as { reply: string; message?: string };
          return record({ kind: "permission answer", reply, ...(message !== undefined ? { message } : {}) });
        },
      },
    };
  }

  /** A finished turn: the user's prompt and the model's answer to it (what Stop reads at an idle). */
  messages(): MessageWithParts[] {
    const { id, prompt, lastAssistantMessage } = this.session;
    const time = Date.now() - 1000;
    const model = { providerID: "offline", modelID: "offline" };
    const text = (messageID: string, partID: string, value: string) => ({ id: partID, sessionID: id, messageID, type: "text", text: value });
    return [
      {
        info: { id: "msg_test_user", sessionID: id, role: "user", time: { created: time }, agent: "build", model },
        parts: [text("msg_test_user", "prt_test_user", prompt)],
      },
      {
        info: {
          id: "msg_test_assistant",
          sessionID: id,
          role: "assistant",
          parentID: "msg_test_user",
          time: { created: time + 1, completed: time + 2 },
          finish: "stop",
          modelID: model.modelID,
          providerID: model.providerID,
          mode: "build",
          agent: "build",
          path: { cwd: "", root: "" },
          cost: 0,
          tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
        },
        parts: [text("msg_test_assistant", "prt_test_assistant", lastAssistantMessage)],
      },
    ] as unknown as MessageWithParts[];
  }
}
