import { moduleFeedGame } from '@tablecast/broadcast';
import { doudizhuModule } from '@tablecast/doudizhu';

/**
 * For the feed specs: Dou Dizhu with a defender's double disclosed as `public` (the fault
 * DDZ-DBL-1 forbids). A check of the feeds must fail on it.
 */
export const doubleDisclosedAsPublic = moduleFeedGame({
  ...doudizhuModule,
  events: doudizhuModule.events.map((definition) =>
    definition.type === 'DoubleChosen'
      ? { ...definition, disclosure: 'public' as const, owners: undefined }
      : definition,
  ),
});
