import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens the producer dashboard's delay editor once its delay clock is live, and waits until the
 * editor shows the delay in force (`currentSeconds`): a value typed before then would be
 * overwritten by the dashboard's own. Returns the editor's seconds field.
 */
export async function openDelayEditor(
  dashboard: Pick<Locator, 'getByTestId'>,
  currentSeconds: string,
): Promise<Locator> {
  await expect
    .poll(() => dashboard.getByTestId('delay-clock').getAttribute('data-kind'), { timeout: 20_000 })
    .toBe('live');
  await dashboard.getByTestId('delay-change').click();
  const seconds = dashboard.getByTestId('delay-seconds');
  await expect.poll(() => seconds.inputValue(), { timeout: 10_000 }).toBe(currentSeconds);
  return seconds;
}
