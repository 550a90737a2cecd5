// An event's handlers indexed by matcher, once per handler list: exact names (`Bash`, `Edit|Write`)
// by name, every other matcher (regex, `*`, none) kept in settings order. A firing's candidates
// are the handlers its value names exactly plus all the others, merged back in settings order; an
// exact matcher that names another tool is never visited, so a call costs the same beside 10 or
// 1,000 groups that cannot match it. Candidates are a superset of what matches: each is still tested.
import { canonicalName } from "../../schema/claude-tools.js";
import type { CompiledMatcher } from "../../schema/matcher.js";

export interface MatcherIndex<T> {
  /** The items whose matcher may match `value`, in their order; every item when there is no value. */
  candidates(value: string | undefined): readonly T[];
}

export function indexByMatcher<T extends { readonly matcher: CompiledMatcher }>(items: readonly T[]): MatcherIndex<T> {
  const byName = new Map<string, number[]>();
  const others: number[] = [];
  items.forEach((item, position) => {
    const { matcher } = item;
    // Only Claude's exact lists carry their names (schema/matcher.ts); another agent's exact matcher is tested like a regex.
    if (matcher.kind !== "exact" || matcher.names === undefined) return void others.push(position);
    // A name listed twice in one matcher (`Bash|Bash`) is one candidate.
    for (const name of new Set(matcher.names)) {
      const bucket = byName.get(name) ?? [];
      bucket.push(position);
      byName.set(name, bucket);
    }
  });
  const rest = others.map((position) => items[position]!);
  // Merged once per name, at its first call (only names of tools that are called): later calls allocate nothing.
  const merged = new Map<string, readonly T[]>();
  const forName = (name: string): readonly T[] => {
    let list = merged.get(name);
    if (list) return list;
    const positions = byName.get(name);
    if (!positions) return rest;
    list = mergeInOrder(positions, others).map((position) => items[position]!);
    merged.set(name, list);
    return list;
  };
  return {
    // An exact matcher tests the value's canonical name (legacy aliases: schema/matcher.ts): so does the lookup.
    candidates: (value) => (value === undefined ? items : forName(canonicalName(value))),
  };
}

/** Two ascending lists of positions as one ascending list. */
function mergeInOrder(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}
