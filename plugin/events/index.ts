// The registry: every replayed Claude event's module and the listeners sharing their channels, in
// dispatch order per channel (build-hooks.ts groups them), and why each other event is not
// replayed. convert's report reads this; a test checks that all 34 events are accounted for.
import type { EventName } from "../../schema/events.js";
import { answerAllowedPermission } from "./allowed-permission.js";
import { readConfig, releaseFailedCall, trackCompaction, trackSession } from "./bookkeeping.js";
import type { EventModule, RegistryEntry } from "./define-event.js";
import postToolUse from "./post-tool-use.js";
import postToolUseFailure, { failedBashCommand } from "./post-tool-use-failure.js";
import preToolUse, { closeCallState, openCallState, substituteResult } from "./pre-tool-use.js";

export const REGISTRY: readonly RegistryEntry[] = [
  readConfig,
  trackSession,
  trackCompaction,
  // tool.execute.before
  openCallState,
  preToolUse,
  // tool.execute.after: the substitute first (PostToolUse sees it), PreToolUse context last
  substituteResult,
  postToolUse,
  failedBashCommand,
  closeCallState,
  // message.part.updated
  postToolUseFailure,
  releaseFailedCall,
  // permission.asked
  answerAllowedPermission,
];

const NO_CHANNEL = "OpenCode 1.18.33 has no matching event";

export const NOT_REPLAYED: Partial<Record<EventName, string>> = {
  ConfigChange: `${NO_CHANNEL} (settings are converted ahead of time)`,
  CwdChanged: `${NO_CHANNEL} (OpenCode has no working-directory change)`,
  DirectoryAdded: NO_CHANNEL,
  Elicitation: NO_CHANNEL,
  ElicitationResult: NO_CHANNEL,
  FileChanged: "not replayed yet",
  InstructionsLoaded: NO_CHANNEL,
  MessageDisplay: "not replayed yet",
  Notification: "not replayed yet",
  PermissionDenied: `${NO_CHANNEL} (no auto-mode classifier)`,
  PermissionRequest: "not replayed yet",
  PostCompact: "not replayed yet",
  PostModelSwitch: NO_CHANNEL,
  PostToolBatch: "not replayed yet",
  PreCompact: "not replayed yet",
  PreModelSwitch: NO_CHANNEL,
  PreSkillShellCommand: NO_CHANNEL,
  SessionEnd: "not replayed yet",
  SessionStart: "not replayed yet",
  Setup: `${NO_CHANNEL} (no --init mode)`,
  Stop: "not replayed yet",
  StopFailure: "not replayed yet",
  SubagentStart: "not replayed yet",
  SubagentStop: "not replayed yet",
  TaskCompleted: `${NO_CHANNEL} (no agent teams)`,
  TaskCreated: `${NO_CHANNEL} (no agent teams)`,
  TeammateIdle: `${NO_CHANNEL} (no agent teams)`,
  UserPromptExpansion: "not replayed yet",
  UserPromptSubmit: "not replayed yet",
  WorktreeCreate: NO_CHANNEL,
  WorktreeRemove: NO_CHANNEL,
};

/** The modules replaying each event (PostToolUseFailure has one per channel it arrives on). */
export const EVENT_MODULES: ReadonlyMap<EventName, readonly EventModule[]> = (() => {
  const modules = new Map<EventName, EventModule[]>();
  for (const entry of REGISTRY) if (entry.kind === "event") modules.set(entry.name, [...(modules.get(entry.name) ?? []), entry]);
  return modules;
})();

export function isReplayed(event: EventName): boolean {
  return EVENT_MODULES.has(event);
}

export function notReplayedReason(event: EventName): string {
  return NOT_REPLAYED[event] ?? "not replayed";
}
