// How deep a tool call's arguments nest, found without recursion: the model's JSON can nest deeper
// than JSON.stringify and structuredClone can go on Node's stack (~3,000 levels), and a hook must
// get either the whole input or a clear refusal, the same under Bun and Node.

/** Arguments nested deeper than this are not handed to hooks (no real tool call comes close). */
export const MAX_ARGS_DEPTH = 1000;

/** True when objects and arrays in `value` nest more than `limit` levels deep. */
export function nestsBeyond(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
