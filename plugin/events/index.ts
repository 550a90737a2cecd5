// The registry: every replayed Claude event's modules and the listeners sharing their channels, in
// dispatch order per channel (build-hooks.ts groups them), and why each other event is not
// replayed. convert's report reads this; a test checks that all 34 events are accounted for.
import type { EventName } from "../../schema/events.js";
import { answerAllowedPermission } from "./allowed-permission.js";
import { answerRuleAllowedPermission, enforcePermissionRules } from "./claude-permissions.js";
import { armSessionRules, trackAlwaysAnswers, trackAlwaysOffers, trackSessionRules } from "./ask-user.js";
import { readConfig, releaseFailedCall, rememberModel, showNotice, trackBusy, trackCompaction, trackIdle, trackSession } from "./bookkeeping.js";
import preCompact, { postCompact, postCompactDocs, postCompactScenario, preCompactDocs, preCompactScenario } from "./compaction.js";
import configChange from "./config-change.js";
import type { EventModule, RegistryEntry } from "./define-event.js";
import type { EventDocs } from "./event-docs.js";
import fileChanged, { fileChangedDocs, fileChangedScenario } from "./file-changed.js";
import { deliverPinnedContext, refuseBlockedPrompt } from "./model-request.js";
import { writePermissionConfig } from "./opencode-permissions.js";
import notification, { cancelIdleNotification, idleNotification, notificationDocs, notificationScenario } from "./notification.js";
import permissionRequest, { permissionRequestDocs, permissionRequestScenario } from "./permission-request.js";
import postToolBatch, { postToolBatchDocs, postToolBatchScenario } from "./post-tool-batch.js";
import postToolUse, { postToolUseDocs, postToolUseScenario } from "./post-tool-use.js";
import postToolUseFailure, { failedBashCommand, postToolUseFailureDocs, postToolUseFailureScenario } from "./post-tool-use-failure.js";
import preToolUse, { closeCallState, openCallState, preToolUseDocs, preToolUseScenario, substituteResult } from "./pre-tool-use.js";
import type { EventScenario } from "./scenario.js";
import sessionEnd, { sessionEndAtExit, sessionEndDocs, sessionEndScenario } from "./session-end.js";
import { activateSkill, activateTypedSkill } from "./skills.js";
import sessionStart, { compactedSession, deliverSessionContext, resumedSession, sessionStartDocs, sessionStartScenario } from "./session-start.js";
import { exportHookEnv, finishStartedWork, forgetDeletedSession, closeRuntime } from "./shutdown.js";
import stop, { finishAwaitedTurn, resetStopLoop, stopDocs, stopScenario } from "./stop.js";
import stopFailure, { stopFailureDocs, stopFailureScenario } from "./stop-failure.js";
import subagentStart, { subagentStartDocs, subagentStartScenario } from "./subagent-start.js";
import subagentStop, { subagentStopDocs, subagentStopScenario } from "./subagent-stop.js";
import userPromptExpansion, { userPromptExpansionDocs, userPromptExpansionScenario } from "./user-prompt-expansion.js";
import userPromptSubmit, { blockExpandedPrompt, userPromptSubmitDocs, userPromptSubmitScenario } from "./user-prompt-submit.js";

export const REGISTRY: readonly RegistryEntry[] = [
  readConfig,
  // config, after readConfig read the user's own: Claude's permission rules into OpenCode's
  writePermissionConfig,
  // session.created: who the session is, then SessionStart / SubagentStart
  trackSession,
  sessionStart,
  subagentStart,
  // command.execute.before (a typed /command, expanded; a typed skill starts after it), then chat.message (the prompt, before it is saved)
  userPromptExpansion,
  activateTypedSkill,
  showNotice,
  rememberModel,
  blockExpandedPrompt,
  resumedSession,
  deliverSessionContext,
  resetStopLoop,
  userPromptSubmit,
  // tool.execute.before: Claude's permission rules after the PreToolUse hooks, as Claude checks them
  openCallState,
  preToolUse,
  enforcePermissionRules,
  // tool.execute.after: a loaded skill's hooks first, the substitute (PostToolUse sees it), PreToolUse context last
  activateSkill,
  substituteResult,
  postToolUse,
  failedBashCommand,
  subagentStop,
  closeCallState,
  // message.part.updated
  trackCompaction,
  postToolUseFailure,
  releaseFailedCall,
  // permission.asked: what an "Always allow" would allow (at once, before any reply), a PreToolUse allow or an allow rule answers, then PermissionRequest, then Notification
  trackAlwaysOffers,
  answerAllowedPermission,
  answerRuleAllowedPermission,
  permissionRequest,
  notification,
  // permission.replied, session.updated: the "Always allow" answers, the permission rules OpenCode holds
  trackAlwaysAnswers,
  trackSessionRules,
  // session.status, session.idle (the plugin's permission rules first: they hold from the next run on)
  trackBusy,
  cancelIdleNotification,
  armSessionRules,
  trackIdle,
  finishAwaitedTurn,
  stop,
  stopFailure,
  idleNotification,
  // experimental.chat.messages.transform (before every model request)
  refuseBlockedPrompt,
  postToolBatch,
  deliverPinnedContext,
  // compaction
  preCompact,
  postCompact,
  compactedSession,
  // files and the shell
  fileChanged,
  exportHookEnv,
  // the end
  sessionEnd,
  forgetDeletedSession,
  finishStartedWork,
  sessionEndAtExit,
  closeRuntime,
  // settings.changed: raised by the live plugin's watcher only
  configChange,
];

/** The rows of docs/events.md, in its order: each event module keeps its own (npm run docs). */
export const EVENT_DOCS: readonly EventDocs[] = [
  preToolUseDocs,
  postToolUseDocs,
  stopDocs,
  subagentStopDocs,
  stopFailureDocs,
  userPromptSubmitDocs,
  userPromptExpansionDocs,
  sessionStartDocs,
  subagentStartDocs,
  sessionEndDocs,
  preCompactDocs,
  postCompactDocs,
  postToolUseFailureDocs,
  postToolBatchDocs,
  permissionRequestDocs,
  notificationDocs,
  fileChangedDocs,
];

/** How `test` fires each event offline, in the order `test --help` lists them: each event module keeps its own (cli/simulate/ replays them; the runtime bundle drops them). */
export const EVENT_SCENARIOS: readonly EventScenario[] = [
  preToolUseScenario,
  postToolUseScenario,
  postToolUseFailureScenario,
  postToolBatchScenario,
  permissionRequestScenario,
  notificationScenario,
  userPromptSubmitScenario,
  userPromptExpansionScenario,
  sessionStartScenario,
  sessionEndScenario,
  stopScenario,
  stopFailureScenario,
  subagentStartScenario,
  subagentStopScenario,
  preCompactScenario,
  postCompactScenario,
  fileChangedScenario,
];

const NO_CHANNEL = "OpenCode 1.18.33 has no matching event";

export const NOT_REPLAYED: Partial<Record<EventName, string>> = {
  CwdChanged: `${NO_CHANNEL}: a session's working directory never changes in OpenCode`,
  DirectoryAdded: `${NO_CHANNEL}: OpenCode has no /add-dir`,
  Elicitation: `${NO_CHANNEL}: OpenCode's MCP client does not expose elicitation requests to plugins`,
  ElicitationResult: `${NO_CHANNEL}: OpenCode's MCP client does not expose elicitation requests to plugins`,
  InstructionsLoaded: `${NO_CHANNEL}: OpenCode loads AGENTS.md / CLAUDE.md into the system prompt without an event`,
  MessageDisplay: `${NO_CHANNEL}: a plugin cannot change what the TUI displays without changing what the model sees`,
  PermissionDenied: `${NO_CHANNEL}: OpenCode has no auto-mode classifier`,
  PostModelSwitch: `${NO_CHANNEL}: a model switch is not an event in OpenCode`,
  PreModelSwitch: `${NO_CHANNEL}: a model switch is not an event in OpenCode`,
  PreSkillShellCommand: `${NO_CHANNEL}: OpenCode skills run no inline shell commands`,
  Setup: `${NO_CHANNEL}: OpenCode has no --init / --maintenance mode`,
  TaskCompleted: `${NO_CHANNEL}: OpenCode has no agent teams or task list tools`,
  TaskCreated: `${NO_CHANNEL}: OpenCode has no agent teams or task list tools`,
  TeammateIdle: `${NO_CHANNEL}: OpenCode has no agent teams`,
  WorktreeCreate: `${NO_CHANNEL}: OpenCode creates no git worktrees for sessions`,
  WorktreeRemove: `${NO_CHANNEL}: OpenCode creates no git worktrees for sessions`,
};

/** The modules replaying each event (some events arrive on more than one channel). */
export const EVENT_MODULES: ReadonlyMap<EventName, readonly EventModule[]> = (() => {
  const modules = new Map<EventName, EventModule[]>();
  for (const entry of REGISTRY) if (entry.kind === "event") modules.set(entry.name, [...(modules.get(entry.name) ?? []), entry]);
  return modules;
})();

/** Which door runs the hooks: the generated plugin (convert) or the live one ("plugin": ["hooks2opencode"]). */
export type Door = "generated" | "live";

/** Events only the live plugin can replay: it watches the settings; a generated plugin was converted from them once. */
export const LIVE_ONLY: Partial<Record<EventName, string>> = {
  ConfigChange:
    'the generated plugin is converted ahead of time and does not watch the settings; the live plugin ("plugin": ["hooks2opencode"]) replays ConfigChange',
};

export function isReplayed(event: EventName, door: Door = "generated"): boolean {
  return EVENT_MODULES.has(event) && (door === "live" || LIVE_ONLY[event] === undefined);
}

export function notReplayedReason(event: EventName, door: Door = "generated"): string {
  return (door === "generated" ? LIVE_ONLY[event] : undefined) ?? NOT_REPLAYED[event] ?? "not replayed";
}
