import { positionOf, type RecordedEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchProjection } from './match-projection';
import { ProjectionDb, ProjectionsFencedError } from './projection-db';

/** An event of no match (a tournament's): applying it moves only the checkpoint a flush writes. */
const eventAt = (sequence: number): RecordedEvent<TablecastEvent> =>
  ({
    stream: 'tournament-cup',
    revision: sequence,
    position: positionOf(sequence),
    type: 'TournamentNoted',
    data: {},
    metadata: { recordedAt: '2026-01-01T00:00:00.000Z', actor: { id: 'test', role: 'system' } },
  }) as unknown as RecordedEvent<TablecastEvent>;

/**
 * TC-SCALE-1: two projectors' connections on one shared projections.sqlite. Whoever claimed the
 * file with the later lease token is the only one whose writes go in; the other's are refused
 * whole, and a rebuild (reset) leaves no projector's claim standing.
 */
describe('ProjectionDb writer fence on a shared file (TC-SCALE-1)', () => {
  let dir: string;
  let former: ProjectionDb;
  let successor: ProjectionDb;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tablecast-projection-fence-'));
    former = new ProjectionDb(dir);
    successor = new ProjectionDb(dir);
  });

  afterEach(() => {
    former.close();
    successor.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: a former projector flushing after its successor claimed the file is refused and writes nothing', () => {
    former.claimWriter(1);
    const formerModels = new MatchProjection(former, () => undefined);
    formerModels.apply(eventAt(1));
    expect(formerModels.flush()).toBe('1');

    successor.claimWriter(2);
    const successorModels = new MatchProjection(successor, () => undefined);
    successorModels.apply(eventAt(2));
    expect(successorModels.flush()).toBe('2');

    // The former one wakes with an event applied in memory: its checkpoint never goes in.
    formerModels.apply(eventAt(3));
    expect(() => formerModels.flush()).toThrow(ProjectionsFencedError);
    expect(successor.meta('checkpoint')).toBe('2');
  });

  it('TC-SCALE-1: a claim with an older token than the file holds is refused', () => {
    successor.claimWriter(2);
    expect(() => {
      former.claimWriter(1);
    }).toThrow(ProjectionsFencedError);
    // The same holder claiming again (a restart of its work) keeps its token.
    successor.claimWriter(2);
  });

  it('a rebuild (reset) leaves no claim: the running projector is refused until a holder claims again', () => {
    former.claimWriter(3);
    successor.reset();
    const models = new MatchProjection(former, () => undefined);
    models.apply(eventAt(1));
    expect(() => models.flush()).toThrow(/no projector claims it/);
    expect(former.meta('checkpoint')).toBeUndefined();
  });

  it('a file of its own (no claim, API_PROJECTIONS=local) is written without a fence', () => {
    const models = new MatchProjection(former, () => undefined);
    models.apply(eventAt(1));
    expect(models.flush()).toBe('1');
  });
});
