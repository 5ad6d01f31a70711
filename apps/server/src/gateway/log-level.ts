import type { AppConfig } from '../config';

const ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** Whether a line at `level` is written under LOG_LEVEL `configured` (pino's order). */
export function logLevelEnabled(
  configured: AppConfig['LOG_LEVEL'],
  level: Exclude<AppConfig['LOG_LEVEL'], 'silent'>,
): boolean {
  return ORDER.indexOf(level) >= ORDER.indexOf(configured);
}
