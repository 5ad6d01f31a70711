import { FACES } from '@tablecast/cards/view';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import Card from './Card.svelte';

/**
 * The shared card and the frame pages know no game's marks: Guandan's level card (级牌, GD-LVL-3),
 * its heart level card (逢人配, GD-WILD-1), their 级 / 配 badges and the deal's level they are read
 * from are Guandan's skin's (games/guandan/card-marks.ts, hand-order.ts). Checked three ways: the
 * shared cards catalog word by word, the shared code's source text, and the card as drawn.
 */

/** Every shared source file (lib/ and the frame pages), its text by path; specs are not shipped. */
const SHARED_SOURCES = import.meta.glob<string>(
  [
    '../**/*.ts',
    '../**/*.svelte',
    '../../pages/**/*.ts',
    '../../pages/**/*.svelte',
    '!../**/*.spec.ts',
    '!../../pages/**/*.spec.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Guandan's words for its marked cards; none may be written anywhere in shared code. */
const GUANDAN_CARD_WORDS = ['级牌', '逢人配'];
/**
 * What the shared card, the on-air card row and the frame pages once read to mark a card: the
 * level-card and wildcard flags and badge words, the deal's level and the Guandan hand order.
 */
const GUANDAN_CARD_NAMES =
  /\b(levelCard|levelMark|wildcard|wildcardMark|levelRank|handInPlayerOrder|handSortKey|sortForHand)\b|\bhand\??\.level\b/;
/** Where those names may not appear: the shared card, the on-air pieces, the catalog, the frame pages. */
const CARD_CODE = /^\.\/|^\.\.\/on-air\/|^\.\.\/i18n\.ts$|^\.\.\/\.\.\/pages\//;

/** Each offence in some sources: the file and what it says. */
function offences(sources: Readonly<Record<string, string>>): string[] {
  return Object.entries(sources).flatMap(([path, text]) => [
    ...GUANDAN_CARD_WORDS.filter((word) => text.includes(word)).map((word) => `${path}: ${word}`),
    ...(CARD_CODE.test(path) ? [...text.matchAll(new RegExp(GUANDAN_CARD_NAMES, 'g'))] : []).map(
      (match) => `${path}: ${match[0]}`,
    ),
  ]);
}

function entries(node: unknown, path: readonly string[] = []): { path: string; text: string }[] {
  if (typeof node === 'string') return [{ path: path.join('.'), text: node }];
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => entries(value, [...path, key]));
  }
  throw new TypeError(`${path.join('.')}: not a word`);
}

describe('the shared card knows no game’s marks (GD-LVL-3, GD-WILD-1 are Guandan’s skin’s)', () => {
  it('reads the shared sources it checks: the cards lib, the on-air pieces, the catalog and the frame pages', () => {
    const paths = Object.keys(SHARED_SOURCES);
    for (const expected of [
      './Card.svelte',
      './card-markup.ts',
      './card-bitmaps.ts',
      '../on-air/CardRow.svelte',
      '../on-air/labels.ts',
      '../i18n.ts',
      '../../pages/table/TablePage.svelte',
      '../../pages/replay/ReplayPage.svelte',
    ])
      expect(paths).toContain(expected);
    // Not the specs, nor a game's skin folder: Guandan's marks are at home there.
    expect(paths.filter((path) => path.endsWith('.spec.ts') || path.includes('/games/'))).toEqual([]);
  });

  it('no shared source says 级牌 or 逢人配, nor reads a level card, a wildcard or the deal’s level', () => {
    expect(offences(SHARED_SOURCES)).toEqual([]);
  });

  it.each(['zh-CN', 'en'] as const)('the %s cards catalog names suits and jokers only', (lang) => {
    const words = entries(messages[lang].cards);
    expect(words.map((word) => word.path.split('.')[0])).toEqual(
      expect.arrayContaining(['suits', 'bigJoker', 'smallJoker', 'jokerIndex']),
    );
    for (const { path, text } of words) {
      expect(path).not.toMatch(/level|wild|mark/i);
      expect(text).not.toMatch(/[级配]|level|wild/i);
    }
  });

  it('draws no badge on any face unless a game hands it one', () => {
    for (const face of FACES) {
      const svg = render(Card, { props: { face } }).body;
      expect(svg, face).toContain('data-marked="false"');
      expect(svg, face).not.toMatch(/<rect x="3" y="64"/);
    }
  });

  it('catches a Guandan word or flag put back in shared code', () => {
    const putBack = {
      '../i18n.ts': "cards: { suits, levelCard: '级牌', wildcard: '逢人配' }",
      '../on-air/labels.ts': 'const level = view.hand?.level ?? null;',
      '../landing/landing-messages.ts': "wildcard: '逢人配'",
      '../../pages/table/TablePage.svelte': 'const level = levelRank(view);',
    };
    expect(offences(putBack)).toEqual([
      '../i18n.ts: 级牌',
      '../i18n.ts: 逢人配',
      '../i18n.ts: levelCard',
      '../i18n.ts: wildcard',
      '../on-air/labels.ts: hand?.level',
      '../landing/landing-messages.ts: 逢人配',
      '../../pages/table/TablePage.svelte: levelRank',
    ]);
  });
});
