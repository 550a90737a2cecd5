// The part of PreToolUse that answers OpenCode's permission prompt: a PreToolUse `allow` skips
// Claude's permission prompt, so OpenCode's prompt for that very call is answered "once" (OpenCode's
// permission.ask hook never fires in 1.18.33: docs/opencode-observed.md §6). Registered before
// PermissionRequest and Notification: an allowed call raises neither, as in Claude.
import { replyPermission } from "../opencode/inject.js";
import { defineListener } from "./define-event.js";

export const answerAllowedPermission = defineListener({
  name: "answer the permission prompt of a call PreToolUse allowed",
  channel: "permission.asked",
  syncInOneShotRun: true,
  async handle({ input }, runtime) {
    const callID = input.tool?.callID;
    if (!callID || !runtime.peekCallState(callID)?.allowed) return;
    runtime.log("info", `PreToolUse hook allowed ${input.permission} for ${callID}; answering the permission prompt`);
    await replyPermission(runtime, input, "once");
  },
});
