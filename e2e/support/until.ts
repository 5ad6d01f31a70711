/**
 * Waits until `check` holds, asking again every 50 ms; past `timeoutMs` it fails naming `what`,
 * so a stuck step says which one it was.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
