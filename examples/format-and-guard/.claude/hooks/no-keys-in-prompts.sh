#!/bin/sh
# UserPromptSubmit: a prompt that looks like it holds an API key never reaches the model.
if jq -r '.prompt' | grep -qE '(sk|ghp|xox[bp])[-_][A-Za-z0-9_-]{16,}'; then
  echo "This prompt looks like it contains an API key; it was not sent. Remove the key and try again." >&2
  exit 2
fi
exit 0
