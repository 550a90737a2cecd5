// An `mcp_tool` Codex hook's arguments: its `input` template with `${field.nested}` placeholders
// filled from the hook's stdin JSON. A string that is one placeholder keeps the value's JSON type;
// one inside other text is rendered as text (a non-string as compact JSON); a field that is not there
// FAILS the hook instead of sending the tool an unresolved argument. Pure.
// Source: openai/codex codex-rs/hooks/src/engine/mcp_runner.rs (expand_mcp_argument_template).

const PLACEHOLDER = /\$\{([^{}]+)\}/g;

export function codexMcpArguments(template: Readonly<Record<string, unknown>>, input: unknown): { args: Record<string, unknown> } | { error: string } {
  try {
    return { args: Object.fromEntries(Object.entries(template).map(([key, value]) => [key, resolve(value, input)])) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function resolve(value: unknown, input: unknown): unknown {
  if (typeof value === "string") return resolveString(value, input);
  if (Array.isArray(value)) return value.map((item) => resolve(item, input));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, input)]));
  return value;
}

function resolveString(text: string, input: unknown): unknown {
  const found = [...text.matchAll(PLACEHOLDER)];
  if (found.length === 0) return text;
  if (found.length === 1 && found[0]![0] === text) return lookup(input, found[0]![1]!);
  return text.replace(PLACEHOLDER, (_, path: string) => {
    const value = lookup(input, path);
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}

/** serde_json's `Value::get(field)` down the path: only objects have fields. */
function lookup(input: unknown, path: string): unknown {
  let current = input;
  for (const field of path.split(".")) {
    if (typeof current !== "object" || current === null || Array.isArray(current) || !Object.hasOwn(current, field))
      throw new Error(`hook input placeholder \`\${${path}}\` was not found`);
    current = (current as Record<string, unknown>)[field];
  }
  return current;
}
