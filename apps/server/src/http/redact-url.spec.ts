import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl: no credential reaches a log line', () => {
  it.each([
    ['/api/matches?token=s3cret-token-value', '/api/matches?token=[redacted]'],
    ['/overlays/replay/?match=m1&token=abc&lang=en', '/overlays/replay/?match=m1&token=[redacted]&lang=en'],
    ['/overlays/replay/?match=m1#token=abc', '/overlays/replay/?match=m1#token=[redacted]'],
    ['/x?access_token=abc&id_token=def', '/x?access_token=[redacted]&id_token=[redacted]'],
    ['/x?Authorization=Bearer%20abc', '/x?Authorization=[redacted]'],
    ['/x?TOKEN=abc', '/x?TOKEN=[redacted]'],
    ['/x?password=p&api_key=k&secret=s', '/x?password=[redacted]&api_key=[redacted]&secret=[redacted]'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    ['/x?match=m1%23token=abc&lang=en', '/x?match=m1%23token=[redacted]&lang=en'],
    ['/x?%E0%A4%A=abc', '/x?%E0%A4%A=[redacted]'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('leaves URLs without credentials as they are', () => {
    for (const url of [
      '/api/matches/m1/state?minRevision=3',
      '/healthz',
      '/x?keyed=1&lang=zh-CN',
      '/a/token/b',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});
