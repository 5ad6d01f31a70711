import { describe, expect, it } from 'vitest';
import { discloseEvent } from '../disclose';
import { disclosureClasses } from '../disclosure';
import { extendFold, foldMatch } from '../fold';
import { MATCH_CREATED, MatchCreatedDataSchema } from '../match-created';
import type { GameEvent, RevisionedEvent } from '../game-event';
import type { AnyGameModule, GameCommand, GameModule, GameViewBase } from '../module';
import { BROADCAST, STAFF, VENUE, maySee, seatViewer, type Viewer } from '../viewer';
import type { ConformanceSamples } from './conformance-samples';
import { stringsIn, traceMatch, violationsOf, type TracedMatch } from './trace';

/** What every check gets: the module, its samples, and their traces (computed once, on first use). */
export interface ConformanceContext {
  readonly module: AnyGameModule;
  readonly samples: ConformanceSamples<GameCommand, unknown>;
  readonly matches: () => readonly TracedMatch[];
  readonly viewers: () => Viewer[];
  readonly allStates: () => unknown[];
}

export interface ConformanceCheck {
  readonly name: string;
  /** Throws (an assertion error) when the module breaks the contract. */
  readonly check: (context: ConformanceContext) => void;
}

export function conformanceContext<
  S,
  C extends GameCommand,
  E extends GameEvent,
  Setup,
  V extends GameViewBase,
>(gameModule: GameModule<S, C, E, Setup, V>, samples: ConformanceSamples<C, Setup>): ConformanceContext {
  const module = gameModule as AnyGameModule;
  let traced: readonly TracedMatch[] | undefined;
  const matches = (): readonly TracedMatch[] =>
    (traced ??= samples.matches.map((sample) => traceMatch(module, sample)));
  return {
    module,
    samples,
    matches,
    viewers: () => [STAFF, VENUE, BROADCAST, ...module.seats.map(seatViewer)],
    // The state after each accepted command: what a screen can show between two commands.
    allStates: () => [
      module.initialState(),
      ...matches().flatMap((m) => m.steps.filter((s) => s.decision.ok).map((s) => s.after)),
    ],
  };
}

/** A check walks every sampled state; a loaded shared machine must not fail it for slowness. */
const CHECK_TIMEOUT_MS = 120_000;

/** The game-module contract, one check per clause. */
export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    name: 'has a game id, 3 or 4 seats, and sides that split the seats between them',
    check: ({ module }) => {
      expect(module.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect([3, 4]).toContain(module.seats.length);
      expect(new Set(module.seats).size).toBe(module.seats.length);
      const sideSeats = module.sides.flatMap((side) => side.seats);
      expect([...sideSeats].sort()).toEqual([...module.seats].sort());
      expect(new Set(module.sides.map((side) => side.id)).size).toBe(module.sides.length);
    },
  },
  {
    name: 'defines each event type once, with a known disclosure class and a schema of that type',
    check: ({ module }) => {
      const types = module.events.map((definition) => definition.type);
      expect(new Set(types).size).toBe(types.length);
      for (const definition of module.events) {
        expect(disclosureClasses, definition.type).toContain(definition.disclosure);
        const wrong = definition.schema.safeParse({ type: `${definition.type}Not`, data: {} });
        expect(wrong.success, `${definition.type} schema accepts another type`).toBe(false);
      }
    },
  },
  {
    name: 'reads every sample setup and command with its schemas',
    check: ({ module, samples }) => {
      for (const sample of samples.matches) {
        expect(module.setup.schema.safeParse(sample.setup).error, sample.name).toBeUndefined();
        const commands = [
          module.setup.command(sample.setup, sample.now),
          ...sample.steps.map((s) => s.command),
        ];
        for (const command of commands) {
          const parsed = module.commandSchema.safeParse(command);
          expect(parsed.error, `${sample.name}: ${command.type}`).toBeUndefined();
        }
      }
    },
  },
  {
    name: 'accepts the samples’ commands and rejects the ones marked with the rule they break',
    check: ({ matches }) => {
      for (const match of matches()) {
        for (const [index, step] of match.steps.entries()) {
          const where = `${match.name} step ${String(index)} ${step.command.type}`;
          if (step.expectedRule === undefined) {
            expect(step.decision, where).toMatchObject({ ok: true });
          } else {
            expect(step.decision, where).toMatchObject({ ok: false, rule: step.expectedRule });
          }
        }
      }
    },
  },
  {
    name: 'writes only events it defines, each valid against its schema',
    check: ({ module, matches }) => {
      const byType = new Map(module.events.map((definition) => [definition.type, definition]));
      for (const match of matches()) {
        expect(match.events.length, match.name).toBeGreaterThan(0);
        for (const event of match.events) {
          const definition = byType.get(event.type);
          expect(definition, `${match.name}: ${event.type} is not defined`).toBeDefined();
          const parsed = definition?.schema.safeParse(event);
          expect(parsed?.error, `${match.name}: ${event.type}`).toBeUndefined();
          expect(parsed?.data).toEqual(event);
        }
      }
    },
  },
  {
    name: 'opens every match with the platform’s MatchCreated of its game, and starts its state from it',
    check: ({ module, samples }) => {
      for (const sample of samples.matches) {
        const decision = module.decide(module.setup.command(sample.setup, sample.now), module.initialState());
        expect(decision, sample.name).toMatchObject({ ok: true });
        const created = decision.ok ? decision.events[0] : undefined;
        expect(created?.type, sample.name).toBe(MATCH_CREATED);
        const parsed = MatchCreatedDataSchema.safeParse(created?.data);
        expect(parsed.error, sample.name).toBeUndefined();
        expect(parsed.data?.game, sample.name).toBe(module.id);
        expect(parsed.data?.seats, sample.name).toEqual(module.seats);
        for (const player of parsed.data?.players ?? []) expect(module.seats).toContain(String(player.seat));
        // A match exists once MatchCreated is folded: the state moves on from the empty one.
        if (created) expect(module.evolve(module.initialState(), created)).not.toEqual(module.initialState());
      }
    },
  },
  {
    name: 'names a rule of its vocabulary, in English and Chinese, in every rejection',
    check: ({ module, matches }) => {
      const violations = matches().flatMap(violationsOf);
      expect(violations.length, 'the samples reject no command').toBeGreaterThan(0);
      for (const v of violations) {
        expect(module.rules.ids.has(v.rule), `${v.rule} is not in the ${module.id} vocabulary`).toBe(true);
        expect(v.message.trim(), v.rule).not.toBe('');
        expect(v.messageZh, v.rule).toMatch(/[\u4e00-\u9fff]/);
      }
    },
  },
  {
    name: 'decides deterministically and without changing the state it was given',
    check: ({ module, matches }) => {
      for (const match of matches()) {
        for (const step of match.steps) {
          const snapshot = structuredClone(step.before);
          const again = module.decide(structuredClone(step.command), step.before);
          expect(again).toEqual(step.decision);
          expect(step.before).toEqual(snapshot);
          if (module.decideFolded === undefined) continue;
          // The folded form is the same decision, with the state evolve reaches over its events.
          const folded = module.decideFolded(structuredClone(step.command), step.before);
          expect(step.before).toEqual(snapshot);
          if (!folded.ok) {
            expect(folded).toEqual(step.decision);
            continue;
          }
          const { state, ...decision } = folded;
          expect({ ok: decision.ok, events: decision.events }).toEqual(step.decision);
          expect(state).toEqual(decision.events.reduce((s, event) => module.evolve(s, event), step.before));
        }
      }
    },
  },
  {
    name: 'evolves without changing the state it was given, the same way each time',
    check: ({ module, matches }) => {
      for (const match of matches()) {
        for (const step of match.steps) {
          for (const folded of step.folded) {
            const snapshot = structuredClone(folded.before);
            const again = module.evolve(folded.before, structuredClone(folded.event));
            expect(again).toEqual(folded.after);
            expect(folded.before).toEqual(snapshot);
          }
        }
      }
    },
  },
  {
    name: 'folds a stream with foldMatch to the state its decisions reached, passing over foreign events',
    check: ({ module, matches }) => {
      for (const match of matches()) {
        const stream = withForeignEvents(match.events);
        expect(foldMatch(module, stream), match.name).toEqual(match.final);
        const half = Math.floor(stream.length / 2);
        const extended = extendFold(module, foldMatch(module, stream.slice(0, half)), stream.slice(half));
        expect(extended, `${match.name}: extendFold`).toEqual(match.final);
      }
    },
  },
  {
    name: 'folds a confirmed correction as if the retracted events had never been written',
    check: ({ module, matches }) => {
      for (const match of matches()) {
        const stream = revisioned(match.events);
        const cut = Math.max(1, Math.floor(stream.length / 2));
        const last = stream.length - 1;
        const corrected = [
          ...stream,
          {
            type: 'CorrectionRequested',
            data: { correctionId: 'c1', toRevision: cut - 1 },
            revision: last + 1,
          },
          {
            type: 'CorrectionConfirmed',
            data: { correctionId: 'c1', retracted: { from: cut, to: last } },
            revision: last + 2,
          },
        ];
        const expected = foldMatch(module, stream.slice(0, cut));
        expect(foldMatch(module, corrected), match.name).toEqual(expected);
        expect(() => extendFold(module, match.final, corrected.slice(last + 1))).toThrow(RangeError);
      }
    },
  },
  {
    name: 'views every state for every viewer without a secret that viewer may not see (fails closed)',
    check: ({ module, viewers, allStates }) => {
      for (const state of allStates()) {
        const secrets = module.secrets(state);
        for (const viewer of viewers()) {
          const view = module.view(state, viewer);
          expect(view.game).toBe(module.id);
          const shown = stringsIn(view);
          for (const secret of secrets) {
            if (maySee(viewer, secret.seenBy)) continue;
            const leaked = secret.values.filter((value) => shown.has(value));
            expect(
              leaked,
              `${viewerName(viewer)} sees secrets of ${secret.seenBy.join(',') || 'nobody'}`,
            ).toEqual([]);
          }
        }
      }
    },
  },
  {
    name: 'shows staff every secret (a view that hides everything is no view)',
    check: ({ module, allStates }) => {
      let checked = 0;
      for (const state of allStates()) {
        const shown = stringsIn(module.view(state, STAFF));
        for (const secret of module.secrets(state)) {
          for (const value of secret.values) {
            expect(shown.has(value), `staff view lacks ${value}`).toBe(true);
            checked += 1;
          }
        }
      }
      expect(checked, 'the samples reach no state with a secret').toBeGreaterThan(0);
    },
  },
  {
    name: 'discloses each event to each viewer without a secret of the state it produced that the viewer may not see',
    check: ({ module, matches, viewers }) => {
      for (const match of matches()) {
        for (const step of match.steps) {
          for (const { event, after } of step.folded) {
            const secrets = module.secrets(after);
            for (const viewer of viewers()) {
              const shown = stringsIn(discloseEvent(module, event, viewer));
              for (const secret of secrets) {
                if (maySee(viewer, secret.seenBy)) continue;
                const leaked = secret.values.filter((value) => shown.has(value));
                expect(leaked, `${event.type} to ${viewerName(viewer)}`).toEqual([]);
              }
            }
          }
        }
      }
    },
  },
  {
    name: 'keeps unknown events and sealed events off every feed but staff (fails closed)',
    check: ({ module, matches, viewers }) => {
      const unknown = { type: 'NoSuchGameEvent', data: { hand: ['secret'] } };
      for (const viewer of viewers()) {
        expect(discloseEvent(module, unknown, viewer), viewerName(viewer)).toEqual(
          viewer.kind === 'staff' ? unknown : null,
        );
      }
      for (const match of matches()) {
        for (const event of match.events) {
          const definition = module.events.find((d) => d.type === event.type);
          if (definition?.disclosure === 'sealed' || definition?.disclosure === 'staff') {
            expect(discloseEvent(module, event, VENUE), event.type).toBeNull();
            expect(discloseEvent(module, event, BROADCAST), event.type).toBeNull();
          }
        }
      }
    },
  },
  {
    name: 'has no result until the match ends, then one for every side',
    check: ({ module, matches }) => {
      expect(module.result(module.initialState())).toBeNull();
      for (const match of matches()) {
        const result = module.result(match.final);
        if (!match.ends) {
          expect(result, match.name).toBeNull();
          continue;
        }
        expect(result, match.name).not.toBeNull();
        expect(result?.sides.map((s) => s.side).sort()).toEqual(module.sides.map((s) => s.id).sort());
        if (result?.winner != null) expect(module.sides.map((s) => s.id)).toContain(result.winner);
        if (result?.rule != null) expect(module.rules.ids.has(result.rule), result.rule).toBe(true);
        for (const board of result?.boards ?? []) {
          expect(Object.keys(board.scores).sort()).toEqual([...module.seats].sort());
        }
      }
    },
  },
  {
    name: 'times turns, if it does, on its own seats, with a default the state it timed accepts',
    check: ({ module, allStates }) => {
      if (module.turnClock === undefined) return;
      let timed = 0;
      for (const state of allStates()) {
        const due = module.turnClock(state);
        expect(module.turnClock(state), 'turnClock is deterministic').toEqual(due);
        if (due === null) continue;
        timed += 1;
        expect(due.seats.length).toBeGreaterThan(0);
        for (const seat of due.seats) expect(module.seats).toContain(seat);
        expect(due.seconds).toBeGreaterThan(0);
        expect(module.commandSchema.safeParse(due.timeout).error, due.timeout.type).toBeUndefined();
        expect(module.decide(due.timeout, state), due.timeout.type).toMatchObject({ ok: true });
      }
      expect(timed, 'the samples reach no timed turn').toBeGreaterThan(0);
    },
  },
  {
    name: 'finds on-air moments only of its declared kinds, naming rules of its vocabulary',
    check: ({ module, matches }) => {
      const kinds = new Set(module.momentKinds.map((k) => k.kind));
      for (const k of module.momentKinds) expect(k.labelZh, k.kind).toMatch(/[\u4e00-\u9fff]/);
      let found = 0;
      for (const match of matches()) {
        for (const step of match.steps) {
          for (const { event, before, after } of step.folded) {
            for (const moment of module.moments(before, event, after)) {
              found += 1;
              expect(kinds.has(moment.kind), moment.kind).toBe(true);
              if (moment.rule !== null) expect(module.rules.ids.has(moment.rule), moment.rule).toBe(true);
              if (moment.seat !== null) expect(module.seats).toContain(moment.seat);
            }
          }
        }
      }
      expect(found, 'the samples reach no on-air moment').toBeGreaterThan(0);
    },
  },
];

/**
 * The game-module contract as tests, written once: every game module runs it from its own spec
 * (`describeGameModuleConformance(module, samples)`), as every event store runs the store's
 * contract suite. It checks only what the samples reach, so they should cover every phase.
 */
export function describeGameModuleConformance<
  S,
  C extends GameCommand,
  E extends GameEvent,
  Setup,
  V extends GameViewBase,
>(gameModule: GameModule<S, C, E, Setup, V>, samples: ConformanceSamples<C, Setup>): void {
  const context = conformanceContext(gameModule, samples);
  describe(`game module ${gameModule.id}: conformance`, () => {
    for (const { name, check } of conformanceChecks)
      it(name, { timeout: CHECK_TIMEOUT_MS }, () => {
        check(context);
      });
  });
}

function revisioned(events: readonly GameEvent[]): RevisionedEvent[] {
  return events.map((event, revision) => ({ ...event, revision }));
}

/** The game's events with platform events between them, as a real match stream holds them. */
function withForeignEvents(events: readonly GameEvent[]): RevisionedEvent[] {
  const mixed: GameEvent[] = [];
  for (const [index, event] of events.entries()) {
    mixed.push(event);
    if (index % 7 === 3) mixed.push({ type: 'AppealFiled', data: { appealId: `a${String(index)}` } });
  }
  return revisioned(mixed);
}

function viewerName(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat ${viewer.seat}` : viewer.kind;
}
