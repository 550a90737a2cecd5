// Settings of the shape that once kept `convert` busy for 46 s (issue 21, found by fuzzing): one line,
// hundreds of hooks, very long strings, a located warning or two per hook. Hooks and warnings grow
// with the size asked for, so the bench's curve (100 KB to 4 MB) and the test of the 4 MB file
// time the same shape. Deterministic: the same size gives the same text.

/** About 10 KB per hook, so a 4 MB file has about 400 hooks. */
const HOOK_BYTES = 10_000;

/** Shell text as long hooks have it: quotes, escapes JSON spells out, non-ASCII, pipes and $(…). */
function longCommand(i, bytes) {
  const piece = (n) =>
    `if [ -f "src/file-${i}-${n}.ts" ]; then printf '%s\\n' "it's \\"${n}\\" — ü€𝄞 \\\\ $(basename "$PWD")" | grep -q 'x' && echo "ok ${n}" >> "$CLAUDE_PROJECT_DIR/.log"; fi; `;
  let text = "";
  for (let n = 0; text.length < bytes; n++) text += piece(n);
  return text;
}

/** Hook i, in a cycle of kinds that each draw at least one located warning (on any /bin/sh). */
function hook(i) {
  const command = longCommand(i, HOOK_BYTES);
  switch (i % 6) {
    case 0: // tool-name-case; timeout-milliseconds; bash-only-syntax where /bin/sh is not bash
      return ["PreToolUse", { matcher: "bash", hooks: [{ type: "command", command: `[[ -n "$X" ]] && ${command}`, timeout: 30_000 }] }];
    case 1: // unknown-handler-field, its name and value long
      return ["PostToolUse", { matcher: "Edit|Write", hooks: [{ type: "command", command, [`note${"_".repeat(2000)}${i}`]: command.slice(0, 2000) }] }];
    case 2: // matcher-is-a-rule; unset-variable
      return ["PreToolUse", { matcher: "Bash(git push *)", hooks: [{ type: "command", command: `echo "$CLAUDE_TOOL_INPUT"; ${command}` }] }];
    case 3: // plugin-variable-outside-plugin; unknown-group-field
      return ["Stop", { [`x${i}`]: command.slice(0, 1000), hooks: [{ type: "command", command: `"\${CLAUDE_PLUGIN_ROOT}/stop.sh"; ${command}` }] }];
    case 4: // matcher-value-never-sent
      return ["SessionStart", { matcher: "init", hooks: [{ type: "command", command }] }];
    default: // matcher-is-an-expression, a long one
      return [
        "PreToolUse",
        { matcher: `tool == "Bash" && tool_input.command matches "${"(git|npm) ".repeat(100)}"`, hooks: [{ type: "command", command, timeout: 60 }] },
      ];
  }
}

/** One line of JSON, `bytes` long or a hook more. */
export function bigSettings(bytes) {
  const hooks = {};
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const [event, group] = hook(i);
    (hooks[event] ??= []).push(group);
    length += JSON.stringify(group).length + 1;
  }
  return JSON.stringify({ hooks });
}
