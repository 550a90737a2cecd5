// Temp projects built from inline file trees, under the repo's .tmp/ so that hook commands using
// `npx --no-install` resolve this repo's node_modules (prettier).
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface TempProject {
  dir: string;
  file(relative: string): string;
  remove(): Promise<void>;
}

export async function makeProject(files: Record<string, string | object>, prefix = "project-"): Promise<TempProject> {
  const root = path.join(REPO_ROOT, ".tmp");
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, prefix));
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
    if (relative.endsWith(".sh")) await chmod(file, 0o755);
  }
  // Retried: an OpenCode server that is shutting down may still write its snapshot objects (ENOTEMPTY).
  const remove = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  return { dir, file: (relative) => path.join(dir, relative), remove };
}

/** A settings object with one hook group per entry. */
export function settings(hooks: Record<string, Array<{ matcher?: string; hooks: object[] }>>, extra: object = {}): object {
  return { hooks, ...extra };
}
