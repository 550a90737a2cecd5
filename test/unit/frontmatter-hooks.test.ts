// The hooks block of skill and agent frontmatter, read with a YAML parser, errors located in the .md.
import { expect, it } from "vitest";
import { frontmatterHooks } from "../../schema/frontmatter-hooks.js";
import { mapPosition } from "../../schema/position-map.js";
import { validateSettings } from "../../schema/validate.js";

it("reads name and hooks", () => {
  const md =
    "---\nname: deploy\ndescription: Ship it\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ./check.sh\n          once: true\n---\n# Deploy\n";
  const read = frontmatterHooks(md, "SKILL.md");
  expect(read.name).toBe("deploy");
  expect(JSON.parse(read.hooksJson!)).toEqual({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh", once: true }] }] },
  });
  expect(read.diagnostics).toEqual([]);
});

it("no frontmatter, or none with hooks: nothing; broken YAML: a located warning", () => {
  expect(frontmatterHooks("# Just text\n", "a.md")).toEqual({ diagnostics: [] });
  expect(frontmatterHooks("---\nname: x\n---\nbody", "a.md")).toEqual({ name: "x", diagnostics: [] });
  const broken = frontmatterHooks("---\nname: x\nhooks: [unclosed\n---\n", "a.md");
  expect(broken.hooksJson).toBeUndefined();
  expect(broken.diagnostics[0]).toMatchObject({ code: "frontmatter-yaml", file: "a.md", severity: "warning" });
  expect(broken.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
});

it("each hook, and each finding, is located at its own place in the .md, as in a settings file", () => {
  const md = [
    "---", // 1
    "name: deploy",
    "hooks:", // 3
    "  PreToolUse:",
    "    - matcher: Bash", // 5
    "      hooks:",
    "        - type: command", // 7
    "          command: ./check.sh",
    "        - type: command", // 9
    "          command: ./log.sh",
    "          timeout: 30000", // 11
    "  Stop:",
    "    - hooks: [{type: command, command: npm test, colour: red}]", // 13
    "---",
  ].join("\n");
  const read = frontmatterHooks(md, "SKILL.md");
  const locate = (at: { line: number; column: number }) => mapPosition(read.positions!, at)!;
  const { source, diagnostics } = validateSettings(read.hooksJson!, "SKILL.md", "skill", { locate });
  expect(source.entries.map((entry) => entry.where)).toEqual(["SKILL.md:7:11", "SKILL.md:9:11", "SKILL.md:13:15"]);
  expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
    ["timeout-milliseconds", 11, 20],
    ["unknown-handler-field", 13, 50],
  ]);
});
