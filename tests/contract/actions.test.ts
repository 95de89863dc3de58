// Contract test: zo-core (through the zo-dev binary) and the Zod schema in
// tests/schemas/actions.ts must judge every action the same way.
//
// - fixtures/canonical.json: canonical-form entries, each run through Zod and through
//   `zo-dev actions --check`; validity (and, when valid, the canonical value) must agree with
//   each other and with the fixture's expectation.
// - fixtures/model-shapes.json: model-written entries fed to `zo-dev actions` inside an envelope;
//   every action normalize outputs must pass Zod (and equal the fixture's expectation).
// - fixtures/answers.json: whole answers fed to `zo-dev actions`.
//
// Run: cd tests && npx tsx --test contract/*.test.ts   (ZO_DEV_BIN overrides ../target/debug/zo-dev)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Action, ACTION_TYPES } from "../schemas/actions.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const testsDir = path.resolve(here, "..");
const zoDev = path.resolve(testsDir, process.env.ZO_DEV_BIN ?? "../target/debug/zo-dev");

type CanonicalFixture = { name: string; entry: unknown; valid: boolean; canonical?: unknown };
type ModelFixture = { name: string; entry: unknown; expect: unknown | null };
type AnswerFixture = {
  name: string;
  answer: string;
  expect: { actions: unknown[]; text: string; reasoning: string | null };
};
type Verdict = { valid: boolean; canonical: unknown; reason: string | null };
type ActionsOut = {
  actions: unknown[];
  dropped: { entry: unknown; reason: string }[];
  text: string;
  reasoning: string | null;
};

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(here, "fixtures", name), "utf8")) as T;
}

/** Runs `zo-dev actions ARGS` with `input` on stdin and returns its parsed JSON output. */
function zo(args: string[], input: string): unknown {
  assert.ok(existsSync(zoDev), `zo-dev binary not found at ${zoDev}: run \`cargo build -p zo-dev\` or set ZO_DEV_BIN`);
  const r = spawnSync(zoDev, ["actions", ...args], { input, encoding: "utf8" });
  assert.equal(r.status, 0, `zo-dev actions ${args.join(" ")} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Drops `undefined` members so Zod output compares with JSON from Rust. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Zod's verdict on an action that must already be canonical: parses, and is a fixed point. */
function assertZodCanonical(action: unknown, context: string): void {
  const r = Action.safeParse(action);
  assert.ok(r.success, `${context}: Zod rejects ${JSON.stringify(action)}: ${r.success ? "" : r.error.message}`);
  assert.deepEqual(plain(r.data), action, `${context}: not a canonical fixed point`);
}

const canonical = fixture<CanonicalFixture[]>("canonical.json");
const models = fixture<ModelFixture[]>("model-shapes.json");
const answers = fixture<AnswerFixture[]>("answers.json");

test("the corpus is large and covers every action type, valid and invalid", () => {
  assert.ok(canonical.length + models.length >= 60, "at least 60 entries");
  for (const type of ACTION_TYPES) {
    const of = (f: CanonicalFixture) => (f.entry as { type?: unknown } | null)?.type === type;
    assert.ok(canonical.some((f) => of(f) && f.valid), `a valid ${type}`);
    assert.ok(canonical.some((f) => of(f) && !f.valid), `an invalid ${type}`);
    assert.ok(models.some((f) => (f.expect as { type?: unknown } | null)?.type === type), `a model-shaped ${type}`);
  }
});

test("Zod and zo-core agree on every canonical-form entry", () => {
  const verdicts = zo(["--check"], JSON.stringify(canonical.map((f) => f.entry))) as Verdict[];
  assert.equal(verdicts.length, canonical.length);
  const disagreements: string[] = [];
  canonical.forEach((f, i) => {
    const rust = verdicts[i];
    const zod = Action.safeParse(f.entry);
    const label = `${f.name}: ${JSON.stringify(f.entry)}`;
    if (zod.success !== rust.valid) {
      disagreements.push(`${label}: Zod ${zod.success ? "accepts" : "rejects"}, zo-core ${rust.valid ? "accepts" : `rejects (${rust.reason})`}`);
      return;
    }
    if (rust.valid !== f.valid) {
      disagreements.push(`${label}: both say ${rust.valid ? "valid" : "invalid"}, fixture says ${f.valid ? "valid" : "invalid"}`);
      return;
    }
    if (zod.success && rust.valid) {
      try {
        assert.deepEqual(plain(zod.data), rust.canonical);
        assert.deepEqual(rust.canonical, f.canonical ?? f.entry);
      } catch {
        disagreements.push(`${label}: canonical values differ: Zod ${JSON.stringify(plain(zod.data))}, zo-core ${JSON.stringify(rust.canonical)}, fixture ${JSON.stringify(f.canonical ?? f.entry)}`);
      }
    }
  });
  assert.deepEqual(disagreements, [], `${disagreements.length} disagreement(s):\n${disagreements.join("\n")}`);
});

test("normalize turns each model-shaped entry into the expected Zod-valid action or drops it", () => {
  for (const f of models) {
    const out = zo([], JSON.stringify({ actions: [f.entry] })) as ActionsOut;
    assert.equal(out.actions.length + out.dropped.length, 1, f.name);
    if (f.expect === null) {
      assert.equal(out.actions.length, 0, `${f.name}: expected a drop, got ${JSON.stringify(out.actions)}`);
      assert.deepEqual(out.dropped[0].entry, f.entry, f.name);
      assert.ok(out.dropped[0].reason.length > 0, `${f.name}: a reason`);
    } else {
      assert.equal(out.actions.length, 1, `${f.name}: dropped: ${JSON.stringify(out.dropped)}`);
      assertZodCanonical(out.actions[0], f.name);
      assert.deepEqual(out.actions[0], f.expect, f.name);
    }
  }
});

test("everything normalize outputs from the whole corpus passes Zod", () => {
  const all = [...canonical.map((f) => f.entry), ...models.map((f) => f.entry)];
  const out = zo(["-"], JSON.stringify({ actions: all })) as ActionsOut;
  assert.equal(out.actions.length + out.dropped.length, all.length);
  out.actions.forEach((a, i) => assertZodCanonical(a, `normalized action ${i}`));
  // Every valid canonical entry survives normalize unchanged.
  const validOnes = canonical.filter((f) => f.valid).map((f) => f.canonical ?? f.entry);
  for (const v of validOnes) {
    assert.ok(out.actions.some((a) => isDeepEqual(a, v)), `normalize keeps ${JSON.stringify(v)}`);
  }
});

test("whole answers parse to the expected actions, text and reasoning", () => {
  for (const f of answers) {
    const out = zo([], f.answer) as ActionsOut;
    out.actions.forEach((a, i) => assertZodCanonical(a, `${f.name} action ${i}`));
    assert.deepEqual(out.actions, f.expect.actions, f.name);
    assert.equal(out.text, f.expect.text, f.name);
    assert.equal(out.reasoning, f.expect.reasoning, f.name);
  }
});

/** A small seeded PRNG (mulberry32), so the generated corpus is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS: Record<string, string[]> = {
  navigate: ["url"],
  click: ["selector"],
  fill: ["selector", "value"],
  extract: ["selector", "attribute"],
  scroll: ["direction", "selector", "amount"],
  wait: ["ms"],
  done: ["response"],
};
const FIELD_VALUES: Record<string, unknown[]> = {
  url: [
    "https://example.com/", "HTTP://A.B:80/x?q#f", "http://[::1]/", "http://u@h:/", "http://:80/",
    "https://a.b\\c", "javascript:alert(1)", "data:,x", "file:///x", "chrome://x", "//a.b",
    "https://a b/", " https://t.test ", "http://[x]/", "http://a|b/", "", 42, null,
  ],
  selector: ["#a", " .b ", "\t#c\n", "", " ", "\u000b", "a[href^='x']", null, 1, ["#a"]],
  value: ["", "x", "multi\nline", 1, null, false],
  attribute: ["href", " src ", "", "  ", 1, null],
  direction: ["up", "down", "UP", " down", "left", 1, null],
  amount: [0, -0, 600, -1.5, 300.0, 1e21, 1e308, "300", null, true],
  ms: [0, -0, 1, 1000, 1500.0, 2.5e3, 30000, 30001, -1, 10.5, 1e21, "5", null],
  response: ["", "ok", "Done.\n", 1, null, {}],
};
const EXTRA_KEYS = ["extra", "action", "args", "click", "Type", "__proto__", "selector", "ms"];

/** A random entry: mostly close to a canonical action, sometimes off by a field or a type. */
function randomEntry(next: () => number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  if (next() < 0.03) return pick([null, 1, "click", [], [{ type: "click", selector: "#a" }]]);
  const type = pick(ACTION_TYPES);
  const entry: Record<string, unknown> = {};
  if (next() < 0.95) entry.type = next() < 0.93 ? type : pick(["Click", "hover", "", 3, null]);
  for (const field of FIELDS[type]) {
    if (next() < 0.75) entry[field] = pick(FIELD_VALUES[field]);
  }
  if (next() < 0.15) {
    const key = pick(EXTRA_KEYS);
    const pool = Object.hasOwn(FIELD_VALUES, key) ? FIELD_VALUES[key] : ["x", 1, null, {}];
    Object.defineProperty(entry, key, { value: pick(pool), enumerable: true, configurable: true, writable: true });
  }
  return entry;
}

test("Zod and zo-core agree on 3000 generated entries, and normalize output passes Zod", () => {
  const next = rng(0x20261130);
  // Both judges see the same parsed JSON text.
  const entries = JSON.parse(JSON.stringify(Array.from({ length: 3000 }, () => randomEntry(next)))) as unknown[];
  const verdicts = zo(["--check"], JSON.stringify(entries)) as Verdict[];
  const disagreements: string[] = [];
  entries.forEach((entry, i) => {
    const zod = Action.safeParse(entry);
    const rust = verdicts[i];
    if (zod.success !== rust.valid) {
      disagreements.push(`${JSON.stringify(entry)}: Zod ${zod.success}, zo-core ${rust.valid} (${rust.reason})`);
    } else if (zod.success && !isDeepEqual(plain(zod.data), rust.canonical)) {
      disagreements.push(`${JSON.stringify(entry)}: Zod ${JSON.stringify(plain(zod.data))}, zo-core ${JSON.stringify(rust.canonical)}`);
    }
  });
  assert.deepEqual(disagreements.slice(0, 20), [], `${disagreements.length} disagreement(s)`);
  assert.ok(verdicts.some((v) => v.valid) && verdicts.some((v) => !v.valid), "the generator reaches both verdicts");
  // One answer's JSON is read within zo-core's node budget (MAX_JSON_NODES, 4096 elements and
  // members), so the entries go to normalize as answers of 500 entries each.
  for (let start = 0; start < entries.length; start += 500) {
    const batch = entries.slice(start, start + 500);
    const out = zo([], JSON.stringify({ actions: batch })) as ActionsOut;
    assert.equal(out.actions.length + out.dropped.length, batch.length, `answer of entries ${start}..`);
    out.actions.forEach((a, i) => assertZodCanonical(a, `generated normalized action ${start + i}`));
  }
});

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
