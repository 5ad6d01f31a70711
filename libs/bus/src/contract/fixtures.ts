import type { Audience } from '../audience';
import type { BusMessage } from '../bus-message';

/** A text frame whose payload names its own coordinates, so a mix-up is visible in the bytes. */
export function frame(audience: Audience, matchId: string, seq: number): BusMessage {
  return { audience, matchId, seq, payload: `{"match":"${matchId}","audience":"${audience}","seq":${seq}}` };
}

/**
 * `perMatch` frames for each match, interleaved in a seeded pseudo-random order that keeps each
 * match's own order (the way several matches' producers publish concurrently in one server).
 */
export function interleavedFrames(
  audience: Audience,
  matchIds: readonly string[],
  perMatch: number,
  seed: number,
): BusMessage[] {
  const next = new Map(matchIds.map((id) => [id, 0]));
  const out: BusMessage[] = [];
  let state = seed >>> 0;
  while (out.length < matchIds.length * perMatch) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const open = matchIds.filter((id) => (next.get(id) ?? perMatch) < perMatch);
    const matchId = open[state % open.length];
    if (matchId === undefined) break;
    const seq = next.get(matchId) ?? 0;
    next.set(matchId, seq + 1);
    out.push(frame(audience, matchId, seq));
  }
  return out;
}

export function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}
