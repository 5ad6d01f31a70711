/** Per-audience match feeds: policy, redaction and views at one choke point, and the release. Pure. */
export {
  AUDIENCE_RULES,
  FALLBACK_AUDIENCE,
  resolveAudience,
  ruleFor,
  viewerFor,
  type AudienceRule,
} from './audience-rules';
export {
  moduleFeedGame,
  type FeedGame,
  type FeedSnapshot,
  type FeedStep,
  type FeedViewBase,
  type ModuleFeedView,
  type SideScore,
} from './feed-game';
export type { FeedInput, LoggedEvent } from './feed-input';
export { emptyProjection, project, refold, type FeedProjection } from './feed-projection';
export {
  DisclosureLedger,
  FRESH_FEED,
  resumePointOf,
  type DisclosureEntry,
  type DisclosureLog,
  type FeedResume,
} from './ledger';
export {
  HEALTHY,
  MatchFeed,
  type AppendMode,
  type FeedHealth,
  type FeedOutput,
  type MatchFeedOptions,
} from './match-feed';
export {
  DEFAULT_BROADCAST_DELAY_MS,
  FeedPolicyError,
  MIN_BROADCAST_DELAY_MS,
  feedPolicy,
  releaseDelayMs,
  type FeedPolicy,
} from './policy';
export { isPlatformEvent, platformDisclosureOf, publicForm, type PlatformEvent } from './public-events';
export { redact } from './redact';
export { ReleaseClockGuard } from './release-clock';
export { viewFor } from './view';
