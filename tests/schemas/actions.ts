// Zod schema of the canonical Co-browse actions: the same rules as zo-core's `Action`
// (crates/zo-core/src/action.rs and canonical.rs). tests/contract/actions.test.ts fails on any
// disagreement between the two over the fixture corpus.
//
// Parsing returns the canonical value zo-core would serialize: selectors, urls and attributes
// trimmed of surrounding ASCII whitespace, `direction` defaulted to "down", `ms` to 1000.
import { z } from "zod";

/** Upper bound of `wait.ms`, inclusive (30 s). Larger waits are REJECTED, never clamped. */
export const MAX_WAIT_MS = 30_000;
/** `wait.ms` when absent. */
export const DEFAULT_WAIT_MS = 1_000;

/** Removes surrounding ASCII whitespace (space, tab, LF, FF, CR), like Rust's `is_ascii_whitespace`. */
export function trimAsciiWhitespace(s: string): string {
  return s.replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, "");
}

/**
 * The url rule of zo-core's `HttpUrl::parse`, applied to an already trimmed string: no
 * whitespace, control character or backslash inside; a scheme `[A-Za-z][A-Za-z0-9+.-]*` before
 * the first `:` that is `http` or `https` in any case; then `//`; an authority (up to `/`, `?`
 * or `#`) whose host (after the last `@`) is non-empty and free of `<>[]^|`, or a bracketed IPv6
 * literal of hex digits, `:` and `.`; an optional `:port` of ASCII digits.
 */
export function isHttpUrl(s: string): boolean {
  if (/[\p{White_Space}\p{Cc}\\]/u.test(s)) return false;
  const colon = s.indexOf(":");
  if (colon < 0) return false;
  const scheme = s.slice(0, colon);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return false;
  const lower = scheme.toLowerCase();
  if (lower !== "http" && lower !== "https") return false;
  const rest = s.slice(colon + 1);
  if (!rest.startsWith("//")) return false;
  const after = rest.slice(2);
  const stop = after.search(/[/?#]/);
  const authority = stop < 0 ? after : after.slice(0, stop);
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  let hostOk: boolean;
  let port: string;
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close < 0) return false;
    const host = hostPort.slice(1, close);
    const tail = hostPort.slice(close + 1);
    hostOk = /^[0-9A-Fa-f:.]+$/.test(host);
    if (tail === "") port = "";
    else if (tail.startsWith(":")) port = tail.slice(1);
    else return false;
  } else {
    const c = hostPort.indexOf(":");
    const host = c < 0 ? hostPort : hostPort.slice(0, c);
    port = c < 0 ? "" : hostPort.slice(c + 1);
    hostOk = host.length > 0 && !/[<>[\]^|]/.test(host);
  }
  return hostOk && /^[0-9]*$/.test(port);
}

/** A CSS selector: surrounding ASCII whitespace trimmed, at least 1 character left. */
export const Selector = z
  .string()
  .transform(trimAsciiWhitespace)
  .pipe(z.string().min(1, "selector must not be empty"));

/** An absolute http:/https: URL (javascript:, data:, file:, chrome: ... are refused). */
export const HttpUrl = z
  .string()
  .transform(trimAsciiWhitespace)
  .pipe(z.string().refine(isHttpUrl, "url must be an absolute http or https URL"));

/** extract.attribute: trimmed, non-blank. */
export const Attribute = z
  .string()
  .transform(trimAsciiWhitespace)
  .pipe(z.string().min(1, "attribute must not be blank"));

export const Navigate = z.strictObject({ type: z.literal("navigate"), url: HttpUrl });
export const Click = z.strictObject({ type: z.literal("click"), selector: Selector });
export const Fill = z.strictObject({ type: z.literal("fill"), selector: Selector, value: z.string() });
export const Extract = z.strictObject({
  type: z.literal("extract"),
  selector: Selector,
  attribute: Attribute.optional(),
});
export const Scroll = z.strictObject({
  type: z.literal("scroll"),
  direction: z.enum(["up", "down"]).default("down"),
  selector: Selector.optional(),
  amount: z.number().optional(), // finite: zod refuses Infinity and NaN
});
export const Wait = z.strictObject({
  type: z.literal("wait"),
  ms: z.number().int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS),
});
export const Done = z.strictObject({ type: z.literal("done"), response: z.string() });

/** One canonical action (type-first). */
export const Action = z.discriminatedUnion("type", [Navigate, Click, Fill, Extract, Scroll, Wait, Done]);
export type Action = z.output<typeof Action>;

/** The envelope a Co-browse answer carries: `{"reasoning"?: string, "actions": [...]}`. */
export const Envelope = z.object({
  reasoning: z.string().optional(),
  actions: z.array(Action),
});
export type Envelope = z.output<typeof Envelope>;

export const ACTION_TYPES = ["navigate", "click", "fill", "extract", "scroll", "wait", "done"] as const;
