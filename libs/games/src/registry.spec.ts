import { CORRECTION_EVENT_TYPES, type AnyGameModule } from '@tablecast/game-kit';
import { bigtwoModule } from '@tablecast/bigtwo';
import { doudizhuModule } from '@tablecast/doudizhu';
import { guandanEventTypes, guandanModule } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { buildGameEventCatalog } from './event-catalog';
import { GAMES, UnknownGameError, gameModule, gameRegistry, isGameId } from './registry';

describe('the game registry', () => {
  it('maps each game id to its module', () => {
    expect(gameModule('guandan')).toBe(guandanModule);
    expect(gameModule('doudizhu')).toBe(doudizhuModule);
    expect(isGameId('guandan')).toBe(true);
    expect(isGameId('doudizhu')).toBe(true);
    expect(gameModule('bigtwo')).toBe(bigtwoModule);
    expect(isGameId('bigtwo')).toBe(true);
    expect([...GAMES.keys()]).toEqual(['guandan', 'doudizhu', 'bigtwo']);
  });

  it('names an unknown game id and the known ones', () => {
    expect(isGameId('mahjong')).toBe(false);
    expect(() => gameModule('mahjong')).toThrow(UnknownGameError);
    expect(() => gameModule('mahjong')).toThrow(
      'unknown game "mahjong": expected one of guandan, doudizhu, bigtwo',
    );
  });

  it('refuses two modules with one id', () => {
    const twin = { ...guandanModule } as AnyGameModule;
    expect(() => gameRegistry([guandanModule as AnyGameModule, twin])).toThrow(
      'two game modules have the id "guandan"',
    );
  });
});

describe('the games’ event catalog', () => {
  it('lists every Guandan event once, with its disclosure class', () => {
    const catalog = buildGameEventCatalog();
    expect(catalog.typesOf('guandan')).toEqual([...guandanEventTypes]);
    expect(catalog.definition('guandan', 'CardsDealt')?.disclosure).toBe('delayed');
    expect(catalog.definition('guandan', 'CardsPlayed')?.disclosure).toBe('public');
    expect(catalog.definition('guandan', 'NoSuchEvent')).toBeUndefined();
    expect(catalog.definition('mahjong', 'CardsPlayed')).toBeUndefined();
    expect(catalog.entries.every((entry) => entry.version === 1)).toBe(true);
  });

  it('lists every Dou Dizhu event beside Guandan’s, a defender’s double sealed (DDZ-DBL-1)', () => {
    const catalog = buildGameEventCatalog();
    expect(catalog.typesOf('doudizhu')).toEqual(doudizhuModule.events.map((definition) => definition.type));
    expect(catalog.typesOf('doudizhu').length).toBeGreaterThan(5);
    const sealed = catalog.entries.filter((e) => e.game === 'doudizhu' && e.disclosure === 'sealed');
    expect(sealed.length).toBeGreaterThan(0);
  });

  it('keeps two games’ events of the same name apart', () => {
    const other = {
      ...guandanModule,
      id: 'other',
      events: guandanModule.events.slice(0, 2),
    } as AnyGameModule;
    const catalog = buildGameEventCatalog([guandanModule, other]);
    expect(catalog.typesOf('other')).toEqual(['MatchCreated', 'HandStarted']);
    expect(catalog.entries.filter((e) => e.type === 'MatchCreated').map((e) => e.game)).toEqual([
      'guandan',
      'other',
    ]);
  });

  it('refuses a game event that is the platform’s, or one defined twice', () => {
    const claimsCorrection = {
      ...guandanModule,
      events: [...guandanModule.events, { ...guandanModule.events[0], type: 'CorrectionConfirmed' }],
    } as AnyGameModule;
    expect(() => buildGameEventCatalog([claimsCorrection], new Set(CORRECTION_EVENT_TYPES))).toThrow(
      'guandan: event CorrectionConfirmed is a platform event',
    );
    const twice = {
      ...guandanModule,
      events: [...guandanModule.events, guandanModule.events[0]],
    } as AnyGameModule;
    expect(() => buildGameEventCatalog([twice])).toThrow('guandan: event MatchCreated is defined twice');
  });
});
