import { describe, expect, it } from "vitest";
import { shellSyntax } from "../../schema/shell-text.js";

describe("the syntax of a shell command, quoted text and comments aside", () => {
  it.each([
    ["echo 'a [[ b' \"c ' d\" e", "echo '' \"\" e"],
    ["echo $'a\\'b' x", "echo $'' x"],
    ['echo "a \\" b" \\" x', 'echo ""    x'],
    ["ls # a 'comment\nls", "ls \nls"],
    ["echo ${#x} a#b", "echo ${#x} a#b"],
    ["cat <<'EOF' | sh\nbody [[\nEOF\ndone", "cat << | sh\ndone"],
    ["cat <<A <<-B\na\nA\n\tb\n\tB\nend", "cat << <<\nend"],
    ["cat <<EOF\nnever closed [[", "cat <<\n"],
    ["echo $((1 << 2))", "echo $((1 << 2))"],
  ])("%j -> %j", (command, syntax) => {
    expect(shellSyntax(command)).toBe(syntax);
  });
});
