// The Node that runs hooks2opencode, its tests and CI is the one package.json's `engines` names (the
// README says the same, and every installed package accepts it: test/unit/node-engines.test.ts).
// .ci/run calls this first, so an older Node fails with one line instead of npm's EBADENGINE
// warnings and a test that breaks later.   Usage: node scripts/check-node.js [VERSION]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** "20.19.0" -> [20, 19, 0]; the parts given, a prerelease tag dropped. */
function parts(version) {
  return version
    .replace(/^[v=]/, "")
    .replace(/[-+].*$/, "")
    .split(".")
    .filter((part) => part !== "" && part !== "x" && part !== "*")
    .map(Number);
}

function compare(a, b) {
  for (let index = 0; index < 3; index++) if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) - (b[index] ?? 0);
  return 0;
}

/** The versions one comparator allows, as [lowest allowed, first not allowed] bounds and their strictness. */
function bounds(comparator) {
  const [, operator = "", version] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(comparator);
  const given = parts(version);
  const low = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  const next = (index) => given.slice(0, index).map((part, at) => (at === index - 1 ? part + 1 : part));
  switch (operator) {
    case ">=":
      return { low };
    case ">":
      return { low, lowExclusive: true };
    case "<":
      return { high: low };
    case "<=":
      return { high: low, highInclusive: true };
    case "^": {
      // The first non-zero part may not change (^0.10.2 stays below 0.11.0).
      const fixed = given.findIndex((part) => part !== 0);
      return { low, high: next(fixed === -1 ? given.length : fixed + 1) };
    }
    case "~":
      return { low, high: next(given.length >= 2 ? 2 : 1) };
    default:
      // A bare version: exact when whole, else the range it leaves open (20 is 20.x.x).
      return given.length >= 3 ? { low, high: low, highInclusive: true } : { low, high: next(given.length) };
  }
}

function allows(comparator, version) {
  const { low, lowExclusive, high, highInclusive } = bounds(comparator);
  if (low && (lowExclusive ? compare(version, low) <= 0 : compare(version, low) < 0)) return false;
  if (high && (highInclusive ? compare(version, high) > 0 : compare(version, high) >= 0)) return false;
  return true;
}

/** The comparator sets of an npm `engines` range: `^20.19.0 || >=22.12.0`, `>= 8`, `^10 || ^12 || >=14`. */
function comparatorSets(range) {
  return range.split("||").map((set) =>
    set
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, "$1")
      .split(/\s+/)
      .filter((comparator) => comparator !== "" && comparator !== "*"),
  );
}

/** Whether `version` (e.g. process.versions.node) is in `range`, as npm reads `engines`. */
export function satisfies(version, range) {
  const wanted = parts(version);
  return comparatorSets(range).some((set) => set.every((comparator) => allows(comparator, wanted)));
}

/** The lowest version of each alternative of `range`: `^20.19.0 || >=22.12.0` -> ["20.19.0", "22.12.0"]. */
export function lowestVersions(range) {
  return comparatorSets(range).map((set) => {
    const lows = set.map((comparator) => bounds(comparator).low).filter(Boolean);
    const lowest = lows.reduce((highest, low) => (compare(low, highest) > 0 ? low : highest), [0, 0, 0]);
    return lowest.join(".");
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const range = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
  const version = process.argv[2] ?? process.versions.node;
  if (!satisfies(version, range)) {
    console.error(`hooks2opencode needs Node.js ${range} (package.json "engines", as the README says); this is Node.js ${version}. Install a newer Node.js.`);
    process.exit(1);
  }
}
