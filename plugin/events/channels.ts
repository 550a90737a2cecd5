// The OpenCode channels a Claude event can be replayed on: a named plugin hook that OpenCode awaits
// with (input, output), a bus event type (delivered to the plugin's `event` hook, not awaited), or the
// plugin's own life cycle (`dispose`, awaited at shutdown). Types come from OpenCode's own packages, so
// a channel that does not exist in @opencode-ai/plugin or @opencode-ai/sdk 1.18.33 does not compile.
import type { Hooks } from "@opencode-ai/plugin";
import type { Event } from "@opencode-ai/sdk/v2";

/** Plugin hooks OpenCode awaits; the events replayed here mutate their `output` in place. */
export const HOOK_CHANNELS = [
  "tool.execute.before",
  "tool.execute.after",
  "chat.message",
  "command.execute.before",
  "experimental.chat.messages.transform",
  "experimental.session.compacting",
  "shell.env",
] as const satisfies ReadonlyArray<keyof Hooks>;

export type HookChannel = (typeof HOOK_CHANNELS)[number];
export type BusChannel = Event["type"];
/** `settings.changed` is raised by the live plugin's settings watcher (live/watch-settings.ts), not by OpenCode. */
export type LifecycleChannel = "config" | "dispose" | "settings.changed";

/** A settings file changed under the live plugin; `blocked` is set when a ConfigChange hook keeps the change out. */
export interface SettingsChange {
  source: "user_settings" | "project_settings" | "local_settings" | "policy_settings" | "skills";
  file: string;
}
export type Channel = HookChannel | BusChannel | LifecycleChannel;

type HookParameters<K extends HookChannel> = Parameters<NonNullable<Hooks[K]>>;

/** One call of a channel, as every module registered on it sees it. */
export type ChannelCall<C extends Channel> = (C extends HookChannel
  ? { input: HookParameters<C>[0]; output: HookParameters<C>[1] }
  : C extends BusChannel
    ? { input: Extract<Event, { type: C }>["properties"]; output: undefined; eventID: string }
    : C extends "config"
      ? { input: Record<string, unknown>; output: undefined }
      : C extends "settings.changed"
        ? { input: SettingsChange; output: { blocked: boolean } }
        : { input: undefined; output: undefined }) & {
  /** Lookups shared by the modules of one call (e.g. one fetch of a session's messages per idle). */
  shared: Map<string, Promise<unknown>>;
};

export function isHookChannel(channel: Channel): channel is HookChannel {
  return (HOOK_CHANNELS as readonly string[]).includes(channel);
}

/** Computes a value once per channel call, for every module that asks. */
export function shared<T>(call: { shared: Map<string, Promise<unknown>> }, key: string, compute: () => Promise<T>): Promise<T> {
  let value = call.shared.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    call.shared.set(key, value);
  }
  return value;
}
