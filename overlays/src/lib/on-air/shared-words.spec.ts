import { describe, expect, it } from 'vitest';
import { onAirEn, onAirZh, type OnAirCatalog } from '../on-air-messages';

/**
 * The shared on-air catalog holds only the frame's words, the ones every game's on-air pages say:
 * a game's own concepts (Guandan's places, levels, tribute, double-down, 10-card report, bombs)
 * are its skin folder's words. Each entry is walked: its key path, and its text in both languages
 * (a sentence is called with sample names and numbers).
 */
const GAME_CONCEPT_KEYS =
  /tribute|level|place|bomb|doubleDown|report|leader|toPlay|pass|cardsLeft|combo|joker|trick|seat|team|story|announce|landlord|kitty|bid/i;
const GAME_CONCEPT_WORDS_ZH = [
  '进贡',
  '还贡',
  '抗贡',
  '上游',
  '二游',
  '三游',
  '下游',
  '双下',
  '级',
  '炸弹',
  '报牌',
  '首出',
  '墩',
  '大王',
  '小王',
  '地主',
  '农民',
  '叫分',
  '底牌',
];
const GAME_CONCEPT_WORDS_EN = /tribute|level|bomb|double-down|joker|trick|1st out|landlord|peasant|kitty/i;

function entries(node: unknown, path: readonly string[] = []): { path: string; text: string }[] {
  if (typeof node === 'string') return [{ path: path.join('.'), text: node }];
  if (typeof node === 'function') {
    const sample = (node as (...args: unknown[]) => unknown)(...Array.from({ length: node.length }, () => 7));
    return [{ path: path.join('.'), text: String(sample) }];
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => entries(item, [...path, String(i)]));
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => entries(value, [...path, key]));
  }
  throw new TypeError(`${path.join('.')}: not a word`);
}

describe('the shared on-air catalog names no game’s concept', () => {
  const zh = entries(onAirZh);
  const en = entries(onAirEn);

  it('has the same entries in zh-CN and English', () => {
    expect(en.map((e) => e.path)).toEqual(zh.map((e) => e.path));
    expect(zh.length).toBeGreaterThan(20);
  });

  it.each(zh.map((e) => e.path))('%s: its key names no game concept', (path) => {
    expect(path).not.toMatch(GAME_CONCEPT_KEYS);
  });

  it.each(zh)('$path: its zh-CN words name no game concept ($text)', ({ text }) => {
    for (const word of GAME_CONCEPT_WORDS_ZH) expect(text).not.toContain(word);
  });

  it.each(en)('$path: its English words name no game concept ($text)', ({ text }) => {
    expect(text).not.toMatch(GAME_CONCEPT_WORDS_EN);
  });

  it('catches a game word put back in the shared catalog', () => {
    const withTribute = { ...onAirZh, tribute: { title: '进贡 / 还贡' } } as OnAirCatalog;
    const found = entries(withTribute).filter(
      (e) => GAME_CONCEPT_KEYS.test(e.path) || GAME_CONCEPT_WORDS_ZH.some((w) => e.text.includes(w)),
    );
    expect(found.map((e) => e.path)).toEqual(['tribute.title']);
  });
});
