// Seeded fuzzing for the integration fuzzers: a tiny PRNG, the seed and iteration count from the
// environment, a JSON tree that can hold what JSON.stringify cannot write (duplicate keys, raw
// unescaped text, lone surrogates as bytes, 5,000 levels of nesting without recursion), its
// serializer (comments, trailing commas, CRLF), the mutations, and a shrinker. Everything a
// variant does follows from its seed, so a failure is reproduced from the printed seed alone.

/** mulberry32: 32 bits of state, good enough to pick mutations, and the same on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the index-th variant of a run: variants are independent, so one replays alone. */
export function variantSeed(seed: number, index: number): number {
  return Math.floor(mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0)() * 2 ** 32);
}

export class Rng {
  private readonly next: () => number;
  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** 0 <= n < max */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  /** min <= n <= max */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  /** Log-uniform in [min, max]: small and huge sizes both come up. */
  logRange(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let left = this.next() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of items) if ((left -= weight) < 0) return item;
    return items[items.length - 1]![0];
  }
  /** A fresh seed for a sub-step, so dropping one step (shrinking) leaves the others as they were. */
  fork(): number {
    return this.int(2 ** 32);
  }
}

export interface FuzzRun {
  seed: number;
  iterations: number;
  /** FUZZ_VARIANT: replay only this variant index. */
  only?: number;
}

/** FUZZ_SEED (a number, or "random"), FUZZ_ITERATIONS, FUZZ_VARIANT; printed so a failure can be rerun. */
export function fuzzRun(name: string, defaults: { seed: number; iterations: number }): FuzzRun {
  const env = process.env;
  const seed = env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 32) : env.FUZZ_SEED ? Number(env.FUZZ_SEED) >>> 0 : defaults.seed;
  const iterations = env.FUZZ_ITERATIONS ? Math.max(1, Number(env.FUZZ_ITERATIONS)) : defaults.iterations;
  const only = env.FUZZ_VARIANT !== undefined && env.FUZZ_VARIANT !== "" ? Number(env.FUZZ_VARIANT) : undefined;
  console.log(`[${name}] FUZZ_SEED=${seed} FUZZ_ITERATIONS=${iterations}${only !== undefined ? ` FUZZ_VARIANT=${only}` : ""}`);
  return { seed, iterations, ...(only !== undefined ? { only } : {}) };
}

/** The indexes a run goes through (all, or the one FUZZ_VARIANT names). */
export function variantIndexes(run: FuzzRun): number[] {
  return run.only !== undefined ? [run.only] : Array.from({ length: run.iterations }, (_, i) => i);
}

// ---------------------------------------------------------------------------------------------
// A JSON tree that can be written wrong on purpose.

/** An object as ordered entries: a key may appear twice, and "__proto__" stays a key. */
export class Obj {
  constructor(public entries: Array<[string, Node]>) {}
}
/** Written verbatim: unescaped control characters, lone surrogates as bytes, 1e400, invalid escapes. */
export class Raw {
  constructor(public text: string) {}
}
/** `depth` levels of arrays and/or objects around `inner`, written without recursion. */
export class Nest {
  constructor(
    public depth: number,
    public shape: "array" | "object" | "mixed",
    public inner: Node,
  ) {}
}
export type Node = null | boolean | number | string | Raw | Nest | Obj | Node[];

export function fromJson(value: unknown): Node {
  if (Array.isArray(value)) return value.map(fromJson);
  if (value !== null && typeof value === "object") return new Obj(Object.entries(value).map(([key, item]) => [key, fromJson(item)]));
  return value as Node;
}

export function clone(node: Node): Node {
  if (Array.isArray(node)) return node.map(clone);
  if (node instanceof Obj) return new Obj(node.entries.map(([key, value]) => [key, clone(value)]));
  if (node instanceof Nest) return new Nest(node.depth, node.shape, clone(node.inner));
  return node;
}

export interface Style {
  indent: string;
  eol: "\n" | "\r\n";
  /** Probability of a comment before each key and value. */
  comments: number;
  trailingCommas: boolean;
  rng: Rng;
}

const COMMENTS = [
  "// a comment",
  '// "hooks": { "Stop": [',
  "/* a block comment */",
  '/* { "matcher": [ */',
  "/**/",
  "// ",
  "/* // nested */",
  "// \u2028 line separator",
];

export function serialize(node: Node, style: Style): string {
  const out: string[] = [];
  const comment = (pad: string) => {
    if (style.comments <= 0 || !style.rng.chance(style.comments)) return;
    const text = style.rng.pick(COMMENTS);
    out.push(text.startsWith("//") ? `${text}${style.eol}${pad}` : `${text} `);
  };
  const write = (value: Node, level: number): void => {
    const pad = style.indent.repeat(level + 1);
    const closePad = style.indent.repeat(level);
    const nl = style.indent ? style.eol : "";
    if (value instanceof Raw) out.push(value.text);
    else if (value instanceof Nest) {
      const opens: string[] = [];
      for (let i = 0; i < value.depth; i++) {
        const object = value.shape === "object" || (value.shape === "mixed" && i % 2 === 1);
        out.push(object ? '{"k":' : "[");
        opens.push(object ? "}" : "]");
      }
      write(value.inner, 0);
      out.push(opens.reverse().join(""));
    } else if (Array.isArray(value) || value instanceof Obj) {
      const items = Array.isArray(value) ? value.map((item) => [undefined, item] as const) : value.entries;
      out.push(Array.isArray(value) ? "[" : "{");
      items.forEach(([key, item], i) => {
        out.push(nl, pad);
        comment(pad);
        if (key !== undefined) out.push(JSON.stringify(key), style.indent ? ": " : ":");
        comment(pad);
        write(item, level + 1);
        if (i < items.length - 1 || style.trailingCommas) out.push(",");
      });
      if (items.length > 0) out.push(nl, closePad);
      out.push(Array.isArray(value) ? "]" : "}");
    } else out.push(JSON.stringify(value) ?? "null");
  };
  comment("");
  write(node, 0);
  out.push(style.eol);
  return out.join("");
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** UTF-8, except that lone surrogates become their 3-byte (WTF-8) form instead of U+FFFD: invalid bytes on purpose. */
export function encodeWtf8(text: string): Buffer {
  if (!LONE_SURROGATE.test(text)) return Buffer.from(text, "utf8");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const low = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      i++;
    }
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Buffer.from(bytes);
}

// ---------------------------------------------------------------------------------------------
// Where a mutation can act: every value in the tree, with how to replace, remove or repeat it.

export interface Slot {
  path: string;
  value: Node;
  /** The object key, for values of object entries. */
  key?: string;
  set(value: Node): void;
  remove(): void;
  duplicate(): void;
  rename?(key: string): void;
}

export interface Doc {
  root: Node;
}

export function slots(doc: Doc): Slot[] {
  const found: Slot[] = [
    {
      path: "$",
      value: doc.root,
      set: (value) => (doc.root = value),
      remove: () => (doc.root = null),
      duplicate: () => (doc.root = [doc.root, clone(doc.root)]),
    },
  ];
  const walk = (node: Node, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const at = () => node.indexOf(item);
        found.push({
          path: `${path}[${i}]`,
          value: item,
          set: (value) => void node.splice(at(), 1, value),
          remove: () => void node.splice(at(), 1),
          duplicate: () => void node.splice(at() + 1, 0, clone(item)),
        });
        walk(item, `${path}[${i}]`);
      });
    } else if (node instanceof Obj) {
      for (const entry of node.entries) {
        const at = () => node.entries.indexOf(entry);
        found.push({
          path: `${path}.${JSON.stringify(entry[0])}`,
          value: entry[1],
          key: entry[0],
          set: (value) => (entry[1] = value),
          remove: () => void node.entries.splice(at(), 1),
          duplicate: () => void node.entries.splice(at() + 1, 0, [entry[0], clone(entry[1])]),
          rename: (key) => (entry[0] = key),
        });
        walk(entry[1], `${path}.${JSON.stringify(entry[0])}`);
      }
    }
  };
  walk(doc.root, "$");
  return found;
}

/** A short description of a value, for the failure report. */
export function describeNode(node: Node): string {
  if (node instanceof Raw) return `raw ${JSON.stringify(node.text.length > 40 ? `${node.text.slice(0, 40)}…` : node.text)}`;
  if (node instanceof Nest) return `${node.depth} levels of ${node.shape} nesting`;
  if (node instanceof Obj) return `object(${node.entries.length})`;
  if (Array.isArray(node)) return `array(${node.length})`;
  if (typeof node === "string") return node.length > 40 ? `string(${node.length}) ${JSON.stringify(node.slice(0, 40))}…` : JSON.stringify(node);
  return Object.is(node, -0) ? "-0" : String(node);
}

// ---------------------------------------------------------------------------------------------
// Random values.

export const WEIRD_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "prototype",
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "ключ",
  "🔑",
  "$ref",
  "// comment",
];
export const ODD_NUMBERS = [1e308, -1e308, -0, 0, 5e-324, 2 ** 53 + 2, -1, 0.5, 1e-300, 4294967296, 60000];
/** Text that breaks naive escaping: comment ends, JS line terminators, template syntax, quotes. */
const NASTY = [
  "*/",
  "/*",
  "//",
  "\u2028",
  "\u2029",
  "\u0085",
  "${x}",
  "`",
  "</script>",
  "\\",
  '"',
  "'",
  "\uFEFF",
  "\u200f",
  "😀",
  "\r",
  "\n",
  "\t",
  "\u001b[31m",
  "%s",
  "$(id)",
  "\ud800",
  "\udfff",
  "\u0000",
];
const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_./|*()[]{}:;,!?$&'\"\\";

export function nastyString(rng: Rng, length = rng.logRange(1, 64)): string {
  let text = "";
  while (text.length < length) text += rng.chance(0.15) ? rng.pick(NASTY) : ALPHABET[rng.int(ALPHABET.length)];
  return text;
}

/** A long string quickly: a random chunk repeated, with a few nasty pieces spliced in. */
export function hugeString(rng: Rng, length: number): string {
  const chunk = nastyString(rng, 512);
  let text = chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length);
  for (let i = 0; i < 8; i++) {
    const at = rng.int(text.length);
    text = text.slice(0, at) + rng.pick(NASTY) + text.slice(at);
  }
  return text;
}

export type Kind = "string" | "number" | "null" | "boolean" | "array" | "object";

export function kindOf(node: Node): Kind | "raw" | "nest" {
  if (node === null) return "null";
  if (node instanceof Raw) return "raw";
  if (node instanceof Nest) return "nest";
  if (Array.isArray(node)) return "array";
  if (node instanceof Obj) return "object";
  return typeof node as Kind;
}

export function randomNode(rng: Rng, kind: Kind, depth = 0): Node {
  switch (kind) {
    case "string":
      return rng.chance(0.3) ? rng.pick(["", "*", "Bash", "command", "Stop", "startup", ".*", "Bash(rm *)", "http://127.0.0.1:1/"]) : nastyString(rng);
    case "number":
      return rng.pick(ODD_NUMBERS);
    case "null":
      return null;
    case "boolean":
      return rng.chance(0.5);
    case "array":
      return Array.from({ length: depth > 2 ? 0 : rng.int(4) }, () => randomNode(rng, randomKind(rng), depth + 1));
    case "object":
      return new Obj(
        Array.from({ length: depth > 2 ? 0 : rng.int(4) }, () => [
          rng.chance(0.4) ? rng.pick(WEIRD_KEYS) : nastyString(rng, 6),
          randomNode(rng, randomKind(rng), depth + 1),
        ]),
      );
  }
}

export function randomKind(rng: Rng, not?: string): Kind {
  const kinds = (["string", "number", "null", "boolean", "array", "object"] as const).filter((kind) => kind !== not);
  return rng.pick(kinds);
}

// ---------------------------------------------------------------------------------------------
// Settings mutations. A plan is a base document and a list of steps, each with its own seed.

export interface Step {
  kind: StepKind;
  seed: number;
}
export interface Plan {
  base: string;
  steps: Step[];
  /** Indentation and the like: not a step, it never makes a difference worth shrinking. */
  styleSeed: number;
}

/** Mutations of the tree. */
const TREE_STEPS = {
  "type-swap": { weight: 10, heavy: false },
  delete: { weight: 6, heavy: false },
  duplicate: { weight: 5, heavy: false },
  "rename-key": { weight: 5, heavy: false },
  "weird-entry": { weight: 3, heavy: false },
  "nasty-text": { weight: 6, heavy: false },
  "control-chars": { weight: 4, heavy: false },
  "lone-surrogate": { weight: 4, heavy: false },
  "odd-number": { weight: 3, heavy: false },
  "deep-nesting": { weight: 1.2, heavy: true },
  "huge-array": { weight: 0.6, heavy: true },
  "ten-thousand-hooks": { weight: 0.3, heavy: true },
  "huge-string": { weight: 0.8, heavy: true },
  "huge-rule": { weight: 0.8, heavy: true },
} as const;
/** Mutations of the written text and bytes. */
const TEXT_STEPS = {
  comments: { weight: 3, heavy: false },
  "trailing-commas": { weight: 2, heavy: false },
  crlf: { weight: 2, heavy: false },
  bom: { weight: 2, heavy: false },
  truncate: { weight: 2, heavy: false },
  "garbage-byte": { weight: 1, heavy: false },
  /** The same bytes as .claude/settings.local.json too: the local hooks file, read by the plugin at start-up. */
  "local-copy": { weight: 1.5, heavy: false },
} as const;
export type StepKind = keyof typeof TREE_STEPS | keyof typeof TEXT_STEPS;

export function isHeavy(step: Step): boolean {
  return (TREE_STEPS as Record<string, { heavy: boolean }>)[step.kind]?.heavy === true;
}

export function randomPlan(rng: Rng, bases: readonly string[]): Plan {
  const tree = Object.entries(TREE_STEPS).map(([kind, { weight }]) => [kind as StepKind, weight] as const);
  const text = Object.entries(TEXT_STEPS).map(([kind, { weight }]) => [kind as StepKind, weight] as const);
  const steps: Step[] = [];
  for (
    let i = rng.weighted([
      [0, 1],
      [1, 4],
      [2, 3],
      [3, 2],
    ] as const);
    i > 0;
    i--
  )
    steps.push({ kind: rng.weighted(tree), seed: rng.fork() });
  for (
    let i = rng.weighted([
      [0, 3],
      [1, 3],
      [2, 1],
    ] as const);
    i > 0;
    i--
  )
    steps.push({ kind: rng.weighted(text), seed: rng.fork() });
  return { base: rng.pick(bases), steps, styleSeed: rng.fork() };
}

export interface Base {
  /** The tree mutations act on. */
  value: unknown;
  /** The original text (comments and all), used as is when the plan has no tree step. */
  text?: string;
}

export interface Rendered {
  bytes: Buffer;
  /** Also written as .claude/settings.local.json. */
  local: boolean;
  /** What each step did, in order. */
  log: string[];
}

export function renderPlan(plan: Plan, bases: Readonly<Record<string, Base>>): Rendered {
  const base = bases[plan.base];
  if (!base) throw new Error(`no base ${plan.base}`);
  const doc: Doc = { root: fromJson(base.value) };
  const log: string[] = [`base ${plan.base}`];
  const treeSteps = plan.steps.filter((step) => step.kind in TREE_STEPS);
  for (const step of treeSteps) log.push(`${step.kind}: ${applyTreeStep(step, doc)}`);
  const styleRng = new Rng(plan.styleSeed);
  const has = (kind: StepKind) => plan.steps.some((step) => step.kind === kind);
  const style: Style = {
    indent: styleRng.pick(["", "  ", "    ", "\t"]),
    eol: has("crlf") ? "\r\n" : "\n",
    comments: has("comments") ? 0.2 : 0,
    trailingCommas: has("trailing-commas"),
    rng: styleRng,
  };
  let text = treeSteps.length === 0 && base.text !== undefined && !has("comments") && !has("trailing-commas") ? base.text : serialize(doc.root, style);
  if (treeSteps.length === 0 && base.text !== undefined && has("crlf")) text = text.replace(/\r?\n/g, "\r\n");
  for (const step of plan.steps) if (step.kind === "comments" || step.kind === "trailing-commas" || step.kind === "crlf") log.push(step.kind);
  if (has("bom")) {
    text = `\uFEFF${text}`;
    log.push("bom");
  }
  let bytes = encodeWtf8(text);
  for (const step of plan.steps) {
    const rng = new Rng(step.seed);
    if (step.kind === "truncate") {
      const at = rng.int(bytes.length);
      bytes = bytes.subarray(0, at);
      log.push(`truncate at byte ${at}`);
    } else if (step.kind === "garbage-byte") {
      const at = rng.int(bytes.length + 1);
      const byte = rng.pick([0x00, 0x01, 0x1b, 0x7f, 0x80, 0xc0, 0xff, 0x22, 0x5c, 0x7b, 0x5d, 0x2c]);
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([byte]), bytes.subarray(at + (rng.chance(0.5) ? 1 : 0))]);
      log.push(`garbage byte 0x${byte.toString(16)} at ${at}`);
    }
  }
  const local = has("local-copy");
  if (local) log.push("also as settings.local.json");
  return { bytes, local, log };
}

function applyTreeStep(step: Step, doc: Doc): string {
  const rng = new Rng(step.seed);
  const all = slots(doc);
  const inner = all.filter((slot) => slot.path !== "$");
  const strings = all.filter((slot) => typeof slot.value === "string");
  const any = inner.length > 0 ? inner : all;
  switch (step.kind) {
    case "type-swap": {
      const slot = rng.pick(any);
      const next = randomNode(rng, randomKind(rng, kindOf(slot.value)));
      slot.set(next);
      return `${slot.path}: ${describeNode(slot.value)} -> ${describeNode(next)}`;
    }
    case "delete": {
      const slot = rng.pick(any);
      slot.remove();
      return slot.path;
    }
    case "duplicate": {
      const slot = rng.pick(any);
      slot.duplicate();
      return slot.path;
    }
    case "rename-key": {
      const keyed = all.filter((slot) => slot.rename);
      if (keyed.length === 0) return "no key";
      const slot = rng.pick(keyed);
      const key = slot.key ?? "";
      const next = rng.weighted([
        [key.toLowerCase(), 2],
        [key.toUpperCase(), 1],
        [key.length > 1 ? key.slice(1) : `${key}x`, 2],
        [`// ${key}`, 1],
        [` ${key}`, 1],
        [rng.pick(WEIRD_KEYS), 3],
        ["k".repeat(10_000), 0.3],
      ] as const);
      slot.rename!(next);
      return `${slot.path} -> ${JSON.stringify(next.slice(0, 40))}`;
    }
    case "weird-entry": {
      const objects = all.filter((slot) => slot.value instanceof Obj);
      if (objects.length === 0) return "no object";
      const slot = rng.pick(objects);
      const key = rng.pick(WEIRD_KEYS);
      const value = rng.chance(0.5)
        ? new Obj([
            ["type", "command"],
            ["command", "echo polluted"],
            ["matcher", "*"],
          ])
        : randomNode(rng, randomKind(rng));
      (slot.value as Obj).entries.splice(rng.int((slot.value as Obj).entries.length + 1), 0, [key, value]);
      return `${slot.path} gets ${JSON.stringify(key)}: ${describeNode(value)}`;
    }
    case "nasty-text":
    case "control-chars":
    case "lone-surrogate": {
      if (strings.length === 0) return "no string";
      const slot = rng.pick(strings);
      const old = slot.value as string;
      const piece =
        step.kind === "nasty-text"
          ? nastyString(rng, rng.range(1, 12))
          : step.kind === "control-chars"
            ? rng.pick(["\u0000", "\u0001", "\u001b", "\u007f", "\t", "\r", "\n", "\u0000\u0000", "\b\f"])
            : rng.pick(["\ud800", "\udfff", "\udbff", "\udc00x\ud800", "\ud83d"]);
      const at = rng.int(old.length + 1);
      const next = old.slice(0, at) + piece + old.slice(at);
      // Raw: written into the file unescaped (bytes ED A0 80 for a surrogate, a bare NUL), else escaped.
      const raw = step.kind !== "nasty-text" && rng.chance(0.5);
      slot.set(
        raw
          ? new Raw(
              `"${JSON.stringify(next)
                .slice(1, -1)
                .replace(/\\u00([01][0-9a-f])|\\u(d[89a-f][0-9a-f]{2})|\\[tnrbf]/g, (escape) => JSON.parse(`"${escape}"`) as string)}"`,
            )
          : next,
      );
      return `${slot.path}: ${JSON.stringify(piece)} at ${at}${raw ? ", unescaped" : ", escaped"}`;
    }
    case "odd-number": {
      const slot = rng.pick(any);
      const next = rng.chance(0.5)
        ? new Raw(rng.pick(["1e400", "-1e400", "-0", "1e-400", "123456789012345678901234567890", "0.0", "1E+2", "-0.0e-0"]))
        : rng.pick(ODD_NUMBERS);
      slot.set(next);
      return `${slot.path} -> ${describeNode(next)}`;
    }
    case "deep-nesting": {
      const slot = rng.pick(all);
      const depth = rng.logRange(100, 5000);
      const next = new Nest(depth, rng.pick(["array", "object", "mixed"] as const), slot.value);
      slot.set(next);
      return `${slot.path} wrapped in ${describeNode(next)}`;
    }
    case "huge-array": {
      const slot = rng.pick(any);
      const small = sizeOf(slot.value, 400) < 400;
      const item = small && rng.chance(0.5) ? slot.value : randomNode(rng, rng.pick(["string", "number", "null", "boolean"] as const));
      const next = Array.from({ length: 10_000 }, () => clone(item));
      slot.set(next);
      return `${slot.path} -> 10,000 × ${describeNode(item)}`;
    }
    case "ten-thousand-hooks": {
      const lists = all.filter((slot) => slot.key === "hooks" && Array.isArray(slot.value) && slot.value.length > 0);
      if (lists.length === 0) return "no hooks array";
      const slot = rng.pick(lists);
      // A handler already made huge by another step is not copied 10,000 times (gigabytes).
      const first = sizeOf((slot.value as Node[])[0]!, 2000) < 2000 ? (slot.value as Node[])[0]! : new Obj([["type", "command"]]);
      // Distinct commands, so that de-duplication does not fold them into one.
      const next = Array.from({ length: 10_000 }, (_, i) =>
        first instanceof Obj
          ? new Obj([
              ...first.entries.filter(([key]) => key !== "command").map(([key, value]): [string, Node] => [key, clone(value)]),
              ["command", `echo hook ${i}`],
            ])
          : clone(first),
      );
      slot.set(next);
      return `${slot.path} -> 10,000 hooks`;
    }
    case "huge-string": {
      const slot = rng.chance(0.7) && strings.length > 0 ? rng.pick(strings) : rng.pick(any);
      const length = rng.logRange(100_000, 1_000_000);
      slot.set(hugeString(rng, length));
      return `${slot.path} -> string(${length})`;
    }
    case "huge-rule": {
      const handlers = all.filter((slot) => slot.value instanceof Obj && slot.value.entries.some(([key]) => key === "type" || key === "hooks"));
      if (handlers.length === 0) return "no handler or group";
      const slot = rng.pick(handlers);
      const object = slot.value as Obj;
      const field = object.entries.some(([key]) => key === "hooks") ? "matcher" : "if";
      const length = rng.range(39_000, 41_000);
      const value =
        field === "matcher"
          ? rng.pick([
              () => Array.from({ length: length / 8 }, (_, i) => `Tool${i}`).join("|"),
              () => "(a+)+".repeat(length / 5),
              () => `^(${"a|".repeat(length / 2 - 2)}b)$`,
              () => hugeString(rng, length),
            ])()
          : rng.pick([
              () => `Bash(${"*a".repeat(length / 2)})`,
              () => `Write(${"**/".repeat(length / 3)}*.ts)`,
              () => `Bash(${hugeString(rng, length)})`,
              () => hugeString(rng, length),
            ])();
      const entry = object.entries.find(([key]) => key === field);
      if (entry) entry[1] = value;
      else object.entries.push([field, value]);
      return `${slot.path}.${field} -> string(${value.length}) ${JSON.stringify(value.slice(0, 30))}…`;
    }
    default:
      return "text step";
  }
}

/** About how many characters the node takes written out, counted only up to `limit`. */
export function sizeOf(node: Node, limit: number): number {
  let size = 0;
  const stack: Node[] = [node];
  while (stack.length > 0 && size < limit) {
    const item = stack.pop()!;
    if (item instanceof Raw) size += item.text.length;
    else if (item instanceof Nest) {
      size += item.depth * 2;
      stack.push(item.inner);
    } else if (Array.isArray(item)) {
      size += 2 + item.length;
      stack.push(...item.slice(0, limit));
    } else if (item instanceof Obj) {
      size += 2;
      for (const [key, value] of item.entries.slice(0, limit)) {
        size += key.length + 4;
        stack.push(value);
      }
    } else size += typeof item === "string" ? item.length + 2 : String(item).length;
  }
  return size;
}

/** Whether two problem texts are the same kind of failure (numbers aside), so shrinking does not wander off to another bug. */
export function sameKind(a: string, b: string): boolean {
  const kind = (text: string) => text.replace(/\d+/g, "#").slice(0, 40);
  return kind(a) === kind(b);
}

/** Drops steps one at a time (then tries `simpler`) while the input still fails: the minimal reproduction. */
export async function shrinkPlan<P extends { steps: readonly unknown[] }>(
  plan: P,
  fails: (plan: P) => Promise<boolean>,
  simpler?: (plan: P) => P | undefined,
  budget = 40,
): Promise<P> {
  let best = plan;
  let tries = 0;
  for (let progress = true; progress && tries < budget;) {
    progress = false;
    for (let i = 0; i < best.steps.length && tries < budget; i++) {
      const candidate = { ...best, steps: best.steps.filter((_, j) => j !== i) };
      tries++;
      if (await fails(candidate)) {
        best = candidate;
        progress = true;
        i--;
      }
    }
  }
  const candidate = simpler?.(best);
  if (candidate && tries < budget && (await fails(candidate))) best = candidate;
  return best;
}

// ---------------------------------------------------------------------------------------------
// Random tool arguments, shaped as JSON.parse would hand them to OpenCode (own "__proto__" keys).

/** An own, enumerable property, as JSON.parse makes it: "__proto__" stays a key and sets no prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function randomJson(rng: Rng, depth = 0): unknown {
  const kind =
    depth > 3 ? rng.pick(["string", "number", "null", "boolean"] as const) : rng.pick(["string", "number", "null", "boolean", "array", "object"] as const);
  switch (kind) {
    case "string":
      return rng.chance(0.2) ? "" : nastyString(rng);
    case "number":
      return rng.pick([...ODD_NUMBERS, rng.int(1000)]);
    case "null":
      return null;
    case "boolean":
      return rng.chance(0.5);
    case "array":
      return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth + 1));
    case "object": {
      const value: Record<string, unknown> = {};
      for (let i = rng.int(4); i > 0; i--) setOwn(value, rng.chance(0.4) ? rng.pick(WEIRD_KEYS) : nastyString(rng, 8), randomJson(rng, depth + 1));
      return value;
    }
  }
}

/** `depth` levels of arrays or objects around `leaf`, built without recursion. */
export function deepValue(depth: number, leaf: unknown, shape: "array" | "object" | "mixed" = "mixed"): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) {
    const object = shape === "object" || (shape === "mixed" && i % 2 === 1);
    value = object ? { k: value } : [value];
  }
  return value;
}
