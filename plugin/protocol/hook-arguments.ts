// The text a `prompt` or `agent` hook asks the model: its prompt with `$ARGUMENTS` replaced by the
// hook input JSON (appended when the prompt has none), `\$` standing for a literal `$`. Pure.
// Source: https://code.claude.com/docs/en/hooks#prompt-based-hooks.

export function withArguments(prompt: string, inputJson: string): string {
  let used = false;
  const text = prompt.replace(/\\\$|\$ARGUMENTS/g, (match) => {
    if (match === "\\$") return "$";
    used = true;
    return inputJson;
  });
  return used ? text : `${text}\n\n${inputJson}`;
}
