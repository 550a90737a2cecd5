// Which OpenCode model evaluates a `prompt` or `agent` hook. Claude's `model` values are Claude
// models; OpenCode has the models the user configured, so each maps to one of those, never to a
// model the user did not choose: the fast default (no model, `haiku`, a Claude Haiku id) is the
// user's `small_model`, else the session's model; `sonnet`, `opus` and other Claude ids are the
// session's model (else the configured `model`); a `provider/model` string is used as it is.
// Undefined: OpenCode's own default for the agent. Pure.

export interface ModelRef {
  providerID: string;
  modelID: string;
}

export interface ConfiguredModels {
  /** OpenCode's `model` and `small_model` (`provider/model`). */
  model?: string;
  small_model?: string;
}

export function parseModel(value: string | undefined): ModelRef | undefined {
  const slash = value?.indexOf("/") ?? -1;
  if (!value || slash <= 0 || slash === value.length - 1) return undefined;
  return { providerID: value.slice(0, slash), modelID: value.slice(slash + 1) };
}

export function hookModel(requested: string | undefined, configured: ConfiguredModels, session: ModelRef | undefined): ModelRef | undefined {
  const explicit = parseModel(requested);
  if (explicit) return explicit;
  const fast = requested === undefined || /haiku/i.test(requested);
  if (fast) return parseModel(configured.small_model) ?? session ?? parseModel(configured.model);
  return session ?? parseModel(configured.model);
}
