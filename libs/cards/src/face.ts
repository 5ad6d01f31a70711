/**
 * Card faces in the rules oracle's notation: suit `S H C D` then rank `2…9 T J Q K A`
 * (`HT` = ♥10); `BJ` is the small (black) joker and `RJ` the big (red) joker.
 * A face is what the rules speak about; two physical cards share each face (see card.ts).
 */
export const SUITS = ['S', 'H', 'C', 'D'] as const;
export type Suit = (typeof SUITS)[number];

/** Natural ranks, low to high; index 0 is the 2 and index 12 the A (GD-LVL-1 `levelIndex`). */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export const JOKERS = ['BJ', 'RJ'] as const;
export type Joker = (typeof JOKERS)[number];

export type SuitedFace = `${Suit}${Rank}`;
export type Face = SuitedFace | Joker;

/** All 54 faces: suit-major (S2…SA, H2…HA, C2…CA, D2…DA), then BJ, RJ. Index = `faceIndex`. */
export const FACES: readonly Face[] = [
  ...SUITS.flatMap((suit) => RANKS.map((rank): Face => `${suit}${rank}`)),
  ...JOKERS,
];

const faceIndexByName = new Map<string, number>(FACES.map((face, index) => [face, index]));

export function isFace(value: unknown): value is Face {
  return typeof value === 'string' && faceIndexByName.has(value);
}

export function isRank(value: unknown): value is Rank {
  return typeof value === 'string' && (RANKS as readonly string[]).includes(value);
}

export function isJoker(face: Face): face is Joker {
  return face === 'BJ' || face === 'RJ';
}

/** 0…53; suit-major order of FACES. */
export function faceIndex(face: Face): number {
  const index = faceIndexByName.get(face);
  if (index === undefined) throw new RangeError(`not a card face: ${face}`);
  return index;
}

export function faceAt(index: number): Face {
  const face = FACES[index];
  if (face === undefined) throw new RangeError(`no card face at index ${index}`);
  return face;
}

export function suitOf(face: SuitedFace): Suit {
  return face[0] as Suit;
}

export function rankOf(face: SuitedFace): Rank {
  return face[1] as Rank;
}

export function rankIndex(rank: Rank): number {
  return RANKS.indexOf(rank);
}

export function makeFace(suit: Suit, rank: Rank): SuitedFace {
  return `${suit}${rank}`;
}
