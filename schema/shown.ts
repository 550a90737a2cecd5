// A value from the settings as a message shows it: a long one (a 40 KB matcher) is cut and its
// length given, so a diagnostic or a report line stays readable. Pure.
const MAX_SHOWN = 100;

export function shown(text: string, max = MAX_SHOWN): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 24).replace(/[\uD800-\uDBFF]$/, "");
  return `${cut}… (${text.length} characters)`;
}
