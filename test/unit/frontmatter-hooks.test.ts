// The hooks block of skill and agent frontmatter, read with a YAML parser, errors located in the .md.
import { expect, it } from "vitest";
import { frontmatterHooks } from "../../schema/frontmatter-hooks.js";

it("reads name and hooks, and says where the hooks key is", () => {
  const md =
    "---\nname: deploy\ndescription: Ship it\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ./check.sh\n          once: true\n---\n# Deploy\n";
  const read = frontmatterHooks(md, "SKILL.md");
  expect(read.name).toBe("deploy");
  expect(read.hooksLine).toBe(4);
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
