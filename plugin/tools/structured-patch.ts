// Claude's `structuredPatch` (the hunks of the `diff` package: {oldStart, oldLines, newStart,
// newLines, lines}) from the unified diff OpenCode's edit tool puts in its metadata. Pure. Only the
// hunk headers need reading; jsdiff's parsePatch would add 4.4 KB to the runtime module (measured).

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

export function structuredPatch(unifiedDiff: unknown): Hunk[] {
  if (typeof unifiedDiff !== "string") return [];
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  for (const line of unifiedDiff.split("\n")) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header) {
      current = {
        oldStart: Number(header[1]),
        oldLines: header[2] === undefined ? 1 : Number(header[2]),
        newStart: Number(header[3]),
        newLines: header[4] === undefined ? 1 : Number(header[4]),
        lines: [],
      };
      hunks.push(current);
    } else if (current && /^[ +\-\\]/.test(line)) {
      current.lines.push(line);
    }
  }
  return hunks;
}
