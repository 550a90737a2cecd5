// The five Claude Code handler types, as data: one row per type in each table below. HANDLER_FIELDS
// (the validator and the JSON Schema generator both read it, so the two cannot drift) and
// HANDLER_FACTS (how Claude names, de-duplicates and times a hook of the type; compile.ts reads it
// at plugin load). Both live here because schema/ may not import plugin/ and both sides need them;
// the runner (plugin/run/runners/<type>.ts) runs the type. A new type: its rows here, its runner and
// one line in runners/index.ts (the compiler asks for each: every table is keyed by HandlerType).
// Source: https://code.claude.com/docs/en/hooks#hook-handler-fields; `onFailure`: Claude Code 2.1.332 bundle.

export type FieldKind = "string" | "positiveNumber" | "boolean" | "stringArray" | "stringRecord" | "object";

export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  /** Allowed values for a string field. */
  values?: readonly string[];
  description: string;
  /** Marked @internal in Claude's schema: accepted, never acted on. */
  internal?: boolean;
}

const COMMON = {
  type: { kind: "string", required: true, description: "Handler kind." },
  if: {
    kind: "string",
    description: "One permission rule, e.g. `Bash(git push *)` or `Edit(src/**/*.ts)`; tool events only.",
  },
  timeout: { kind: "positiveNumber", description: "Seconds before the handler is cancelled." },
  statusMessage: { kind: "string", description: "Spinner text while the handler runs." },
  once: { kind: "boolean", description: "Run once per session (honoured only in skill frontmatter)." },
} as const satisfies Record<string, FieldSpec>;

/** A row of HANDLER_FIELDS: the common fields, then the type's own. */
const withCommon = <const F extends Record<string, FieldSpec>>(fields: F): typeof COMMON & F => ({ ...COMMON, ...fields });

const ON_FAILURE = {
  kind: "string",
  values: ["continue", "block"],
  description: "`block`: a failure (not started, timed out, exit other than 0/2, invalid JSON) counts as exit 2.",
} as const satisfies FieldSpec;

// Calls marked pure: the runtime bundle reads only HANDLER_FACTS, and drops this table.
export const HANDLER_FIELDS = {
  command: /* @__PURE__ */ withCommon({
    command: { kind: "string", required: true, description: "Shell command, or the executable when `args` is set." },
    args: { kind: "stringArray", description: "Exec form: arguments, no shell; `${CLAUDE_PROJECT_DIR}` substituted." },
    shell: { kind: "string", values: ["bash", "powershell"], description: "Shell for the shell form." },
    async: { kind: "boolean", description: "Run in the background without blocking." },
    asyncRewake: { kind: "boolean", description: "Async; exit 2 wakes the model with stderr." },
    onFailure: ON_FAILURE,
    holdsTools: { kind: "boolean", internal: true, description: "Internal to Claude Code." },
    rewakeMessage: { kind: "string", internal: true, description: "Internal to Claude Code." },
    rewakeSummary: { kind: "string", internal: true, description: "Internal to Claude Code." },
    cloud: { kind: "boolean", internal: true, description: "Internal to Claude Code." },
  }),
  http: /* @__PURE__ */ withCommon({
    url: { kind: "string", required: true, description: "URL the hook input is POSTed to." },
    headers: { kind: "stringRecord", description: "Extra headers; `$VAR` interpolated from `allowedEnvVars`." },
    allowedEnvVars: { kind: "stringArray", description: "Variables that may be interpolated into headers." },
    onFailure: ON_FAILURE,
  }),
  mcp_tool: /* @__PURE__ */ withCommon({
    server: { kind: "string", required: true, description: "Connected MCP server name." },
    tool: { kind: "string", required: true, description: "Tool on that server." },
    input: { kind: "object", description: "Tool arguments; `${path}` interpolated from the hook input." },
    onFailure: ON_FAILURE,
  }),
  prompt: /* @__PURE__ */ withCommon({
    prompt: { kind: "string", required: true, description: "Prompt for a single LLM call; `$ARGUMENTS` = input." },
    model: { kind: "string", description: "Model (default: the small fast model)." },
    continueOnBlock: { kind: "boolean", description: "On ok:false feed the reason back instead of ending." },
  }),
  agent: /* @__PURE__ */ withCommon({
    prompt: { kind: "string", required: true, description: "Task for a verifying subagent; `$ARGUMENTS` = input." },
    model: { kind: "string", description: "Model (default: a fast model)." },
  }),
};

export type HandlerType = keyof typeof HANDLER_FIELDS;

/** What a validated field of each kind holds. */
interface KindValue {
  string: string;
  positiveNumber: number;
  boolean: boolean;
  stringArray: string[];
  stringRecord: Record<string, string>;
  object: Record<string, unknown>;
}

type FieldsOf<T extends HandlerType> = Omit<(typeof HANDLER_FIELDS)[T], "type">;
type ValueOf<S> = S extends { values: readonly (infer V)[] } ? V : S extends { kind: infer K extends FieldKind } ? KindValue[K] : never;
type IsRequired<S> = S extends { required: true } ? true : false;

/** One handler of type T as the validator lets it through: the table's fields, typed; required ones present. */
export type HandlerOf<T extends HandlerType> = { type: T } & {
  -readonly [K in keyof FieldsOf<T> as IsRequired<FieldsOf<T>[K]> extends true ? K : never]: ValueOf<FieldsOf<T>[K]>;
} & {
  -readonly [K in keyof FieldsOf<T> as IsRequired<FieldsOf<T>[K]> extends true ? never : K]?: ValueOf<FieldsOf<T>[K]>;
};

export interface HandlerFacts<T extends HandlerType> {
  /** How Claude names the hook in its error texts, `[<label>]` (and convert's report). */
  label(handler: HandlerOf<T>): string;
  /** Claude's de-duplication key after the type, before the `if` rule: identical handlers run once. */
  key(handler: HandlerOf<T>): unknown[];
  /** Seconds; without it, the event's default (schema/events.ts). */
  defaultTimeout?: number;
  /** It asks OpenCode's model: Claude takes it only on the events that take every type (schema/events.ts). */
  asksModel?: boolean;
}

/**
 * Claude Code 2.1.332 bundle (see https://code.claude.com/docs/en/hooks#hook-handler-fields): timeout,
 * async and statusMessage are not part of the key; prompt hooks time out after 30 s, agent hooks after 60 s.
 */
export const HANDLER_FACTS: { readonly [T in HandlerType]: HandlerFacts<T> } = {
  command: {
    label: (handler) => (handler.args ? [handler.command, ...handler.args].join(" ") : handler.command),
    key: (handler) => [handler.shell ?? "bash", handler.command, handler.args ?? null],
  },
  http: { label: (handler) => handler.url, key: (handler) => [handler.url] },
  mcp_tool: { label: (handler) => `${handler.server}/${handler.tool}`, key: (handler) => [handler.server, handler.tool, handler.input ?? null] },
  prompt: { label: (handler) => handler.prompt, key: (handler) => [handler.prompt], defaultTimeout: 30, asksModel: true },
  agent: { label: (handler) => handler.prompt, key: (handler) => [handler.prompt], defaultTimeout: 60, asksModel: true },
};

export const HANDLER_TYPES = Object.keys(HANDLER_FACTS) as HandlerType[];

export function isHandlerType(type: string): type is HandlerType {
  return Object.hasOwn(HANDLER_FACTS, type);
}

type AnyHandler = { [T in HandlerType]: HandlerOf<T> }[HandlerType];

/**
 * A hand-edited plugin may name a type the validator never lets through: it is read as a prompt
 * hook's shape, compiles, and fails when run (run-handlers.ts), as before these facts had rows.
 */
function factsOf(handler: AnyHandler): HandlerFacts<HandlerType> {
  const facts: Partial<Record<string, unknown>> = HANDLER_FACTS;
  return (facts[handler.type] ?? HANDLER_FACTS.prompt) as HandlerFacts<HandlerType>;
}

export function handlerLabel(handler: AnyHandler): string {
  return factsOf(handler).label(handler);
}

/** Claude's de-duplication key: identical handlers from several files or groups run once. */
export function dedupeKey(handler: AnyHandler): string {
  return JSON.stringify([handler.type, ...factsOf(handler).key(handler), handler.if ?? ""]);
}
