import type { Face } from '@tablecast/cards';

/** Cards from rank symbols, suits assigned in turn (`BJ`/`RJ` are the jokers). */
export function cardsOf(ranks: string): Face[] {
  const used = new Map<string, number>();
  return ranks
    .split(' ')
    .filter((r) => r !== '')
    .map((rank) => {
      if (rank === 'BJ' || rank === 'RJ') return rank;
      const n = used.get(rank) ?? 0;
      used.set(rank, n + 1);
      return `${'SHCD'[n] ?? 'S'}${rank}` as Face;
    });
}
