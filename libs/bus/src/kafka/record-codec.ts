import type { Audience } from '../audience';
import type { BusMessage } from '../bus-message';

/** The record headers the bus writes. The key is the match id; the audience is the topic. */
export const SEQ_HEADER = 'tablecast-seq';
/** `text` or `binary`, so a string payload comes back a string (a websocket text frame). */
export const PAYLOAD_KIND_HEADER = 'tablecast-payload';

type HeaderValue = Buffer | string | (Buffer | string)[] | undefined;

export interface OutgoingRecord {
  readonly key: string;
  readonly value: string | Buffer;
  readonly headers: Record<string, string>;
}

/** The fields of a fetched record the bus reads (a subset of kafkajs' `KafkaMessage`). */
export interface IncomingRecord {
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers?: Readonly<Record<string, HeaderValue>>;
}

export type DecodeResult =
  { readonly ok: true; readonly message: BusMessage } | { readonly ok: false; readonly problem: string };

export function encodeRecord(message: BusMessage): OutgoingRecord {
  const kind = typeof message.payload === 'string' ? 'text' : 'binary';
  return {
    key: message.matchId,
    value: message.payload,
    headers: { [SEQ_HEADER]: String(message.seq), [PAYLOAD_KIND_HEADER]: kind },
  };
}

/** Decodes once per record per gateway; every client of the audience then gets these bytes. */
export function decodeRecord(audience: Audience, record: IncomingRecord): DecodeResult {
  if (record.key === null || record.key.length === 0)
    return { ok: false, problem: 'record has no match id key' };
  if (record.value === null) return { ok: false, problem: 'record has no payload' };
  const seqText = headerText(record.headers?.[SEQ_HEADER]);
  const seq = seqText === undefined || !/^\d+$/.test(seqText) ? Number.NaN : Number(seqText);
  if (!Number.isSafeInteger(seq)) {
    return { ok: false, problem: `record header ${SEQ_HEADER} is ${JSON.stringify(seqText)}, not a seq` };
  }
  const kind = headerText(record.headers?.[PAYLOAD_KIND_HEADER]);
  if (kind !== 'text' && kind !== 'binary') {
    return {
      ok: false,
      problem: `record header ${PAYLOAD_KIND_HEADER} is ${JSON.stringify(kind)}, not text or binary`,
    };
  }
  const payload = kind === 'text' ? record.value.toString('utf8') : record.value;
  return { ok: true, message: { audience, matchId: record.key.toString('utf8'), seq, payload } };
}

function headerText(value: HeaderValue): string | undefined {
  if (value === undefined || Array.isArray(value)) return undefined;
  return typeof value === 'string' ? value : value.toString('utf8');
}
