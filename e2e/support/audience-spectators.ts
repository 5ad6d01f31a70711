import { disclosureLedger, expectOneSequence } from './disclosure-ledger';
import { feedSpectator, revisionOf, type FeedSpectator } from './feed-spectator';
import { until } from './until';

/** The audiences of a match's feed. */
export const AUDIENCES = ['staff', 'venue', 'broadcast'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A spectator of each audience of the match on the server at `url` (staff with `refereeToken`). */
export async function audienceSpectators(
  url: string,
  options: { readonly matchId: string; readonly refereeToken: string },
): Promise<Record<Audience, FeedSpectator>> {
  return Object.fromEntries(
    await Promise.all(
      AUDIENCES.map(
        async (audience) => [audience, await feedSpectator(url, { ...options, audience })] as const,
      ),
    ),
  ) as Record<Audience, FeedSpectator>;
}

/**
 * Every audience to the match's end: waits until each spectator has the frame of `last`, the match's
 * last revision, then checks each got one sequence against the match's disclosure ledger on the
 * server at `ledger.url` (read as the arbiter), and closes them.
 */
export async function expectEveryAudienceToTheEnd(
  spectators: Record<Audience, FeedSpectator>,
  last: number,
  ledger: { readonly url: string; readonly matchId: string; readonly arbiterToken: string },
): Promise<void> {
  for (const audience of AUDIENCES) {
    await until(
      () => spectators[audience].frames.some((f) => revisionOf(f.frame) === last),
      `the last ${audience} frame`,
    );
  }
  const entries = await disclosureLedger(ledger.url, ledger.matchId, ledger.arbiterToken);
  for (const audience of AUDIENCES) expectOneSequence(entries, audience, spectators[audience]);
  for (const spectator of Object.values(spectators)) spectator.socket.close();
}
