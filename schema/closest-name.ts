// "Did you mean ...?" for typos in event and field names: the known name within two edits. Asked for
// every unknown name a file holds (a matcher can list 300,000), so it does no more than it must.

export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  let lower: string | undefined;
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    // Lowering never shortens a text (checked over every code point), and the distance is at least the
    // difference in length: a 4 MB name is neither lowered (0.1 s) nor compared letter by letter (seconds per name).
    if (name.length - other.length >= bestDistance) continue;
    lower ??= name.toLowerCase();
    const distance = boundedDistance(lower, other, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The edit distance of `a` and `b` when it is below `limit`, else `limit`. */
function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let smallest = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (char === b.charCodeAt(j - 1) ? 0 : 1));
      current[j] = cell;
      if (cell < smallest) smallest = cell;
    }
    // Every way to the last cell crosses this row, and no step lowers the count.
    if (smallest >= limit) return limit;
    const done = previous;
    previous = current;
    current = done;
  }
  return Math.min(previous[b.length]!, limit);
}
