import { randomFillSync } from 'node:crypto';

/** UUIDs made per refill: one CSPRNG call and one string for this many events. */
const BLOCK = 128;
const UUID_LENGTH = 36;
const HEX = Buffer.from('0123456789abcdef', 'latin1');

const random = new Uint8Array(16 * BLOCK);
const text = Buffer.allocUnsafe(UUID_LENGTH * BLOCK);
let block = '';
let next = BLOCK;

/** Writes BLOCK version-4 UUIDs (RFC 9562 §5.4) from fresh random bytes into one string. */
function refill(): void {
  randomFillSync(random);
  let out = 0;
  for (let at = 0; at < random.length; at += 16) {
    random[at + 6] = ((random[at + 6] ?? 0) & 0x0f) | 0x40;
    random[at + 8] = ((random[at + 8] ?? 0) & 0x3f) | 0x80;
    for (let i = 0; i < 16; i += 1) {
      if (i === 4 || i === 6 || i === 8 || i === 10) text[out++] = 0x2d;
      const byte = random[at + i] ?? 0;
      text[out++] = HEX[byte >> 4] ?? 0;
      text[out++] = HEX[byte & 15] ?? 0;
    }
  }
  block = text.toString('latin1');
  next = 0;
}

/**
 * A random version-4 UUID, the id the store gives an event whose writer supplied none: the same
 * kind and source of randomness as `crypto.randomUUID` (which also draws 128 at a time), but
 * each id is a slice of one flat string. randomUUID joins an id from 20 pieces, which V8 then
 * copies into one string when the id is first quoted, hashed or stored: the two together measured
 * about 0.9 µs per event, this about 0.2 (a tenth of a batched append).
 */
export function randomEventId(): string {
  if (next === BLOCK) refill();
  const at = next * UUID_LENGTH;
  next += 1;
  return block.slice(at, at + UUID_LENGTH);
}
