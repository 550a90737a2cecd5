// An mcp_tool hook's `input`: string values may hold `${path}` placeholders filled from the hook
// input JSON (`${tool_input.file_path}`); a path that is not there gives "". Pure.
// Source: https://code.claude.com/docs/en/hooks (mcp_tool hook fields).

export function interpolate(value: unknown, input: Record<string, unknown>): unknown {
  if (typeof value === "string") return value.replace(/\$\{([A-Za-z0-9_.]+)\}/g, (_, path: string) => text(lookup(input, path)));
  if (Array.isArray(value)) return value.map((item) => interpolate(item, input));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, input)]));
  return value;
}

function lookup(input: unknown, path: string): unknown {
  let current = input;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
