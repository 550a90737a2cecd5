// Whether a file on disk is one hooks2opencode wrote, and whether it is unedited since: the
// plugin and runtime by their @generated header, the local hooks file by its mark and hash.
import { parseHeader } from "../build/generated-header.js";
import { parseLocalHooks } from "../build/render-plugin.js";

export interface Ownership {
  ours: boolean;
  /** Unchanged since hooks2opencode wrote it. */
  intact: boolean;
}

export function ownershipOf(text: string): Ownership {
  if (text.trimStart().startsWith("{")) return parseLocalHooks(text);
  const header = parseHeader(text);
  return { ours: header !== undefined, intact: header?.intact === true };
}
