// What a PluginConfig carries besides its handlers, from the merged settings: managed settings'
// switches and Claude's http hook policy. convert writes them into the plugin and the local hooks
// file; the live plugin hands them to the runtime directly.
import type { MergedHooks } from "../../schema/merge-sources.js";
import type { PluginConfig } from "../config.js";

export function managedSwitches(merged: MergedHooks): Pick<PluginConfig, "managedDisableAllHooks" | "allowManagedHooksOnly"> {
  return {
    ...(merged.managedDisableAllHooks?.value ? { managedDisableAllHooks: true } : {}),
    ...(merged.allowManagedHooksOnly?.value ? { allowManagedHooksOnly: true } : {}),
  };
}

export function httpPolicy(merged: MergedHooks): Pick<PluginConfig, "allowedHttpHookUrls" | "httpHookAllowedEnvVars"> {
  return {
    ...(merged.allowedHttpHookUrls ? { allowedHttpHookUrls: merged.allowedHttpHookUrls } : {}),
    ...(merged.httpHookAllowedEnvVars ? { httpHookAllowedEnvVars: merged.httpHookAllowedEnvVars } : {}),
  };
}
