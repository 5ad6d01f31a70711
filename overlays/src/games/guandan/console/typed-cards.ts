import { faceOfCard, isFace, type CardId, type Face } from '@tablecast/cards/view';

export type TypedCards =
  | { readonly ok: true; readonly faces: readonly Face[] }
  | { readonly ok: false; readonly unreadable: string };

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { '♠': 'S', '♥': 'H', '♣': 'C', '♦': 'D' };
const JOKER_WORDS: Readonly<Record<string, Face>> = { 小王: 'BJ', 大王: 'RJ' };

/**
 * Parses what an operator types: faces separated by spaces or commas, case-insensitive, `10` for
 * `T`, suit symbols allowed (`s5 H5`, `♥10`, `bj`, `大王`). Returns the first unreadable token.
 */
export function parseTypedCards(text: string): TypedCards {
  const faces: Face[] = [];
  for (const token of text.split(/[\s,，]+/).filter((t) => t.length > 0)) {
    const joker = JOKER_WORDS[token];
    if (joker !== undefined) {
      faces.push(joker);
      continue;
    }
    const first = token.charAt(0);
    const normal = `${SUIT_SYMBOLS[first] ?? first}${token.slice(1)}`
      .toUpperCase()
      .replace(/^([SHCD])10$/, '$1T');
    if (!isFace(normal)) return { ok: false, unreadable: token };
    faces.push(normal);
  }
  return { ok: true, faces };
}

/**
 * Physical cards for typed faces from one hand (either copy serves, GD-DECK-1). Faces asked for more
 * often than they are held come back in `missing`, so nothing is silently dropped.
 */
export function pickFromHand(
  held: readonly CardId[],
  faces: readonly Face[],
): { readonly cards: CardId[]; readonly missing: Face[] } {
  const pool = [...held];
  const cards: CardId[] = [];
  const missing: Face[] = [];
  for (const face of faces) {
    const k = pool.findIndex((c) => faceOfCard(c) === face);
    if (k < 0) {
      missing.push(face);
      continue;
    }
    cards.push(...pool.splice(k, 1));
  }
  return { cards, missing };
}
