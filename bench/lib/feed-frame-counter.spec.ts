import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FeedFrameCounter } from './feed-frame-counter';

/** `ws`'s own frame encoder (the server side's), so the counter is checked against real frames. */
const { frame } = (createRequire(import.meta.url)('ws') as { Sender: { frame: FrameFn } }).Sender;
type FrameFn = (
  data: Buffer,
  options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean },
) => Buffer[];
const encode = (payload: string | Buffer, opcode = 1, fin = true, mask = false): Buffer =>
  Buffer.concat(
    frame(Buffer.isBuffer(payload) ? payload : Buffer.from(payload), { fin, opcode, mask, readOnly: true }),
  );

const PREFIX = Buffer.from('{"type":"feed"', 'latin1');
const feed = (seq: number, padding = 1250): string =>
  JSON.stringify({ type: 'feed', seq, view: { padding: 'x'.repeat(padding) } });

/** A gateway's stream: hello, the subscribe ack, the snapshot, then live feed frames and a ping. */
function stream(): Buffer {
  return Buffer.concat([
    encode(JSON.stringify({ type: 'hello' })),
    encode(JSON.stringify({ type: 'subscribed', matchId: 'm' })),
    encode(feed(0)),
    encode(feed(1, 10)),
    encode(Buffer.alloc(0), 0x9),
    encode(feed(2, 200)),
    encode(feed(3, 70_000)),
    encode(feed(4)),
  ]);
}

function count(chunks: readonly Buffer[], skip = 1): number {
  const counter = new FeedFrameCounter(PREFIX, skip);
  for (const chunk of chunks) counter.push(chunk);
  return counter.frames;
}

describe('FeedFrameCounter', () => {
  it('counts the feed frames of one chunk, after the snapshot, and no other message', () => {
    expect(count([stream()])).toBe(4);
    expect(count([stream()], 0)).toBe(5);
  });

  it('counts the same wherever the stream is cut in two (inside a header, the prefix, a payload)', () => {
    const bytes = stream();
    // Every cut in the first 1,600 bytes (hello, ack, the snapshot's header, prefix and payload,
    // the next frame's header) and around the 64-bit-length frame.
    const big = bytes.indexOf(Buffer.from(feed(3, 70_000)));
    const cuts = [
      ...Array.from({ length: 1_600 }, (_, i) => i + 1),
      ...[-12, -10, -3, -2, -1, 0, 5, 13, 14, 15, 70_040].map((d) => big + d),
    ];
    for (const cut of cuts) {
      expect(count([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${String(cut)}`).toBe(4);
    }
  });

  it('counts the same when the stream comes one byte at a time or in uneven chunks', () => {
    const bytes = stream();
    expect(count(Array.from(bytes, (b) => Buffer.from([b])))).toBe(4);
    const chunks: Buffer[] = [];
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 3) % 1_531) {
      chunks.push(bytes.subarray(at, at + size));
    }
    expect(count(chunks)).toBe(4);
  });

  it('reads a reused buffer only up to the end it is given', () => {
    const bytes = stream();
    const reused = Buffer.alloc(4_096, 0x81);
    const counter = new FeedFrameCounter(PREFIX, 1);
    for (let at = 0; at < bytes.length; at += 1_000) {
      const end = bytes.copy(reused, 0, at, at + 1_000);
      counter.push(reused, end);
    }
    expect(counter.frames).toBe(4);
  });

  it('does not count a text frame that merely contains the prefix, a binary frame or a continuation', () => {
    const bytes = Buffer.concat([
      encode(feed(0)),
      encode(` ${feed(1)}`),
      encode(feed(2), 2),
      encode(feed(3).slice(0, 100), 1, false),
      encode(feed(4), 0, true),
      encode('{"type":"fe'),
      encode(feed(5)),
    ]);
    // The split message (frames 3 and 4) counts once, by its first frame.
    expect(count([bytes])).toBe(2);
  });

  it('refuses a masked frame: a server must not mask (RFC 6455 5.1)', () => {
    expect(() => count([encode(feed(0), 1, true, true)])).toThrow(/masked/);
  });
});
