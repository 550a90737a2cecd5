// Claude Code 2.1.77+ picks up settings edits mid-session through a file watcher
// (https://code.claude.com/docs/en/settings, "When edits take effect"); the live plugin does the same. Files are polled (fs.watchFile): that
// sees a file that does not exist yet, survives editors that save by renaming, and works alike in
// Node and in OpenCode's Bun; a handful of stat calls a second cost nothing. Changes that arrive
// together are taken together, once they have settled.
import { unwatchFile, watchFile, type Stats } from "node:fs";

export interface SettingsWatch {
  /** Also polls these files (a folder's listing can name new ones); a file watched already is left as it is. */
  follow(files: readonly string[]): void;
  stop(): void;
}

export function watchFiles(files: readonly string[], onChange: (changed: string[]) => void, options: { intervalMs: number; settleMs: number }): SettingsWatch {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = (file: string) => {
    const listener = (now: Stats, before: Stats) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
      changed.add(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        const batch = [...changed];
        changed.clear();
        onChange(batch);
      }, options.settleMs);
      timer.unref?.();
    };
    // persistent: false: a watch never keeps OpenCode from exiting.
    watchFile(file, { interval: options.intervalMs, persistent: false }, listener);
    return { file, listener };
  };
  const listeners = [...new Set(files)].map(watch);
  return {
    follow(more) {
      for (const file of new Set(more)) if (!listeners.some((each) => each.file === file)) listeners.push(watch(file));
    },
    stop() {
      if (timer) clearTimeout(timer);
      for (const { file, listener } of listeners) unwatchFile(file, listener);
    },
  };
}
