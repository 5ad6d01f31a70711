import { doudizhuModule } from '@tablecast/doudizhu';
import { doudizhuFeedOf } from '../feeds/doudizhu-feed';

/**
 * For the feed specs: Dou Dizhu with a defender's double disclosed as `public` (the fault
 * DDZ-DBL-1 forbids). A check of the feeds must fail on it.
 */
export const doubleDisclosedAsPublic = doudizhuFeedOf({
  ...doudizhuModule,
  events: doudizhuModule.events.map((definition) =>
    definition.type === 'DoubleChosen'
      ? { ...definition, disclosure: 'public' as const, owners: undefined }
      : definition,
  ),
});
