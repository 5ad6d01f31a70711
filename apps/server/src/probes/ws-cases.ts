import fc from 'fast-check';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { KNOWN } from './http-cases';

/** One fuzzed websocket frame: text, or bytes sent as a binary frame. */
export type WsFrame = { readonly text: string } | { readonly binary: Uint8Array };

const TYPES = ['ping', 'authenticate', 'command', 'subscribe', 'unsubscribe', 'announce'] as const;

/** Frames shaped like the protocol's, so a mutation of one field reaches the schema's depths. */
const TEMPLATES: readonly Record<string, unknown>[] = [
  { type: 'ping', nonce: 'n1' },
  { type: 'authenticate', token: TEST_TOKENS.referee },
  { type: 'authenticate', token: 'not-a-token-of-this-server' },
  {
    type: 'command',
    requestId: 'r1',
    matchId: KNOWN.matchId,
    request: { revision: 2, idempotencyKey: 'ws-fuzz-key-1', command: { type: 'Pass', seat: 'S' } },
  },
  { type: 'subscribe', matchId: KNOWN.matchId, audience: 'venue', lastSeq: 0 },
  { type: 'subscribe', matchId: KNOWN.matchId, audience: 'staff' },
  { type: 'unsubscribe', matchId: KNOWN.matchId },
  { type: 'announce', page: 'scorebug', build: 'b1', matchId: KNOWN.matchId },
];

/** A string of up to a few KB: big for a protocol whose fields are ids and short texts. */
const hugeish = fc.nat({ max: 4_000 }).map((n) => 'x'.repeat(n));

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hugeish,
  fc.constantFrom(null, -1, 1e308, '', [], {}),
);

const mutated: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...TEMPLATES), anyValue, fc.nat(), fc.nat(), fc.boolean())
  .map(([template, value, pick, deep, drop]) => {
    const copy = structuredClone(template);
    const keys = Object.keys(copy);
    const key = keys[pick % keys.length] ?? 'x';
    const inner = copy[key];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && deep % 2 === 0) {
      const innerKeys = Object.keys(inner);
      const innerKey = innerKeys[deep % Math.max(1, innerKeys.length)] ?? 'x';
      (inner as Record<string, unknown>)[innerKey] = value;
    } else if (drop) Reflect.deleteProperty(copy, key);
    else copy[key] = value;
    return JSON.stringify(copy);
  });

export const wsFrame: fc.Arbitrary<WsFrame> = fc.oneof(
  { arbitrary: mutated.map((text) => ({ text })), weight: 5 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ text: JSON.stringify(value) })), weight: 2 },
  { arbitrary: fc.string({ maxLength: 300 }).map((text) => ({ text })), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.oneof(fc.string({ maxLength: 50 }), hugeish, fc.constantFrom(...TYPES)), anyValue)
      .map(([type, extra]) => ({ text: JSON.stringify({ type, extra }) })),
    weight: 2,
  },
  { arbitrary: fc.uint8Array({ maxLength: 512 }).map((binary) => ({ binary })), weight: 1 },
  {
    arbitrary: fc
      .nat({ max: 5_000 })
      .map((depth) => ({ text: '{"type":' + '['.repeat(depth) + ']'.repeat(depth) + '}' })),
    weight: 1,
  },
  { arbitrary: mutated.map((text) => ({ text: text.slice(0, Math.max(1, text.length - 2)) })), weight: 1 },
);
