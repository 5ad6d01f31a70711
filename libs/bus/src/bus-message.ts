import { isAudience, type Audience } from './audience';
import { InvalidBusMessageError } from './errors';

/**
 * Already encoded bytes of one feed frame. The feed producer encodes once per audience; the
 * gateway sends exactly these bytes to every client of the audience (a string as a text frame,
 * a Buffer as a binary frame), so nothing is ever encoded per client.
 */
export type BusPayload = string | Buffer;

/** One already-redacted, already-released frame of one match's feed for one audience. */
export interface BusMessage {
  readonly audience: Audience;
  readonly matchId: string;
  /** The feed's sequence number for (matchId, audience); the gateway resumes clients by it. */
  readonly seq: number;
  readonly payload: BusPayload;
}

/**
 * What every adapter checks before a message reaches anyone: the error naming the bad field, or
 * undefined. Publishers are typed, but frames cross process boundaries and JSON, so check anyway.
 */
export function findBusMessageProblem(message: BusMessage): InvalidBusMessageError | undefined {
  const problem = busMessageProblem(message);
  // The message's description is built only for a bad message: the valid path is every frame.
  return problem === undefined
    ? undefined
    : new InvalidBusMessageError(`${problem} (${describeBusMessage(message)})`);
}

function busMessageProblem(message: BusMessage): string | undefined {
  if (typeof message.audience !== 'string' || !isAudience(message.audience))
    return `unknown audience ${JSON.stringify(message.audience)}`;
  if (typeof message.matchId !== 'string' || message.matchId.length === 0)
    return 'match id must be a non-empty string';
  if (!Number.isSafeInteger(message.seq) || message.seq < 0) return 'seq must be a non-negative safe integer';
  if (typeof message.payload !== 'string' && !Buffer.isBuffer(message.payload))
    return 'payload must be an encoded string or Buffer';
  return undefined;
}

/** `match m-1 venue seq 4`, for error messages; safe on malformed messages too. */
export function describeBusMessage(message: BusMessage): string {
  return `match ${field(message.matchId)} ${field(message.audience)} seq ${field(message.seq)}`;
}

function field(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
