import { expect } from 'vitest';
import type { FeedSpectator } from './feed-spectator';

/** A match's disclosure ledger as /disclosures answers it: each frame's audience, seq and times. */
export interface DisclosureLedger {
  entries: { audience: string; seq: number; recordedAt: string | null; releasedAt: number }[];
}

/** The match's disclosure ledger on the server at `url`, read as the arbiter. */
export async function disclosureLedger(
  url: string,
  matchId: string,
  arbiterToken: string,
): Promise<DisclosureLedger> {
  const response = await fetch(`${url}/api/matches/${matchId}/disclosures`, {
    headers: { authorization: `Bearer ${arbiterToken}` },
  });
  return (await response.json()) as DisclosureLedger;
}

/**
 * No early release: the ledger's release of each delayed (broadcast) frame, at least
 * `minEntries` of them, and each one's arrival at the broadcast spectator are both at least
 * `delayMs` after the event was recorded.
 */
export function expectNoEarlyRelease(
  ledger: DisclosureLedger,
  broadcast: FeedSpectator,
  delayMs: number,
  minEntries: number,
): void {
  const broadcastEntries = ledger.entries.filter(
    (entry) => entry.audience === 'broadcast' && entry.recordedAt,
  );
  expect(broadcastEntries.length).toBeGreaterThan(minEntries);
  for (const entry of broadcastEntries) {
    expect(entry.releasedAt - Date.parse(entry.recordedAt ?? '')).toBeGreaterThanOrEqual(delayMs);
  }
  for (const { frame, at } of broadcast.frames) {
    const recordedAt = frame.event?.recordedAt ?? frame.view?.asOf;
    if (recordedAt !== undefined) expect(at - Date.parse(recordedAt)).toBeGreaterThanOrEqual(delayMs);
  }
}

/**
 * One sequence: the spectator got every seq of the audience once, in order, from 1 to the
 * ledger's last.
 */
export function expectOneSequence(
  ledger: DisclosureLedger,
  audience: string,
  spectator: FeedSpectator,
): void {
  const seqs = spectator.frames.map((f) => f.frame.seq);
  expect(seqs, audience).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  const recorded = ledger.entries.filter((entry) => entry.audience === audience);
  expect(Math.max(...recorded.map((entry) => entry.seq)), audience).toBe(seqs.length);
}
