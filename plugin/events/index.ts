// Every Claude Code event, alphabetically: the module that replays it, or why it is not replayed
// (yet). convert's report reads this; a test checks that all 34 events are listed.
import type { EventName } from "../../schema/events.js";
import postToolUse from "./post-tool-use.js";
import preToolUse from "./pre-tool-use.js";

export const TOOL_EVENTS = { PostToolUse: postToolUse, PreToolUse: preToolUse } as const;

const LATER = "not replayed yet (planned: lifecycle events issue)";
const NO_CHANNEL = "OpenCode 1.18.33 has no matching event";

export const NOT_REPLAYED: Record<Exclude<EventName, keyof typeof TOOL_EVENTS>, string> = {
  ConfigChange: `${NO_CHANNEL} (settings are converted ahead of time)`,
  CwdChanged: `${NO_CHANNEL} (OpenCode has no working-directory change)`,
  DirectoryAdded: NO_CHANNEL,
  Elicitation: NO_CHANNEL,
  ElicitationResult: NO_CHANNEL,
  FileChanged: LATER,
  InstructionsLoaded: NO_CHANNEL,
  MessageDisplay: LATER,
  Notification: LATER,
  PermissionDenied: `${NO_CHANNEL} (no auto-mode classifier)`,
  PermissionRequest: LATER,
  PostCompact: LATER,
  PostModelSwitch: NO_CHANNEL,
  PostToolBatch: LATER,
  PostToolUseFailure: LATER,
  PreCompact: LATER,
  PreModelSwitch: NO_CHANNEL,
  PreSkillShellCommand: NO_CHANNEL,
  SessionEnd: LATER,
  SessionStart: LATER,
  Setup: `${NO_CHANNEL} (no --init mode)`,
  Stop: LATER,
  StopFailure: LATER,
  SubagentStart: LATER,
  SubagentStop: LATER,
  TaskCompleted: `${NO_CHANNEL} (no agent teams)`,
  TaskCreated: `${NO_CHANNEL} (no agent teams)`,
  TeammateIdle: `${NO_CHANNEL} (no agent teams)`,
  UserPromptExpansion: LATER,
  UserPromptSubmit: LATER,
  WorktreeCreate: NO_CHANNEL,
  WorktreeRemove: NO_CHANNEL,
};

export function isReplayed(event: EventName): event is keyof typeof TOOL_EVENTS {
  return Object.hasOwn(TOOL_EVENTS, event);
}
