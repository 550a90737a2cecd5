// The session of a served scenario as the TUI drives it, through `opencode serve`'s HTTP API: more
// prompts, waiting for a turn to end, the permission prompts waiting for an answer, and the answer.
// Every wait polls until the scenario's deadline, so a scenario that goes wrong fails instead of hanging.

export interface PendingPermission {
  id: string;
  sessionID: string;
  permission: string;
  patterns: string[];
  always: string[];
  tool?: { messageID: string; callID: string };
}

interface MessageInfo {
  role: string;
  time: { completed?: number };
}

export class ServedSession {
  constructor(
    readonly base: string,
    readonly id: string,
    private readonly model: string,
    /** The scenario's deadline (ms since the epoch): no wait goes past it. */
    private readonly deadline: number,
  ) {}

  /** The user's next prompt, sent as the TUI sends it (prompt_async). */
  async prompt(text: string): Promise<void> {
    await this.request("POST", `/session/${this.id}/prompt_async`, { model: { providerID: "fake", modelID: this.model }, parts: [{ type: "text", text }] });
  }

  /** Waits until the session holds `count` assistant messages, all complete, and is idle (its run is over). */
  async idleAfter(count: number): Promise<void> {
    await this.until(`${count} complete assistant message(s) and an idle session ${this.id}`, async () => {
      const assistant = (await this.messages()).filter(({ info }) => info.role === "assistant");
      if (assistant.length < count || assistant.some(({ info }) => info.time.completed === undefined)) return false;
      const status = (await this.request("GET", "/session/status")) as Record<string, { type: string } | undefined>;
      return (status[this.id]?.type ?? "idle") === "idle";
    });
  }

  async messages(): Promise<Array<{ info: MessageInfo; parts: Array<Record<string, unknown>> }>> {
    return (await this.request("GET", `/session/${this.id}/message`)) as Array<{ info: MessageInfo; parts: Array<Record<string, unknown>> }>;
  }

  /** The first permission prompt of the session still waiting for an answer. */
  async pendingPermission(): Promise<PendingPermission> {
    let found: PendingPermission | undefined;
    await this.until(`a permission prompt in session ${this.id}`, async () => {
      const pending = (await this.request("GET", "/permission")) as PendingPermission[];
      found = pending.find((request) => request.sessionID === this.id);
      return found !== undefined;
    });
    return found!;
  }

  /** Answers a permission prompt the way the TUI does (POST /permission/{requestID}/reply). */
  async reply(requestID: string, reply: "once" | "always" | "reject", message?: string): Promise<void> {
    await this.request("POST", `/permission/${requestID}/reply`, { reply, ...(message !== undefined ? { message } : {}) });
  }

  /** The session as OpenCode holds it (its permission rules among the rest). */
  async info(): Promise<{ id: string; permission?: Array<{ permission: string; pattern: string; action: string }> }> {
    return (await this.request("GET", `/session/${this.id}`)) as { id: string };
  }

  private async request(method: string, url: string, body?: object): Promise<unknown> {
    const response = await fetch(`${this.base}${url}`, {
      method,
      ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  private async until(what: string, condition: () => Promise<boolean>): Promise<void> {
    while (!(await condition())) {
      if (Date.now() > this.deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
