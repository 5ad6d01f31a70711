import { logPart } from '@tablecast/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionFailed,
  commandDone,
  commandFailed,
  dueReturns,
  initialDirectorState,
  nextReturnAt,
  observePrograms,
  reactToMoment,
  type DirectorDecision,
  type DirectorEngineState,
} from './director-engine';
import type { DetectedMoment } from './director-moments';
import {
  DEFAULT_DIRECTOR_SETTINGS,
  DIRECTOR_MOMENTS,
  type DirectorMoment,
  type DirectorRule,
  type DirectorSettings,
} from './director-rules';

const moment = (kind: DirectorMoment, revision = 1): DetectedMoment => ({
  matchId: 'F1',
  moment: kind,
  revision,
  recordedAt: '2027-01-01T12:00:00.000Z',
  detail: `${kind} at ${String(revision)}`,
  part: logPart('gameMoment', { game: 'guandan', kind, seat: null, rule: null }),
});

/** A fake OBS and clock: the program scene follows the director's commands, as OBS would. */
class FakeShow {
  now = 1_000_000;
  program = 'Table';
  state: DirectorEngineState = initialDirectorState();
  readonly log: DirectorDecision[] = [];
  constructor(public settings: DirectorSettings) {
    this.observe();
  }
  /** What the service does on every frame and timer tick: look at OBS's program scene. */
  observe(): void {
    this.state = observePrograms(this.state, ['main'], this.ctx);
  }
  /** A producer cuts by hand; the service sees it at its next look. */
  cut(scene: string): void {
    this.program = scene;
    this.observe();
  }
  private run(decisions: readonly DirectorDecision[]): DirectorDecision[] {
    for (const d of decisions) {
      if (d.command?.type !== 'switchScene') continue;
      this.program = d.command.scene;
      this.state = commandDone(this.state, d.command.obs);
    }
    this.log.push(...decisions);
    return [...decisions];
  }
  private get ctx() {
    return { now: this.now, defaultObs: 'main', programOf: () => this.program };
  }
  moment(kind: DirectorMoment, revision = 1): DirectorDecision[] {
    const step = reactToMoment(this.state, this.settings, moment(kind, revision), this.ctx);
    this.state = step.state;
    return this.run(step.decisions);
  }
  tick(): DirectorDecision[] {
    const step = dueReturns(this.state, this.settings, this.ctx);
    this.state = step.state;
    return this.run(step.decisions);
  }
  advance(ms: number): void {
    this.now += ms;
  }
}

const rule = (
  overrides: Partial<DirectorRule> & Pick<DirectorRule, 'id' | 'on' | 'action'>,
): DirectorRule => ({
  enabled: true,
  cooldownMs: 10_000,
  ...overrides,
});
const settings = (rules: DirectorRule[], minSceneDwellMs = 8_000): DirectorSettings => ({
  enabled: true,
  minSceneDwellMs,
  rules,
});

describe('director engine on a fake clock', () => {
  it('cool-down: a rule that acted stays quiet for cooldownMs, counted from when it acted', () => {
    const show = new FakeShow(
      settings([
        rule({ id: 'bomb-cue', on: 'bomb', action: { type: 'showMoment', cue: { moment: 'bomb' } } }),
      ]),
    );
    expect(show.moment('bomb', 1).map((d) => d.outcome)).toEqual(['acted']);
    show.advance(6_000);
    const repeat = show.moment('bomb', 2);
    expect(repeat.map((d) => d.outcome)).toEqual(['cooldown']);
    expect(repeat[0]?.command).toBeNull();
    expect(repeat[0]?.detail).toMatch(/^rule acted 6\.0 s ago \(cooldownMs 10000\)/);
    // The same line as codes for the dashboard's catalog: why, then the moment.
    expect(repeat[0]?.parts).toEqual([
      { code: 'ruleCooldown', params: { agoMs: 6_000, cooldownMs: 10_000 } },
      moment('bomb', 2).part,
    ]);
    // The suppressed repeat did not extend it: 10 s after the first, the rule acts again.
    show.advance(4_000);
    expect(show.moment('bomb', 3)[0]).toMatchObject({
      outcome: 'acted',
      command: { type: 'showMoment', matchId: 'F1', cue: { moment: 'bomb' } },
    });
  });

  it('scene dwell: no rule changes the program sooner than minSceneDwellMs after its last change', () => {
    const show = new FakeShow(
      settings([
        rule({
          id: 'end-table',
          on: 'handEnd',
          action: { type: 'switchScene', scene: 'Standings', mode: 'cut' },
        }),
        rule({
          id: 'pen-over',
          on: 'penalty',
          action: { type: 'switchScene', scene: 'Overhead', mode: 'cut' },
        }),
      ]),
    );
    expect(show.moment('handEnd')[0]?.command).toEqual({
      type: 'switchScene',
      obs: 'main',
      scene: 'Standings',
      mode: 'cut',
    });
    show.advance(3_000);
    const held = show.moment('penalty');
    expect(held[0]).toMatchObject({ outcome: 'cooldown', command: null });
    expect(held[0]?.detail).toMatch(/^scene dwell: program changed 3\.0 s ago \(minSceneDwellMs 8000\)/);
    expect(held[0]?.parts[0]).toEqual({ code: 'sceneDwell', params: { agoMs: 3_000, dwellMs: 8_000 } });
    expect(show.program).toBe('Standings');
    // A rule held by the dwell did not start its own cool-down.
    show.advance(5_000);
    expect(show.moment('penalty')[0]?.outcome).toBe('acted');
    expect(show.program).toBe('Overhead');
  });

  it('a producer cut seen on OBS counts as a scene change for the dwell', () => {
    const show = new FakeShow(
      settings([
        rule({
          id: 'pen-over',
          on: 'penalty',
          action: { type: 'switchScene', scene: 'Overhead', mode: 'cut' },
        }),
      ]),
    );
    show.cut('Break');
    show.advance(1_000);
    expect(show.moment('penalty')[0]?.outcome).toBe('cooldown');
    expect(show.program).toBe('Break');
  });

  it('a disabled rule, or the director switched off, logs `disabled` and does nothing', () => {
    const show = new FakeShow(
      settings([
        rule({
          id: 'off',
          on: 'tribute',
          enabled: false,
          action: { type: 'showMoment', cue: { moment: 'tribute' } },
        }),
      ]),
    );
    expect(show.moment('tribute')[0]).toMatchObject({ outcome: 'disabled', ruleId: 'off', command: null });
    expect(show.moment('tribute')[0]?.detail).toMatch(/^rule is disabled/);
    show.settings = { ...DEFAULT_DIRECTOR_SETTINGS, enabled: false };
    const off = show.moment('bomb');
    expect(off.map((d) => [d.ruleId, d.outcome])).toEqual([['bomb-moment', 'disabled']]);
    expect(off[0]?.detail).toMatch(/^the director is off/);
    expect(off[0]?.parts.map((p) => p.code)).toEqual(['directorOff', 'gameMoment']);
  });

  it('returnAfterMs goes back to the scene before, once the detour has had its time and the dwell', () => {
    const show = new FakeShow(
      settings([
        rule({
          id: 'mp',
          on: 'matchPoint',
          action: { type: 'switchScene', scene: 'Overhead', mode: 'previewAndTake', returnAfterMs: 5_000 },
        }),
      ]),
    );
    expect(show.moment('matchPoint')[0]?.parts[0]).toEqual({
      code: 'switchScene',
      params: {
        obs: 'main',
        scene: 'Overhead',
        mode: 'previewAndTake',
        returnTo: 'Table',
        returnAfterMs: 5_000,
      },
    });
    expect(show.program).toBe('Overhead');
    // returnAfterMs (5 s) is shorter than the dwell (8 s): the return waits for the dwell.
    expect(nextReturnAt(show.state)).toBe(show.now + 8_000);
    show.advance(7_999);
    expect(show.tick()).toEqual([]);
    show.advance(1);
    expect(show.tick()).toEqual([
      expect.objectContaining({
        ruleId: 'mp',
        outcome: 'acted',
        command: { type: 'switchScene', obs: 'main', scene: 'Table', mode: 'previewAndTake' },
        parts: [{ code: 'returnScene', params: { obs: 'main', home: 'Table', away: 'Overhead' } }],
      }),
    ]);
    expect(show.program).toBe('Table');
    expect(nextReturnAt(show.state)).toBeNull();
  });

  it('drops the return when a producer has cut elsewhere meanwhile', () => {
    const show = new FakeShow(
      settings([
        rule({
          id: 'mp',
          on: 'matchPoint',
          action: { type: 'switchScene', scene: 'Overhead', mode: 'cut', returnAfterMs: 10_000 },
        }),
      ]),
    );
    show.moment('matchPoint');
    show.cut('Break');
    show.advance(10_000);
    expect(show.tick()).toEqual([]);
    expect(show.program).toBe('Break');
    expect(nextReturnAt(show.state)).toBeNull();
  });

  it('a scene already on program is not switched again', () => {
    const show = new FakeShow(
      settings([
        rule({ id: 'end', on: 'handEnd', action: { type: 'switchScene', scene: 'Table', mode: 'cut' } }),
      ]),
    );
    const [decision] = show.moment('handEnd');
    expect(decision).toMatchObject({ outcome: 'acted', command: null });
    expect(decision?.detail).toMatch(/^Table is already on program/);
  });

  it('property: whatever the moments and their timing, scenes never change within the dwell and no rule acts within its cool-down; a rule free of both acts', () => {
    const rules: DirectorRule[] = [
      rule({
        id: 'a',
        on: 'bomb',
        cooldownMs: 4_000,
        action: { type: 'switchScene', scene: 'Overhead', mode: 'cut', returnAfterMs: 3_000 },
      }),
      rule({
        id: 'b',
        on: 'handEnd',
        cooldownMs: 0,
        action: { type: 'switchScene', scene: 'Standings', mode: 'previewAndTake' },
      }),
      rule({
        id: 'c',
        on: 'penalty',
        cooldownMs: 9_000,
        action: { type: 'showMoment', cue: { moment: 'penalty' } },
      }),
      rule({ id: 'd', on: 'matchPoint', cooldownMs: 1_000, action: { type: 'transition' } }),
      ...DEFAULT_DIRECTOR_SETTINGS.rules,
    ];
    let mustAct = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 12_000 }),
            kind: fc.constantFrom(...DIRECTOR_MOMENTS),
            producerCut: fc.option(fc.constantFrom('Table', 'Break', 'Overhead'), { freq: 5 }),
          }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 15_000 }),
        (steps, dwell) => {
          const show = new FakeShow(settings(rules, dwell));
          const changes: { at: number; by: 'director' | 'producer' }[] = [];
          const acted = new Map<string, number[]>();
          const record = (decisions: DirectorDecision[]): void => {
            for (const d of decisions) {
              if (d.outcome !== 'acted' || d.command === null) continue;
              if (!d.detail.startsWith('back to '))
                acted.set(d.ruleId, [...(acted.get(d.ruleId) ?? []), d.at]);
              if (d.command.type !== 'showMoment') changes.push({ at: d.at, by: 'director' });
            }
          };
          /** When each rule last acted on a moment (returns do not count), as the log shows it. */
          const lastActed = new Map<string, number>();
          let revision = 0;
          for (const step of steps) {
            show.advance(step.gap);
            record(show.tick());
            if (step.producerCut !== null && step.producerCut !== show.program) {
              show.cut(step.producerCut);
              changes.push({ at: show.now, by: 'producer' });
            }
            revision += 1;
            const decisions = show.moment(step.kind, revision);
            // Liveness: every rule for the moment decides, in list order, and one that is enabled,
            // out of its cool-down and (if it changes the scene) out of the dwell acts.
            const matching = rules.filter((r) => r.on === step.kind);
            expect(decisions.map((d) => d.ruleId)).toEqual(matching.map((r) => r.id));
            let lastChange = changes.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
            decisions.forEach((d, i) => {
              const r = matching[i];
              if (r === undefined) throw new Error(`no rule for decision ${d.ruleId}`);
              const last = lastActed.get(r.id);
              const coolingDown = last !== undefined && show.now - last < r.cooldownMs;
              const dwelling = r.action.type !== 'showMoment' && show.now - lastChange < dwell;
              if (!r.enabled) expect(d.outcome).toBe('disabled');
              else if (!coolingDown && !dwelling) {
                mustAct += 1;
                expect(d.outcome).toBe('acted');
              }
              if (d.outcome !== 'acted') return;
              lastActed.set(r.id, d.at);
              if (d.command !== null && d.command.type !== 'showMoment') lastChange = d.at;
            });
            record(decisions);
          }
          changes.forEach((change, i) => {
            const before = changes[i - 1];
            if (change.by === 'director' && before !== undefined) {
              expect(change.at - before.at).toBeGreaterThanOrEqual(dwell);
            }
          });
          for (const [id, times] of acted) {
            const cooldown = rules.find((r) => r.id === id)?.cooldownMs ?? 0;
            times.forEach((at, i) => {
              if (i > 0) expect(at - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(cooldown);
            });
          }
        },
      ),
      { numRuns: 300 },
    );
    // The liveness check had moments to judge (about 1,200 rules free to act over the 300 runs).
    expect(mustAct).toBeGreaterThan(300);
  });
});

describe('director engine: commands that fail', () => {
  it('a failed switch neither starts the dwell nor leaves a return behind', () => {
    const rules: DirectorRule[] = [
      rule({
        id: 'mp',
        on: 'matchPoint',
        action: { type: 'switchScene', scene: 'Overhead', mode: 'cut', returnAfterMs: 9_000 },
      }),
      rule({ id: 'pen', on: 'penalty', action: { type: 'switchScene', scene: 'Standings', mode: 'cut' } }),
    ];
    const ctx = (now: number) => ({ now, defaultObs: 'main', programOf: () => 'Table' });
    let state = observePrograms(initialDirectorState(), ['main'], ctx(0));
    const step = reactToMoment(state, settings(rules), moment('matchPoint'), ctx(100_000));
    expect(step.decisions[0]?.command).toMatchObject({ type: 'switchScene', scene: 'Overhead' });
    // OBS still shows Table while the command is in flight: not a producer's cut.
    state = observePrograms(step.state, ['main'], ctx(100_010));
    expect(state.programs.main).toMatchObject({ scene: 'Overhead', since: 100_000 });
    state = commandFailed(state, 'main');
    expect(state.programs.main).toEqual({ scene: 'Table', since: Number.NEGATIVE_INFINITY });
    expect(nextReturnAt(state)).toBeNull();
    expect(reactToMoment(state, settings(rules), moment('penalty'), ctx(100_020)).decisions[0]?.outcome).toBe(
      'acted',
    );
  });
});

describe('director engine: two tables on air', () => {
  it('a moment of one match does not switch the OBS that has the other match’s scenes loaded; cues still go to its pages', () => {
    const rules: DirectorRule[] = [
      rule({ id: 'end', on: 'handEnd', action: { type: 'switchScene', scene: 'Standings', mode: 'cut' } }),
      rule({ id: 'end-card', on: 'handEnd', action: { type: 'showMoment', cue: { moment: 'handEnd' } } }),
    ];
    const ctx = (loaded: string | null) => ({
      now: 50_000,
      defaultObs: 'main',
      programOf: () => 'Table',
      matchOn: () => loaded,
    });
    const other = reactToMoment(
      initialDirectorState(),
      settings(rules),
      { ...moment('handEnd'), matchId: 'F1' },
      ctx('F2'),
    );
    expect(other.decisions.map((d) => [d.ruleId, d.outcome, d.command?.type ?? null])).toEqual([
      ['end', 'disabled', null],
      ['end-card', 'acted', 'showMoment'],
    ]);
    expect(other.decisions[0]?.detail).toMatch(/^OBS main has the scenes of match F2 loaded/);
    expect(other.decisions[0]?.parts[0]).toEqual({
      code: 'otherMatchOnObs',
      params: { obs: 'main', matchId: 'F2' },
    });
    // The rule did not act, so it is not cooling down for the match that is on.
    const own = reactToMoment(
      other.state,
      settings(rules),
      { ...moment('handEnd'), matchId: 'F2' },
      ctx('F2'),
    );
    expect(own.decisions[0]).toMatchObject({ outcome: 'acted', command: { scene: 'Standings' } });
    // A collection that is not a final's (null) holds nothing back.
    const unknown = reactToMoment(initialDirectorState(), settings(rules), moment('handEnd'), ctx(null));
    expect(unknown.decisions[0]?.outcome).toBe('acted');
    // A table's scenes while that table has no match: no match's moment switches it.
    const empty = reactToMoment(initialDirectorState(), settings(rules), moment('handEnd'), {
      ...ctx(null),
      matchOn: () => ({ emptyTable: 't2' }),
    });
    expect(empty.decisions.map((d) => [d.ruleId, d.outcome, d.command?.type ?? null])).toEqual([
      ['end', 'disabled', null],
      ['end-card', 'acted', 'showMoment'],
    ]);
    expect(empty.decisions[0]?.parts[0]).toEqual({
      code: 'emptyTableOnObs',
      params: { obs: 'main', table: 't2' },
    });
  });

  it('the on-air scenes with no table on program: no match’s moment switches them; cues still go out', () => {
    const rules: DirectorRule[] = [
      rule({ id: 'bomb-cut', on: 'bomb', action: { type: 'switchScene', scene: 'Overhead', mode: 'cut' } }),
      rule({ id: 'bomb-take', on: 'bomb', action: { type: 'transition' } }),
      rule({ id: 'bomb-card', on: 'bomb', action: { type: 'showMoment', cue: { moment: 'bomb' } } }),
    ];
    const step = reactToMoment(initialDirectorState(), settings(rules), moment('bomb'), {
      now: 50_000,
      defaultObs: 'main',
      programOf: () => 'Table',
      matchOn: () => ({ noTableOnProgram: true }),
    });
    expect(step.decisions.map((d) => [d.ruleId, d.outcome, d.command?.type ?? null])).toEqual([
      ['bomb-cut', 'disabled', null],
      ['bomb-take', 'disabled', null],
      ['bomb-card', 'acted', 'showMoment'],
    ]);
    expect(step.decisions[0]?.detail).toMatch(
      /^OBS main has the on-air scenes loaded and no table is on program/,
    );
    expect(step.decisions[0]?.parts[0]).toEqual({ code: 'noTableOnProgram', params: { obs: 'main' } });
    // Not acted, so not cooling down: once a table is on program its moment cuts.
    expect(step.state.lastActedAt).toEqual({ 'bomb-card': 50_000 });
  });
});

describe('director engine: a failed action gives the rule its cool-down back', () => {
  it('the next moment tries again; a rule that acted before keeps that earlier time', () => {
    const rules = [
      rule({
        id: 'cue',
        on: 'penalty',
        cooldownMs: 30_000,
        action: { type: 'showMoment', cue: { moment: 'penalty' } },
      }),
    ];
    const ctx = (now: number) => ({ now, defaultObs: 'main', programOf: () => 'Table' });
    const first = reactToMoment(initialDirectorState(), settings(rules), moment('penalty'), ctx(1_000));
    const [acted] = first.decisions;
    if (acted === undefined) throw new Error('no decision');
    expect(acted.previousActedAt).toBeNull();
    let state = actionFailed(first.state, acted);
    expect(state.lastActedAt).toEqual({});
    const retry = reactToMoment(state, settings(rules), moment('penalty', 2), ctx(2_000));
    expect(retry.decisions[0]?.outcome).toBe('acted');
    state = retry.state;
    const again = reactToMoment(state, settings(rules), moment('penalty', 3), ctx(40_000));
    const [second] = again.decisions;
    if (second === undefined) throw new Error('no decision');
    expect(second.previousActedAt).toBe(2_000);
    expect(actionFailed(again.state, second).lastActedAt).toEqual({ cue: 2_000 });
  });
});
