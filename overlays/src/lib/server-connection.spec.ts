import { describe, expect, it } from 'vitest';
import { websocketUrl } from './server-connection';
import { resolveLang } from './i18n';

describe('websocketUrl', () => {
  it('uses ws: for a page served over http', () => {
    expect(websocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });

  it('uses wss: for a page served over https', () => {
    expect(websocketUrl({ protocol: 'https:', host: 'tv.example' })).toBe('wss://tv.example/ws');
  });
});

describe('resolveLang', () => {
  it('defaults to zh-CN for television', () => {
    expect(resolveLang(null)).toBe('zh-CN');
    expect(resolveLang('fr')).toBe('zh-CN');
  });

  it('gives English on request', () => {
    expect(resolveLang('en')).toBe('en');
  });
});
