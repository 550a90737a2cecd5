// The JSON Schema for the `hooks` block of Claude Code settings, generated from the same event and
// handler tables the validator uses. schema/hooks.schema.json is its committed copy (a test keeps
// the two equal); point an editor at it with "$schema" or a json.schemas setting.
import { EVENT_NAMES, eventInfo } from "./events.js";
import { type FieldSpec, HANDLER_FIELDS, HANDLER_TYPES } from "./handlers.js";

type Schema = Record<string, unknown>;

export function hooksJsonSchema(): Schema {
  const handlerRefs = HANDLER_TYPES.map((type) => ({ $ref: `#/$defs/${type}Handler` }));
  const defs: Record<string, Schema> = {};
  for (const type of HANDLER_TYPES) {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const [name, spec] of Object.entries(HANDLER_FIELDS[type])) {
      properties[name] = name === "type" ? { const: type, description: spec.description } : fieldSchema(spec);
      if (spec.required) required.push(name);
    }
    defs[`${type}Handler`] = { type: "object", properties, required, additionalProperties: false };
  }
  const events: Record<string, Schema> = {};
  for (const event of EVENT_NAMES) {
    const info = eventInfo(event);
    const allowed = info.types.map((type) => ({ $ref: `#/$defs/${type}Handler` }));
    events[event] = {
      type: "array",
      description: info.matchField ? `Matcher groups; the matcher is tested against ${info.matchField}.` : "Matcher groups; this event ignores matchers.",
      items: {
        type: "object",
        properties: {
          matcher: {
            type: "string",
            description: '"", "*" or absent: all. Only letters, digits, _ | , - and spaces: exact names. Otherwise a JavaScript regex.',
          },
          hooks: { type: "array", items: { anyOf: allowed.length === HANDLER_TYPES.length ? handlerRefs : allowed } },
        },
        required: ["hooks"],
        additionalProperties: false,
      },
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Claude Code settings: hooks (2.1.332)",
    type: "object",
    properties: {
      hooks: { type: "object", properties: events, additionalProperties: false },
      disableAllHooks: { type: "boolean", description: "Turn off all hooks (settings precedence applies)." },
      allowedHttpHookUrls: {
        type: "array",
        items: { type: "string" },
        description: "http hooks run only for URLs matching one of these patterns (`*` wildcard); `[]` blocks all. Lists merge across files.",
      },
      httpHookAllowedEnvVars: {
        type: "array",
        items: { type: "string" },
        description: "The variables http hooks may interpolate into headers (also needed in the hook's allowedEnvVars). Lists merge across files.",
      },
    },
    $defs: defs,
  };
}

function fieldSchema(spec: FieldSpec): Schema {
  const base = { description: spec.description };
  switch (spec.kind) {
    case "string":
      return spec.values ? { ...base, enum: [...spec.values] } : { ...base, type: "string" };
    case "positiveNumber":
      return { ...base, type: "number", exclusiveMinimum: 0 };
    case "boolean":
      return { ...base, type: "boolean" };
    case "stringArray":
      return { ...base, type: "array", items: { type: "string" } };
    case "stringRecord":
      return { ...base, type: "object", additionalProperties: { type: "string" } };
    case "object":
      return { ...base, type: "object" };
  }
}
