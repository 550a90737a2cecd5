#!/bin/sh
# PreToolUse on Bash: exit 2 blocks the call and shows stderr to the model.
# A guard fails closed: input it cannot read (jq fails) blocks too.
command=$(jq -r '.tool_input.command') || { echo "Blocked: the rm -rf guard could not read this command." >&2; exit 2; }
case "$command" in
  *"rm -rf"*) echo "Blocked: 'rm -rf' is not allowed in this project. Delete files one by one." >&2; exit 2 ;;
esac
exit 0
