// Managed (policy) settings: managed-settings.json and its managed-settings.d/ drop-ins, from this
// platform's folder or one given. Read on request only: they are the machine's, not the project's.
import { readdirSync } from "node:fs";
import path from "node:path";
import { managedSettingsDir, managedSettingsFiles, readSettingsFiles, type SettingsText } from "../load-settings.js";

/** `dir`: a folder given by the user, else this platform's. `perMachine`: their hooks stay out of a committed plugin. */
export function readManagedSettings(dir: string | undefined, perMachine: boolean): Promise<SettingsText[]> {
  const folder = dir === undefined ? managedSettingsDir() : path.resolve(dir);
  let dropIns: string[] = [];
  try {
    dropIns = readdirSync(path.join(folder, "managed-settings.d"));
  } catch {
    dropIns = [];
  }
  return readSettingsFiles(managedSettingsFiles(folder, dropIns, perMachine));
}
