import { TournamentFeedGateway } from './tournament-feed.gateway';
import { TournamentFeed } from './tournament-feed.service';
import { VenueTables } from './venue-tables.service';

/** The tournament feed (/ws/tournament) and the venue frames it reads the tables' scores from. */
export const TOURNAMENT_FEED_PROVIDERS = [VenueTables, TournamentFeed, TournamentFeedGateway];
