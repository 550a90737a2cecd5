// Every test run uses what the sources say now: the integration and e2e tests embed dist/runtime.js
// and spawn dist/cli, so a stale dist/ would test old code. scripts/prepare.js builds when any
// source is newer than dist/ (about 2 s; nothing when it is fresh).
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./helpers/project.js";

export default function setup(): void {
  execFileSync(process.execPath, ["scripts/prepare.js"], { cwd: REPO_ROOT, stdio: "inherit" });
}
