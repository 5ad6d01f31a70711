import type { MatchView } from '@tablecast/protocol';
import type { GuandanOnAir } from './on-air-words';

/**
 * The scorebug's format progress: deals left of a 计副制 game (GD-FMT-2), time left on the game
 * clock of a timed one (GD-FMT-3), both for 计时计副制 (GD-FMT-4); nothing for 计局制 (GD-FMT-1),
 * whose progress is the levels themselves, nor once the game has ended. Deals left are those not
 * yet begun. The delayed feeds show the table as it was `delayMs` ago, so their clock runs against
 * now minus the delay, as the action clock does.
 */
export function formatProgress(
  view: MatchView,
  nowMs: number,
  delayMs: number,
  text: GuandanOnAir,
): string | null {
  const format = view.format;
  if (format === null || view.result !== null) return null;
  const parts: string[] = [];
  if (format.deals !== null) {
    const left = Math.max(0, format.deals - (view.hand?.number ?? view.handsPlayed));
    parts.push(left === 0 ? text.format.lastDeal : text.format.dealsLeft(left));
  }
  if (format.minutes !== null && format.startsAt !== null) {
    const msLeft = Date.parse(format.startsAt) + format.minutes * 60_000 - (nowMs - delayMs);
    parts.push(
      format.timeCalled || msLeft <= 0 ? text.format.timeUp : text.format.timeLeft(clockText(msLeft)),
    );
  }
  return parts.length === 0 ? null : parts.join(' · ');
}

/** `m:ss`, whole seconds rounded up (the clock shows 0:00 only when time is up). */
function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}
