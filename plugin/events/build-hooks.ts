// Builds the plugin's Hooks object from the registry: the entries of each channel run in registry
// order, each caught, so one failing module never stops the others or crashes OpenCode; only a
// HookBlock (a deliberate block) goes back to OpenCode. Bus events arrive through the one `event`
// hook, at most once per event id (OpenCode delivers some events twice while shutting down).
import type { Hooks } from "@opencode-ai/plugin";
import { OWN_SESSION_TITLE, type OwnSession } from "../opencode/ask-model.js";
import type { Runtime } from "../runtime.js";
import { holdDue } from "../session-state.js";
import { type Channel, type ChannelCall, isHookChannel } from "./channels.js";
import { fireEvent, fireEventSync, HookBlock, type RegistryEntry } from "./define-event.js";

const RECENT_EVENTS = 512;
const NONE_DONE: ReadonlySet<RegistryEntry> = new Set();

export function buildHooks(registry: readonly RegistryEntry[], runtime: Runtime): Hooks {
  const byChannel = new Map<Channel, RegistryEntry[]>();
  for (const entry of registry) byChannel.set(entry.channel, [...(byChannel.get(entry.channel) ?? []), entry]);
  const dueByChannel = new Map([...byChannel].map(([channel, entries]) => [channel, entries.filter(isDue)]));

  const dispatch = async (channel: Channel, call: ChannelCall<Channel>, done: ReadonlySet<RegistryEntry> = NONE_DONE) => {
    // A session the plugin started to evaluate a prompt or agent hook: no hook runs inside it.
    const own = ownSession(runtime, call);
    if (own) return countStep(runtime, own, call);
    const all = byChannel.get(channel) ?? [];
    const entries = done.size === 0 ? all : all.filter((entry) => !done.has(entry));
    // Registered before the first await, so a prompt arriving meanwhile waits for this output.
    const sessionID = sessionOf(call);
    const due = done.size === 0 ? (dueByChannel.get(channel) ?? []) : entries.filter(isDue);
    const pending = due.length === 0 ? undefined : new Map(due.map((entry) => [entry, sessionID ? holdDue(runtime.sessions.get(sessionID)) : undefined]));
    for (const entry of entries) {
      try {
        // Most entries of a channel have nothing to wait for (no hooks, none matching, a listener
        // done at once): they cost no turn of the event loop (a tool call pays for each).
        if (entry.kind === "event" && runtime.handlersFor(entry.name).length === 0) continue;
        const work = entry.kind === "event" ? fireEvent(entry, call, runtime) : entry.handle(call, runtime);
        if (work) await work;
      } catch (error) {
        if (error instanceof HookBlock) throw error;
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        runtime.log("error", `${entry.name} (${channel}) failed: ${detail.slice(0, 2000)}`);
        if (entry.kind === "event" && entry.failClosed) {
          const callID = (call.input as { callID?: unknown }).callID;
          if (typeof callID === "string") runtime.callState(callID).blocked = true;
          throw new HookBlock(
            `${entry.name} hooks could not be run for this call (hooks2opencode: ${error instanceof Error ? error.message : String(error)}); the call was not run, so that no guard is skipped.`,
          );
        }
      } finally {
        pending?.get(entry)?.();
      }
    }
  };

  const hooks: Hooks = {};
  const named = hooks as Record<string, unknown>;
  for (const channel of byChannel.keys()) {
    if (isHookChannel(channel)) {
      named[channel] = (input: unknown, output: unknown) => dispatch(channel, { input, output, shared: new Map() } as ChannelCall<Channel>);
    }
  }
  if (byChannel.has("config")) hooks.config = (config) => dispatch("config", { input: config, output: undefined, shared: new Map() } as ChannelCall<Channel>);
  if (byChannel.has("dispose")) hooks.dispose = () => dispatch("dispose", { input: undefined, output: undefined, shared: new Map() } as ChannelCall<Channel>);

  const seen = runtime.seenEvents;
  hooks.event = async ({ event }) => {
    const { id, type, properties } = event as unknown as { id?: string; type: Channel; properties?: unknown };
    if (!byChannel.has(type)) return;
    if (id) {
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > RECENT_EVENTS) seen.delete(seen.values().next().value!);
    }
    const call = { input: properties ?? {}, output: undefined, eventID: id ?? "", shared: new Map() } as ChannelCall<Channel>;
    const done = runtime.permissionsRace ? startSynchronously(byChannel.get(type) ?? [], call, runtime) : new Set<RegistryEntry>();
    const work = dispatch(type, call, done);
    // OpenCode does not wait for events; a one-shot `opencode run` waits for them at dispose.
    await runtime.track(work.catch(() => {}));
  };
  return hooks;
}

/** The entries that must act before an `opencode run` client sees the event; returns those that did. */
function startSynchronously(entries: readonly RegistryEntry[], call: ChannelCall<Channel>, runtime: Runtime): Set<RegistryEntry> {
  const done = new Set<RegistryEntry>();
  for (const entry of entries) {
    if (!entry.syncInOneShotRun) continue;
    try {
      if (entry.kind === "listener") {
        void Promise.resolve(entry.handle(call, runtime)).catch((error: unknown) => runtime.log("error", `${entry.name} failed: ${String(error)}`));
        done.add(entry);
      } else if (fireEventSync(entry, call, runtime)) {
        done.add(entry);
      }
    } catch (error) {
      runtime.log("error", `${entry.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      done.add(entry);
    }
  }
  return done;
}

function sessionOf(call: ChannelCall<Channel>): string | undefined {
  const input = call.input as { sessionID?: unknown } | undefined;
  return typeof input?.sessionID === "string" ? input.sessionID : undefined;
}

/**
 * The plugin's own session the call is about, if it is one: known by id, or (its session.created
 * may come before session.create answers) by its title.
 */
function ownSession(runtime: Runtime, call: ChannelCall<Channel>): (OwnSession & { id: string }) | undefined {
  const input = call.input as { sessionID?: unknown; info?: { id?: unknown; title?: unknown }; part?: { sessionID?: unknown } } | undefined;
  const id = input?.sessionID ?? input?.part?.sessionID ?? input?.info?.id;
  if (typeof id !== "string") return undefined;
  let own = runtime.ownSessions.get(id);
  const title = input?.info?.title;
  if (!own && typeof title === "string" && title.startsWith(OWN_SESSION_TITLE)) runtime.ownSessions.set(id, (own = { steps: 0 }));
  return own ? Object.assign(own, { id }) : undefined;
}

/** An agent hook's evaluation ends at its turn limit, as Claude's does. */
function countStep(runtime: Runtime, own: OwnSession & { id: string }, call: ChannelCall<Channel>): void {
  if ((call.input as { part?: { type?: unknown } } | undefined)?.part?.type !== "step-finish") return;
  own.steps += 1;
  if (own.maxSteps === undefined || own.steps < own.maxSteps || own.limited) return;
  own.limited = true;
  void runtime.client.session?.abort?.({ path: { id: own.id } })?.catch(() => {});
}

function isDue(entry: RegistryEntry): boolean {
  return entry.kind === "event" && entry.dueBeforeNextRequest === true;
}
