import type { Suit } from '@tablecast/cards/view';

/** Suit pips drawn as paths in a 100×100 box, so a card never depends on a font having ♠♥♣♦. */
export const SUIT_PATHS: Readonly<Record<Suit, string>> = {
  H: 'M50 92 C22 70 3 50 3 30 C3 13 15 4 29 4 C39 4 46 10 50 18 C54 10 61 4 71 4 C85 4 97 13 97 30 C97 50 78 70 50 92 Z',
  D: 'M50 2 L90 50 L50 98 L10 50 Z',
  S: 'M50 3 C40 20 5 38 5 60 C5 74 15 82 27 82 C37 82 44 77 47 70 C46 82 42 90 33 97 L67 97 C58 90 54 82 53 70 C56 77 63 82 73 82 C85 82 95 74 95 60 C95 38 60 20 50 3 Z',
  C: 'M50 6 A21 21 0 1 0 50 48 A21 21 0 1 0 50 6 Z M27 38 A21 21 0 1 0 27 80 A21 21 0 1 0 27 38 Z M73 38 A21 21 0 1 0 73 80 A21 21 0 1 0 73 38 Z M45 50 L55 50 Q56 84 68 97 L32 97 Q44 84 45 50 Z',
};

/** A five-pointed star for the joker's centre. */
export const STAR_PATH = 'M50 4 L61 37 L96 37 L68 58 L79 92 L50 71 L21 92 L32 58 L4 37 L39 37 Z';
