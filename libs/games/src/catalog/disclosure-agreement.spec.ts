import { catalogDisclosure, storedEventType } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { matchLogCatalog } from '../match-log-catalog';
import { GAMES } from '../registry';
import { tablecastCatalog } from './tablecast-catalog';

/**
 * Every game event's disclosure is its module's: the catalog a match log is read with (and the JSON
 * Schemas published from it) lists each one with the class the module's feeds redact by.
 */
describe('the event catalog and the game modules agree on who may see each event', () => {
  const events = [...GAMES.values()].flatMap((module) =>
    module.events
      .filter((definition) => definition.type !== 'MatchCreated')
      .map((definition) => ({ game: module.id, type: definition.type, module: definition.disclosure })),
  );

  it('covers every registered game', () => {
    expect(new Set(events.map((event) => event.game))).toEqual(new Set(GAMES.keys()));
  });

  it.each(events)('$game $type: the catalog lists the module’s $module', ({ game, type, module }) => {
    const stored = storedEventType(game, type);
    expect(matchLogCatalog.definition(stored)?.disclosure).toBe(catalogDisclosure(module));
    if (game === 'guandan')
      expect(tablecastCatalog.definition(stored)?.disclosure).toBe(catalogDisclosure(module));
  });
});
