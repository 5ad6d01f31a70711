import { describe, expect, it } from 'vitest';
import { logLevelEnabled } from './log-level';

describe('logLevelEnabled', () => {
  it('follows pino order: a debug line is built only under LOG_LEVEL debug or trace', () => {
    expect(logLevelEnabled('info', 'debug')).toBe(false);
    expect(logLevelEnabled('silent', 'fatal')).toBe(false);
    expect(logLevelEnabled('debug', 'debug')).toBe(true);
    expect(logLevelEnabled('trace', 'debug')).toBe(true);
    expect(logLevelEnabled('warn', 'error')).toBe(true);
  });
});
