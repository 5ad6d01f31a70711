import type { AppealFiled, RulingIssued } from '@tablecast/events';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import type { FileAppealRequest } from './appeal-requests';

/**
 * Fingerprints of the arbitration requests that carry a client key (`appealId`, `rulingId`), taken
 * once from the request and once from the event it wrote. The event holds everything the request
 * decided, so a retry is checked against the log itself, across restarts, with nothing else stored.
 */
export function filingFingerprint(matchId: string, request: FileAppealRequest): string {
  return requestFingerprint({
    matchId,
    handNumber: request.handNumber,
    disputedRevisions: request.disputedRevisions,
    statement: request.statement,
    language: request.language,
    appellant: request.appellant,
    fee: request.fee.amount,
  });
}

export function filedFingerprint(filed: AppealFiled['data']): string {
  return requestFingerprint({
    matchId: filed.matchId,
    handNumber: filed.handNumber,
    disputedRevisions: filed.disputed.map((reference) => reference.revision),
    statement: filed.statement,
    language: filed.language,
    appellant: filed.appellant ?? null,
    fee: filed.fee?.amount ?? null,
  });
}

interface Vote {
  readonly memberId: string;
  readonly vote: string;
}

/**
 * A vote sheet's fingerprint: the order members are listed in does not change the sheet, and
 * GD-APL-2 makes the committee exactly the members who voted. `remedy` is the one the ruling
 * carries out (an omitted remedy of a dismissal is `appeal-dismissed`).
 */
export function rulingFingerprint(
  appealId: string,
  sheet: {
    readonly committee: readonly string[];
    readonly votes: readonly Vote[];
    readonly remedy: unknown;
    readonly reasoning: string;
  },
): string {
  return requestFingerprint({
    appealId,
    committee: [...sheet.committee].sort(),
    votes: [...sheet.votes].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
    remedy: sheet.remedy ?? null,
    reasoning: sheet.reasoning,
  });
}

export function issuedFingerprint(ruling: RulingIssued['data']): string {
  return rulingFingerprint(ruling.appealId, {
    committee: ruling.votes.map((vote) => vote.memberId),
    votes: ruling.votes,
    remedy: ruling.remedy,
    reasoning: ruling.reasoning,
  });
}
