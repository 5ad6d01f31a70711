import type { RuleError } from './result';

/** Five minutes after the next round's pairing is published (003 三 (五) 7). */
export const DATA_ENTRY_WINDOW_MS = 5 * 60 * 1000;

/**
 * TRN-SWISS-9: whether a score correction may still be made. Times are epoch milliseconds, given
 * by the caller (the library reads no clock).
 * - a scoring error: raised at the table before the players leave it (`playersLeftAt`);
 * - a data-entry error: within 5 minutes after the next round's pairing is published
 *   (`nextPairingPublishedAt`; open while it is not published).
 * A correction that is allowed still never changes a published pairing: the caller re-scores,
 * it does not re-pair.
 */
export function correctionAllowed(request: {
  readonly kind: 'scoring' | 'dataEntry';
  readonly now: number;
  readonly playersLeftAt?: number;
  readonly nextPairingPublishedAt?: number;
}): { readonly ok: true } | RuleError {
  switch (request.kind) {
    case 'scoring':
      if (request.playersLeftAt !== undefined && request.now >= request.playersLeftAt)
        return {
          ok: false,
          rule: 'TRN-SWISS-9',
          message: 'a scoring error must be raised at the table before the players leave',
        };
      return { ok: true };
    case 'dataEntry':
      if (
        request.nextPairingPublishedAt !== undefined &&
        request.now > request.nextPairingPublishedAt + DATA_ENTRY_WINDOW_MS
      )
        return {
          ok: false,
          rule: 'TRN-SWISS-9',
          message:
            "a data-entry error must be raised within 5 minutes after the next round's pairing is published",
        };
      return { ok: true };
  }
}
