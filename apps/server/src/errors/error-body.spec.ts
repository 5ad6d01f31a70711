import {
  AppendTooLargeError,
  InvalidEventError,
  LogUnavailableError,
  StreamDeletedError,
  WrongExpectedRevisionError,
} from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppealAlreadyRuledError, AppealNotFoundError } from '../arbitration/arbitration.errors';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import {
  CommandForbiddenError,
  MatchExistsError,
  MatchNotFoundError,
  RuleViolationError,
  StaleRevisionError,
} from '../matches/match.errors';
import { ObsRequestError, ObsUnavailableError } from '../obs/obs.errors';
import { RundownConflictError, RundownInputError } from '../producer/rundown.errors';
import { retryAfterSeconds, toErrorBody } from './error-body';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from './edge-errors';
import { RequestValidationError } from './request-validation.error';

/** The body as it goes on the wire: key order matters to a client that stored or compared one. */
const wire = (error: unknown): string | undefined => {
  const body = toErrorBody(error);
  return body === undefined ? undefined : JSON.stringify(body);
};

describe('the error kernel: one body per kind, byte for byte what the routes answered', () => {
  it('400 names every field, for the edge and for the event store alike', () => {
    expect(wire(new RequestValidationError([{ path: 'revision', message: 'Required' }]))).toBe(
      '{"statusCode":400,"error":"BadRequest","message":"revision: Required","issues":[{"path":"revision","message":"Required"}]}',
    );
    expect(wire(new InvalidEventError([{ path: 'data.seat', message: 'bad seat' }]))).toBe(
      '{"statusCode":400,"error":"BadRequest","message":"invalid event: data.seat: bad seat","issues":[{"path":"data.seat","message":"bad seat"}]}',
    );
    expect(wire(new RundownInputError('items.1.id', 'duplicate id x'))).toBe(
      '{"statusCode":400,"error":"BadRequest","message":"items.1.id: duplicate id x","issues":[{"path":"items.1.id","message":"duplicate id x","code":"duplicate"}]}',
    );
  });

  it('401 and 403: no token, a role or a table that may not', () => {
    expect(wire(new UnauthenticatedError('unknown token'))).toBe(
      '{"statusCode":401,"error":"Unauthorized","message":"unknown token"}',
    );
    expect(wire(new ForbiddenError('role referee may not do this; allowed: arbiter'))).toBe(
      '{"statusCode":403,"error":"Forbidden","message":"role referee may not do this; allowed: arbiter"}',
    );
    expect(wire(new CommandForbiddenError('operator:t2 may not read table t1'))).toBe(
      '{"statusCode":403,"error":"Forbidden","message":"operator:t2 may not read table t1"}',
    );
  });

  it('404 for a match, an appeal, a page or an OBS resource that is not there', () => {
    expect(wire(new MatchNotFoundError('m1'))).toBe(
      '{"statusCode":404,"error":"NotFound","message":"match m1 does not exist"}',
    );
    expect(wire(new AppealNotFoundError('A1'))).toBe(
      '{"statusCode":404,"error":"NotFound","message":"appeal A1 does not exist"}',
    );
    expect(wire(new NotFoundError('no connected overlay page p1'))).toBe(
      '{"statusCode":404,"error":"NotFound","message":"no connected overlay page p1"}',
    );
    expect(
      toErrorBody(new ObsRequestError('main', 'SetCurrentSceneTransition', 600, 'no Swirl')),
    ).toMatchObject({
      statusCode: 404,
    });
  });

  it('409: a stale revision carries the current one, a reused key names its field', () => {
    expect(wire(new StaleRevisionError('m1', 3, 5))).toBe(
      '{"statusCode":409,"error":"StaleRevision","message":"match m1 is at revision 5, the command was made against 3","currentRevision":5}',
    );
    expect(toErrorBody(new IdempotencyKeyReusedError('idempotencyKey', 'k1'))).toMatchObject({
      statusCode: 409,
      error: 'IdempotencyKeyReused',
      issues: [{ path: 'idempotencyKey', message: 'already used for a different request' }],
    });
    expect(wire(new MatchExistsError('m1'))).toBe(
      '{"statusCode":409,"error":"Conflict","message":"match m1 already exists"}',
    );
    expect(toErrorBody(new AppealAlreadyRuledError('A1', 'R1'))).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
    });
    expect(toErrorBody(new WrongExpectedRevisionError('match-m1', 3, 5))).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
    });
    // The conflict's code beside the label: the dashboard words the refusal from it.
    expect(wire(new RundownConflictError('rundownStale', 'rundown revision 0 is stale; it is at 1', 1))).toBe(
      '{"statusCode":409,"error":"Conflict","code":"rundownStale","message":"rundown revision 0 is stale; it is at 1","currentRevision":1}',
    );
  });

  it('422 leads with the rule ID and carries the Chinese message', () => {
    expect(wire(new RuleViolationError('GD-PLAY-2', 'not your turn', '还没轮到你'))).toBe(
      '{"statusCode":422,"error":"RuleViolation","rule":"GD-PLAY-2","message":"not your turn","messageZh":"还没轮到你"}',
    );
  });

  it('502 when OBS refused, 503 when it is down', () => {
    expect(toErrorBody(new ObsRequestError('main', 'SetCurrentProgramScene', 601, 'busy'))).toMatchObject({
      statusCode: 502,
      error: 'BadGateway',
    });
    expect(wire(new ObsUnavailableError('backup', 'OBS "backup" is not connected'))).toBe(
      '{"statusCode":503,"error":"ServiceUnavailable","message":"OBS \\"backup\\" is not connected"}',
    );
  });

  it('503 with a Retry-After when the event log was busy past its wait; any other SQLite failure is not a refusal', () => {
    const busy = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    expect(wire(busy)).toBe(
      '{"statusCode":503,"error":"ServiceUnavailable","code":"logBusy","message":"the event log is busy: another writer held its write lock past the wait; nothing was written, send the same request again"}',
    );
    expect(retryAfterSeconds(busy)).toBe(1);
    expect(retryAfterSeconds(new Database.SqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT'))).toBe(1);
    const io = new Database.SqliteError('disk I/O error', 'SQLITE_IOERR');
    expect(toErrorBody(io)).toBeUndefined();
    expect(retryAfterSeconds(io)).toBeUndefined();
    expect(retryAfterSeconds(new ObsUnavailableError('main', 'OBS "main" is not connected'))).toBeUndefined();
  });

  it("503 with the store's own Retry-After when the event store cannot be reached; 409 for a deleted stream, 413 for a batch over its append size", () => {
    const notLeader = new LogUnavailableError('KurrentDB kurrentdb://***@node-1:2113', 'notLeader', 1);
    expect(wire(notLeader)).toBe(
      '{"statusCode":503,"error":"ServiceUnavailable","code":"logUnavailable","message":"KurrentDB kurrentdb://***@node-1:2113 is unavailable (notLeader): the request was not done, send the same request again"}',
    );
    expect(retryAfterSeconds(notLeader)).toBe(1);
    expect(retryAfterSeconds(new LogUnavailableError('KurrentDB', 'unavailable', 2))).toBe(2);
    expect(wire(new StreamDeletedError('match-m1'))).toBe(
      '{"statusCode":409,"error":"Conflict","code":"streamDeleted","message":"stream match-m1 was deleted in the event store; nothing was written"}',
    );
    expect(retryAfterSeconds(new StreamDeletedError('match-m1'))).toBeUndefined();
    // A read of it is no conflict: the stream is gone for good (410).
    expect(JSON.stringify(toErrorBody(new StreamDeletedError('match-m1'), 'read'))).toBe(
      '{"statusCode":410,"error":"Gone","code":"streamDeleted","message":"stream match-m1 was deleted in the event store; it cannot be read"}',
    );
    expect(wire(new AppendTooLargeError('match-m1', undefined))).toBe(
      '{"statusCode":413,"error":"PayloadTooLarge","code":"appendTooLarge","message":"the batch for stream match-m1 is larger than the event store takes in one append; nothing was written"}',
    );
  });

  it('anything else is not a refusal: the edge answers 500 and logs it', () => {
    expect(toErrorBody(new Error('bug'))).toBeUndefined();
    expect(toErrorBody('thrown string')).toBeUndefined();
  });
});
