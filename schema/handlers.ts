// The five Claude Code handler types and their fields, as data. The validator and the JSON Schema
// generator both read this table, so the two cannot drift.
// Source: https://code.claude.com/docs/en/hooks#hook-handler-fields; `onFailure`: Claude Code 2.1.332 bundle.
import type { HandlerType } from "./events.js";

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

const ON_FAILURE = {
  kind: "string",
  values: ["continue", "block"],
  description: "`block`: a failure (not started, timed out, exit other than 0/2, invalid JSON) counts as exit 2.",
} as const satisfies FieldSpec;

export const HANDLER_FIELDS = {
  command: {
    ...COMMON,
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
  },
  http: {
    ...COMMON,
    url: { kind: "string", required: true, description: "URL the hook input is POSTed to." },
    headers: { kind: "stringRecord", description: "Extra headers; `$VAR` interpolated from `allowedEnvVars`." },
    allowedEnvVars: { kind: "stringArray", description: "Variables that may be interpolated into headers." },
    onFailure: ON_FAILURE,
  },
  mcp_tool: {
    ...COMMON,
    server: { kind: "string", required: true, description: "Connected MCP server name." },
    tool: { kind: "string", required: true, description: "Tool on that server." },
    input: { kind: "object", description: "Tool arguments; `${path}` interpolated from the hook input." },
    onFailure: ON_FAILURE,
  },
  prompt: {
    ...COMMON,
    prompt: { kind: "string", required: true, description: "Prompt for a single LLM call; `$ARGUMENTS` = input." },
    model: { kind: "string", description: "Model (default: the small fast model)." },
    continueOnBlock: { kind: "boolean", description: "On ok:false feed the reason back instead of ending." },
  },
  agent: {
    ...COMMON,
    prompt: { kind: "string", required: true, description: "Task for a verifying subagent; `$ARGUMENTS` = input." },
    model: { kind: "string", description: "Model (default: a fast model)." },
  },
} as const satisfies Record<HandlerType, Record<string, FieldSpec>>;

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

export const HANDLER_TYPES = Object.keys(HANDLER_FIELDS) as HandlerType[];

export function isHandlerType(type: string): type is HandlerType {
  return Object.hasOwn(HANDLER_FIELDS, type);
}
