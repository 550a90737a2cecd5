// The npm registry reachable here does not serve opencode-ai's binaries for other platforms
// (darwin, windows, arm64, musl), so `npm install` leaves them out of package-lock.json and
// `npm ci` then refuses the lock. This records them as what they are, optional packages for other
// platforms, which npm ci skips by os/cpu/libc without fetching. Run after changing dependencies:
//   npm install && node scripts/lock-foreign-binaries.js
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const wrapper = lock.packages["node_modules/opencode-ai"];
let added = 0;
for (const [name, version] of Object.entries(wrapper.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [, os, cpu, ...flavors] = name.split("-");
  lock.packages[key] = {
    version,
    cpu: [cpu],
    dev: true,
    license: "MIT",
    optional: true,
    os: [os === "windows" ? "win32" : os],
    ...(flavors.includes("musl") ? { libc: ["musl"] } : {}),
  };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-foreign-binaries: ${added} entries added`);
