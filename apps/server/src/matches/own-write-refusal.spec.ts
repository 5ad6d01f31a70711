import {
  AppendTooLargeError,
  InvalidEventError,
  LeaseFencedError,
  LogUnavailableError,
  StreamDeletedError,
  StreamHeadMismatchError,
} from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import { ControlStandbyError } from '../singletons/standby-error';
import { logBusyError } from '../testing/failing-appends';
import { MatchNotFoundError, RuleViolationError, StaleRevisionError } from './match.errors';
import { ownWriteBackoffMs, ownWriteRefusal } from './own-write-refusal';

describe('a refusal of a write the server makes on its own (a turn clock default, a board reveal)', () => {
  it('is stale when a move came first, and names the rule ID when a rule refused it', () => {
    expect(ownWriteRefusal(new StaleRevisionError('m1', 3, 4))).toEqual({ kind: 'stale' });
    expect(ownWriteRefusal(new RuleViolationError('TC-CORR-4', 'waiting for the referee', '待裁判'))).toEqual(
      {
        kind: 'rule',
        rule: 'TC-CORR-4',
      },
    );
  });

  it('is temporary, and sent again, when the log was busy, unavailable or failed underneath', () => {
    expect(ownWriteRefusal(logBusyError())).toEqual({ kind: 'temporary' });
    expect(ownWriteRefusal(new ControlStandbyError('reveal'))).toEqual({ kind: 'temporary' });
    expect(
      ownWriteRefusal(new LogUnavailableError('KurrentDB kurrentdb://node-1:2113', 'notLeader', 1)),
    ).toEqual({
      kind: 'temporary',
    });
    expect(ownWriteRefusal(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }))).toEqual({
      kind: 'temporary',
    });
  });

  it('is final for an answer waiting does not change: another 4xx, a fenced lease (TC-SCALE-1), an invalid event, a tampered head, a deleted stream, a batch over the append size', () => {
    const lease = { name: 'control', owner: 'p1', token: 1, expiresAt: 0 };
    expect(ownWriteRefusal(new MatchNotFoundError('m1'))).toEqual({ kind: 'final', reason: 'notFound' });
    expect(ownWriteRefusal(new LeaseFencedError(lease, 'taken over', undefined))).toEqual({
      kind: 'final',
      reason: 'leaseFenced',
    });
    expect(ownWriteRefusal(new InvalidEventError([]))).toEqual({ kind: 'final', reason: 'invalidEvent' });
    expect(ownWriteRefusal(new StreamHeadMismatchError('match-m1', undefined, undefined))).toEqual({
      kind: 'final',
      reason: 'streamHeadMismatch',
    });
    expect(ownWriteRefusal(new StreamDeletedError('match-m1'))).toEqual({
      kind: 'final',
      reason: 'streamDeleted',
    });
    expect(ownWriteRefusal(new AppendTooLargeError('match-m1', 1_048_576))).toEqual({
      kind: 'final',
      reason: 'appendTooLarge',
    });
  });

  it('is sent again after 250 ms, doubling with each failure, never more than 5 s apart', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(ownWriteBackoffMs)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });
});
