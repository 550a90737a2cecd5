// `apply_patch` carries one patch for many files. Claude hooks on `Edit|Write` expect one call per
// file with `file_path`, so each file operation becomes the Claude call it corresponds to:
// "Add File" -> Write {file_path, content}; "Update File" -> Edit {file_path, old_string, new_string},
// whose file_path is the destination when a "Move to" follows (the file the change lands in).
// "Delete File" has no Claude tool and is not presented to hooks. Headers are read as OpenCode
// 1.18.33 reads them (packages/opencode/src/patch: `startsWith("*** Add File:")`, the rest trimmed),
// so no file OpenCode writes escapes the hooks.
import path from "node:path";

export interface PatchFileCall {
  claudeTool: "Write" | "Edit";
  toolInput: Record<string, unknown>;
}

export function patchFileCalls(patchText: string, cwd: string): PatchFileCall[] {
  const calls: PatchFileCall[] = [];
  let current: { kind: "add" | "update"; file: string; moveTo?: string; old: string[]; next: string[] } | undefined;
  let headerJustRead = false;
  const flush = () => {
    if (!current) return;
    const file_path = path.resolve(cwd, current.moveTo ?? current.file);
    if (current.kind === "add") {
      calls.push({ claudeTool: "Write", toolInput: { file_path, content: joinLines(current.next) } });
    } else {
      calls.push({
        claudeTool: "Edit",
        toolInput: { file_path, old_string: joinLines(current.old), new_string: joinLines(current.next), replace_all: false },
      });
    }
    current = undefined;
  };
  for (const line of patchText.split(/\r?\n/)) {
    const header = /^\*\*\* (Add|Update|Delete) File:(.*)$/.exec(line);
    const file = header?.[2]!.trim();
    if (header && file) {
      flush();
      const kind = header[1];
      if (kind === "Add" || kind === "Update") current = { kind: kind === "Add" ? "add" : "update", file, old: [], next: [] };
      headerJustRead = kind === "Update";
      continue;
    }
    const moveTo = headerJustRead && line.startsWith("*** Move to:") ? line.slice("*** Move to:".length).trim() : "";
    headerJustRead = false;
    if (current && moveTo) {
      current.moveTo = moveTo;
      continue;
    }
    if (!current || line.startsWith("***") || line.startsWith("@@")) continue;
    const marker = line[0];
    const body = line.slice(1);
    if (current.kind === "add") {
      if (marker === "+") current.next.push(body);
    } else if (marker === "-") current.old.push(body);
    else if (marker === "+") current.next.push(body);
    else if (marker === " ") {
      current.old.push(body);
      current.next.push(body);
    }
  }
  flush();
  return calls;
}

function joinLines(lines: string[]): string {
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
