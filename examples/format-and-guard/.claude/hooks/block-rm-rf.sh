#!/bin/sh
# PreToolUse on Bash: exit 2 blocks the call and shows stderr to the model.
command=$(jq -r '.tool_input.command')
case "$command" in
  *"rm -rf"*) echo "Blocked: 'rm -rf' is not allowed in this project. Delete files one by one." >&2; exit 2 ;;
esac
exit 0
