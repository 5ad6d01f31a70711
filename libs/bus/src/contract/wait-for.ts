/**
 * Polls `condition` until it holds; fails naming `what` it waited for and what it last saw.
 * Tests wait on outcomes, never on a fixed sleep alone, so a loaded machine only makes them slower.
 */
export async function waitFor(
  what: string,
  condition: () => boolean,
  options: { readonly timeoutMs: number; readonly observed?: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      const seen = options.observed === undefined ? '' : `; observed ${options.observed()}`;
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}${seen}`);
    }
    await delay(10);
  }
}

/** A pause used only *after* the expected deliveries arrived, to catch any that must not. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
