import { hash } from 'node:crypto';
import type { EventMetadata } from '@tablecast/events';
import { canonicalJson, quoteJson } from './canonical-json';

/** Everything an event's hash covers. The global position is left out on purpose (see docs/events.md). */
export interface HashedFields {
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Omit<EventMetadata, 'hash'>;
}

/** The exact bytes that are hashed, for anyone re-implementing the check. */
export function hashInput(event: HashedFields): string {
  const { metadata } = event;
  return canonicalJson({
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: {
      eventId: metadata.eventId,
      correlationId: metadata.correlationId,
      causationId: metadata.causationId,
      actor: { id: metadata.actor.id, role: metadata.actor.role },
      recordedAt: metadata.recordedAt,
      schemaVersion: metadata.schemaVersion,
      prevHash: metadata.prevHash,
    },
  });
}

const str = quoteJson;
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** Whether the envelope's fields are the plain strings and integers the fast encoder below assumes. */
export function usualFields(event: HashedFields): boolean {
  const m = event.metadata;
  const causation = m.causationId;
  const prev = m.prevHash;
  return (
    isString(event.stream) &&
    isInteger(event.revision) &&
    isString(event.type) &&
    isString(m.eventId) &&
    isString(m.correlationId) &&
    (causation === null || isString(causation)) &&
    isString(m.actor.id) &&
    isString(m.actor.role) &&
    isString(m.recordedAt) &&
    isInteger(m.schemaVersion) &&
    (prev === null || isString(prev))
  );
}

/** An event encoded once for both uses: the bytes its hash covers, and the SQLite store's row text. */
export interface EncodedEvent {
  readonly hashInput: string;
  /**
   * `[data, eventId, correlationId, causationId, actorId, actorRole, recordedAt, schemaVersion,
   * prevHash]` as JSON, data canonical: the envelope without keys, because JSON.parse of an array
   * is markedly cheaper than of an object with the same values (a replay parses one per event).
   */
  readonly envelope: string;
}

export const nullable = (text: string | null): string => (text === null ? 'null' : str(text));

/**
 * quoteJson remembering its last answer: the events of a batch share their stream and usually
 * their type, actor and recorded-at, so most of these quotes are a string comparison.
 */
class LastQuoted {
  private text = '';
  private quoted = '""';

  of(text: string): string {
    if (text !== this.text) {
      this.quoted = str(text);
      this.text = text;
    }
    return this.quoted;
  }
}

const quoted = {
  stream: new LastQuoted(),
  type: new LastQuoted(),
  actorId: new LastQuoted(),
  actorRole: new LastQuoted(),
  recordedAt: new LastQuoted(),
};

/**
 * hashInput with `data` already canonical, and the stored envelope from the same quoted fields:
 * the append path encodes each value once. Falls back to the generic encoder for anything unusual
 * (a tampered row), so both always agree (property-tested in hash.spec.ts).
 */
export function encodeEvent(event: HashedFields, canonicalData: string): EncodedEvent {
  const m = event.metadata;
  if (!usualFields(event)) {
    // canonicalJson writes an undefined array item (a missing field) as null, as JSON.stringify does.
    const fields: unknown[] = [m.eventId, m.correlationId, m.causationId, m.actor.id, m.actor.role];
    const rest = canonicalJson([...fields, m.recordedAt, m.schemaVersion, m.prevHash]).slice(1);
    return { hashInput: hashInput(event), envelope: `[${canonicalData},${rest}` };
  }
  const eventId = str(m.eventId);
  const correlation = str(m.correlationId);
  const causation = nullable(m.causationId);
  const actorId = quoted.actorId.of(m.actor.id);
  const actorRole = quoted.actorRole.of(m.actor.role);
  const recordedAt = quoted.recordedAt.of(m.recordedAt);
  const prev = nullable(m.prevHash);
  return {
    hashInput:
      `{"data":${canonicalData},"metadata":{"actor":{"id":${actorId},"role":${actorRole}},` +
      `"causationId":${causation},"correlationId":${correlation},"eventId":${eventId},` +
      `"prevHash":${prev},"recordedAt":${recordedAt},"schemaVersion":${m.schemaVersion}},` +
      `"revision":${event.revision},"stream":${quoted.stream.of(event.stream)},"type":${quoted.type.of(event.type)}}`,
    envelope:
      `[${canonicalData},${eventId},${correlation},${causation},${actorId},${actorRole},` +
      `${recordedAt},${m.schemaVersion},${prev}]`,
  };
}

/** hashInput with `data` already canonical (see encodeEvent). */
export function hashInputWithData(event: HashedFields, canonicalData: string): string {
  return encodeEvent(event, canonicalData).hashInput;
}

/** One-shot `crypto.hash` (Node ≥ 20.12): no Hash object per event, about a third cheaper. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export function eventHash(event: HashedFields): string {
  return sha256Hex(hashInputWithData(event, canonicalJson(event.data)));
}
