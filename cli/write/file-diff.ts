// What convert would change in one file, as a unified diff (check --diff). The runtime module is
// one minified line: its diff would be two unreadable lines, so it is summarized instead.
import { createTwoFilesPatch } from "diff";

export function fileDiff(file: string, actual: string | undefined, expected: string | undefined): string {
  if (actual === expected) return "";
  if (file.endsWith(".runtime.mjs")) {
    const size = (text: string | undefined) => (text === undefined ? "none" : `${Buffer.byteLength(text)} bytes`);
    return `--- ${file}: the minified runtime module would change (on disk: ${size(actual)}; convert writes: ${size(expected)})\n`;
  }
  return createTwoFilesPatch(
    actual === undefined ? "/dev/null" : `a/${file}`,
    expected === undefined ? "/dev/null" : `b/${file}`,
    actual ?? "",
    expected ?? "",
    "",
    "",
    {
      context: 3,
    },
  )
    .split("\n")
    .slice(1) // the "====" line createTwoFilesPatch starts with
    .join("\n");
}
