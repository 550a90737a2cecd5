// What the validation steps share about the one file being validated: what it yields (its hooks and
// switches), where a finding goes, and how a node's offset becomes the line and column shown.
import type { Diagnostic, Severity } from "../diagnostics.js";
import type { SettingsSource, SourceKind } from "../types.js";
import { positionsOf } from "./json-text.js";
import type { Node } from "./json-tree.js";

export interface FileCheck {
  readonly file: string;
  readonly kind: SourceKind;
  /** This machine's /bin/sh ("dash", "bash", ...), for the bash-only lint. */
  readonly sh: string;
  /** What the file yields: each step adds its hooks and switches. */
  readonly source: SettingsSource;
  readonly diagnostics: Diagnostic[];
  /** A finding at a node (or an offset), located. */
  report(node: Node | number, severity: Severity, code: string, message: string): void;
  /** `file:line:col` of a node: a hook's place. */
  where(node: Node): string;
}

export interface Place {
  line: number;
  column: number;
}

/**
 * `locate`: the text is derived from another file (a SKILL.md's YAML), where this line and column of
 * it is. `lineStarts`: where the text's lines start, when reading it found them.
 */
export function fileCheck(text: string, file: string, kind: SourceKind, sh: string, locate?: (at: Place) => Place, lineStarts?: number[]): FileCheck {
  const positions = positionsOf(text, lineStarts);
  const at = (offset: number) => (locate ? locate(positions(offset)) : positions(offset));
  const diagnostics: Diagnostic[] = [];
  return {
    file,
    kind,
    sh,
    source: { kind, file, entries: [] },
    diagnostics,
    report(node, severity, code, message) {
      const { line, column } = at(typeof node === "number" ? node : node.offset);
      diagnostics.push({ code, severity, file, line, column, message });
    },
    where(node) {
      const { line, column } = at(node.offset);
      return `${file}:${line}:${column}`;
    },
  };
}
