//! Waiting on conditions instead of sleeping, and the per-spec timeouts of node:test.

/** node:test options of one spec and of a before/after hook: a hung browser fails the spec
 *  instead of stalling the whole run. */
export const T = { timeout: Number(process.env.ZO_E2E_TEST_MS ?? 120_000) };
export const HOOK = { timeout: 90_000 };

/** Default timeout of every condition wait, in ms. Generous: the machine is shared and slow. */
export const WAIT_MS = Number(process.env.ZO_E2E_WAIT_MS ?? 20_000);

/** Thrown by a `waitFor` probe to stop waiting at once: the condition can no longer hold. */
export class FatalWaitError extends Error {}

/** Polls `probe` until it returns a truthy value (which is returned), or throws after `timeout`
 *  with `what` and the last value/error seen. Never a fixed sleep: it stops as soon as it holds. */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeout = WAIT_MS, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (err) {
      if (err instanceof FatalWaitError) throw err;
      last = err;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${detail})`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
