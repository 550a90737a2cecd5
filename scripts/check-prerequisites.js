// `npm test` runs real hooks (jq) in real projects (git) inside the real OpenCode binary, whose
// glob and grep tools need ripgrep on PATH (offline, OpenCode cannot fetch its own). A machine
// without one of them gets one line naming it and how to install it, instead of a failed scenario
// that says "ripgrep execution failed".
import { spawnSync } from "node:child_process";

const TOOLS = [
  ["jq", "the test hooks read their input with it", "apt-get install jq (Debian/Ubuntu), brew install jq (macOS)"],
  ["rg", "OpenCode's glob and grep tools need ripgrep", "apt-get install ripgrep (Debian/Ubuntu), brew install ripgrep (macOS)"],
  ["git", "test projects are git repositories", "apt-get install git (Debian/Ubuntu), xcode-select --install (macOS)"],
];

const missing = TOOLS.filter(([tool]) => spawnSync(tool, ["--version"], { stdio: "ignore" }).error);
for (const [tool, why, install] of missing) console.error(`npm test needs ${tool} on PATH (${why}): ${install}`);
if (missing.length > 0) process.exit(1);
