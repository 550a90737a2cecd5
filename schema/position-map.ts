// Where each piece of a text handed on in another form was written in its real file: a SKILL.md's
// `hooks:` YAML is validated as JSON, and each finding in that JSON is shown at the line and column
// of the YAML it came from, as a settings file's are. Pure.

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** Pairs of [where in the derived text, where in the real file], in the derived text's order. */
export type PositionMap = ReadonlyArray<readonly [Position, Position]>;

/** The real place of a derived position: its own entry, else the nearest one before it, else the first. */
export function mapPosition(map: PositionMap, at: Position): Position | undefined {
  let found = map[0]?.[1];
  for (const [from, to] of map) {
    if (from.line > at.line || (from.line === at.line && from.column > at.column)) break;
    found = to;
  }
  return found;
}
