import {
  AppendTooLargeError,
  LogUnavailableError,
  StreamDeletedError,
  type LogUnavailableReason,
} from '../errors';
import { kurrentClient } from './client-library';

/**
 * How long a client waits before resending, per reason: a follower reached or an election under
 * way settles within a second or two (the client reconnects to the leader the error names); a
 * store that cannot be reached at all is given a little longer.
 */
export const RETRY_AFTER_SECONDS: Readonly<Record<LogUnavailableReason, number>> = {
  notLeader: 1,
  deadlineExceeded: 1,
  unavailable: 2,
};

/** The client's message when gossip discovery (a `+discover` connection string) found no node. */
const DISCOVERY_FAILED = /^Failed to discover after \d+ attempts\.$/;

/**
 * The client library's errors as the store-neutral ones the server maps (503, 409, 413); any other
 * error is returned as it is. `store` names the log (its description, without credentials); `stream`
 * is the stream the call was about, when it was about one.
 */
export function storeError(error: unknown, store: string, stream?: string): unknown {
  const client = kurrentClient();
  const unavailable = (reason: LogUnavailableReason): LogUnavailableError =>
    new LogUnavailableError(store, reason, RETRY_AFTER_SECONDS[reason], { cause: error });
  if (error instanceof client.NotLeaderError) return unavailable('notLeader');
  if (error instanceof client.UnavailableError) return unavailable('unavailable');
  // The client names a call the server aborted for taking too long (gRPC ABORTED) a TimeoutError.
  if (error instanceof client.DeadlineExceededError || error instanceof client.TimeoutError)
    return unavailable('deadlineExceeded');
  if (error instanceof Error && DISCOVERY_FAILED.test(error.message)) return unavailable('unavailable');
  if (error instanceof client.StreamDeletedError) return new StreamDeletedError(stream ?? error.streamName);
  if (error instanceof client.StreamTombstonedError) return new StreamDeletedError(stream ?? error.stream);
  if (error instanceof client.MaxAppendSizeExceededError)
    return new AppendTooLargeError(
      stream ?? '',
      Number.isFinite(error.maxAppendSize) ? error.maxAppendSize : undefined,
    );
  if (error instanceof client.AppendRecordSizeExceededError)
    return new AppendTooLargeError(stream ?? error.stream, error.maxSize);
  if (error instanceof client.TransactionMaxSizeExceededError)
    return new AppendTooLargeError(stream ?? '', error.maxSize);
  return error;
}
