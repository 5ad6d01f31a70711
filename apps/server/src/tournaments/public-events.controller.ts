import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { tournamentStream } from '@tablecast/events';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { ProjectionRunner } from '../projections/projection-runner.service';

/** One event as the spectator site lists it: what the hall announces, and its event page. */
export interface PublicEventSummary {
  readonly tournamentId: string;
  readonly name: string;
  readonly game: string;
  /** The stages' formats in order (e.g. `swiss`, `singleKnockout`). */
  readonly formats: readonly string[];
  /** The spectator event page: standings, rounds, and every table with its /watch link. */
  readonly href: string;
}

/** The spectator event page of a tournament. */
export const eventPageHref = (tournamentId: string): string =>
  `/overlays/event/?tournament=${encodeURIComponent(tournamentId)}`;

/**
 * The public list of events for the spectator site. Public, as the pairing sheets and standings are
 * announced in the hall: each event's id, name, game and formats, built field by field from its
 * TournamentCreated (never its regulations' options, its entrants' units or any staff fact), with
 * a link to its event page. The events are those the standings projection holds.
 */
@ApiTags('public')
@Controller('api/events')
export class PublicEventsController {
  constructor(
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
  ) {}

  @Get()
  @ApiOkResponse({
    description:
      'Every tournament: tournamentId, name, game, formats (its stages in order) and href (its spectator event page). Public.',
  })
  async list(): Promise<{ events: PublicEventSummary[] }> {
    const events: PublicEventSummary[] = [];
    for (const tournamentId of this.projections.tournaments.tournamentIds()) {
      const [first] = await this.store.readStream(tournamentStream(tournamentId), { maxCount: 1 });
      if (first?.type !== 'TournamentCreated') continue;
      const created = first.data;
      events.push({
        tournamentId,
        name: created.name,
        game: created.game,
        formats: created.stages.map((stage) => stage.format),
        href: eventPageHref(tournamentId),
      });
    }
    return { events };
  }
}
