import type { AnySkin } from '../../games/skin';
import type { Lang } from '../../lib/i18n';

/**
 * Why a lower third draws nothing for the seat it was given: the URL's `seat` (or a producer's cue)
 * names a seat the match's game has not. Staff read it in the preview; it lists the seats the game
 * has, by id and by name, so the fix is in the message.
 */
export function seatError(lang: Lang, seat: string, skin: AnySkin): string {
  const labels = skin.labels[lang];
  const seats = skin.seats.map((s) => `${s} (${labels.seats[s] ?? s})`);
  return lang === 'en'
    ? `seat=${seat} is not a seat of ${labels.name}: seat is one of ${seats.join(', ')}`
    : `seat=${seat} 不是${labels.name}的座位：seat 应为 ${seats.join('、')}`;
}
