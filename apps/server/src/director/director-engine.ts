import { logPart, type DirectorLogPart } from '@tablecast/protocol';
import type { DetectedMoment } from './director-moments';
import type { MatchOnObs } from './obs-match';
import type { DirectorCue, DirectorMoment, DirectorRule, DirectorSettings } from './director-rules';

/**
 * The auto-director's decisions, pure: moments, OBS's program scene and the time go in; what to do
 * and why comes out. No clock, no I/O: the Nest service reads the time, executes the commands
 * through the OBS bridge and the overlay cues, and records a failure when one does not go through.
 *
 * Two brakes keep the picture calm:
 * - per rule, `cooldownMs`: after a rule acted it stays quiet that long; the suppressed moments
 *   are logged as `cooldown` and do not extend it (counted from the last time it acted);
 * - per OBS, `minSceneDwellMs`: no rule changes the program scene sooner than that after its last
 *   change — by the director, by a producer's cut or take (seen as the program scene differing
 *   from the one last seen), or by a return. Cues (`showMoment`) change no scene and are not held.
 */

/** What the service does for a decision. */
export type DirectorCommand =
  | {
      readonly type: 'switchScene';
      readonly obs: string;
      readonly scene: string;
      readonly mode: 'cut' | 'previewAndTake';
    }
  | { readonly type: 'showMoment'; readonly matchId: string; readonly cue: DirectorCue }
  | { readonly type: 'transition'; readonly obs: string; readonly transition?: string | undefined };

/** One line of the director's log before execution (`failed` is the service's to add). */
export interface DirectorDecision {
  readonly at: number;
  readonly matchId: string;
  readonly moment: DirectorMoment;
  readonly ruleId: string;
  readonly outcome: 'acted' | 'cooldown' | 'disabled';
  readonly detail: string;
  /** The same line as codes and parameters, for the dashboard to word in its language. */
  readonly parts: readonly DirectorLogPart[];
  /** Null when nothing is to be done (suppressed, or the scene is already on program). */
  readonly command: DirectorCommand | null;
  /**
   * For a rule that acted: when it had acted before (null: never), so a command that fails can
   * give the rule its cool-down back (`actionFailed`). Absent for returns and non-acts.
   */
  readonly previousActedAt?: number | null;
}

/** Going back to the scene before a switch, `returnAfterMs` later, if that switch is still on air. */
export interface PendingReturn {
  readonly obs: string;
  /** The scene to go back to. */
  readonly home: string;
  /** The scene the rule switched to: the return only happens while it is still on program. */
  readonly away: string;
  readonly mode: 'cut' | 'previewAndTake';
  readonly dueAt: number;
  readonly ruleId: string;
  readonly matchId: string;
  readonly moment: DirectorMoment;
}

/** The program scene last seen or commanded, and when it changed (-Infinity: before we looked). */
export interface ProgramScene {
  readonly scene: string;
  readonly since: number;
  /**
   * Set when the director commanded this scene: what was on before. Until OBS reports the new
   * scene it still reports this one, which is not a producer's cut; a failed command reverts to it.
   */
  readonly before?: { readonly scene: string; readonly since: number } | undefined;
}

export interface DirectorEngineState {
  /** When each rule last acted (ms), for its cool-down. */
  readonly lastActedAt: Readonly<Record<string, number>>;
  /** Per OBS: the program scene as the director knows it. */
  readonly programs: Readonly<Record<string, ProgramScene>>;
  readonly returns: readonly PendingReturn[];
}

export const initialDirectorState = (): DirectorEngineState => ({
  lastActedAt: {},
  programs: {},
  returns: [],
});

/** What the engine is told about the world at a decision. */
export interface DirectorContext {
  readonly now: number;
  /** The OBS a rule without `obs` acts on (the bridge's default, `main`). */
  readonly defaultObs: string;
  /** OBS's program scene now; null when not known (OBS down or not configured). */
  readonly programOf: (obs: string) => string | null;
  /** What the OBS's scenes show (`obs-match.ts`); absent: every match may drive every OBS. */
  readonly matchOn?: (obs: string) => MatchOnObs;
}

export interface DirectorStep {
  readonly state: DirectorEngineState;
  readonly decisions: readonly DirectorDecision[];
}

/** Notes a program scene that differs from the one last seen: it counts as a change now. */
function observe(state: DirectorEngineState, obs: string, ctx: DirectorContext): DirectorEngineState {
  const scene = ctx.programOf(obs);
  const known = state.programs[obs];
  if (scene === null) return state;
  if (known?.scene === scene) {
    if (known.before === undefined) return state;
    // OBS has caught up with the director's command.
    return { ...state, programs: { ...state.programs, [obs]: { scene, since: known.since } } };
  }
  if (known?.before?.scene === scene) return state;
  const since = known === undefined ? Number.NEGATIVE_INFINITY : ctx.now;
  return { ...state, programs: { ...state.programs, [obs]: { scene, since } } };
}

/** The director puts `scene` on program now (the change counts from now for the dwell). */
function commanded(state: DirectorEngineState, obs: string, scene: string, now: number): DirectorEngineState {
  const known = state.programs[obs];
  const before = known === undefined ? undefined : { scene: known.scene, since: known.since };
  return { ...state, programs: { ...state.programs, [obs]: { scene, since: now, before } } };
}

/**
 * A rule's command did not go through: the rule did not really act, so its cool-down is what it
 * was before (the next moment may try again), unless it has acted again since.
 */
export function actionFailed(state: DirectorEngineState, decision: DirectorDecision): DirectorEngineState {
  if (decision.previousActedAt === undefined || state.lastActedAt[decision.ruleId] !== decision.at)
    return state;
  const lastActedAt = Object.fromEntries(
    Object.entries(state.lastActedAt).filter(([id]) => id !== decision.ruleId),
  );
  if (decision.previousActedAt !== null) lastActedAt[decision.ruleId] = decision.previousActedAt;
  return { ...state, lastActedAt };
}

/** A scene command went through: from now on OBS showing anything else is somebody's cut. */
export function commandDone(state: DirectorEngineState, obs: string): DirectorEngineState {
  const known = state.programs[obs];
  if (known?.before === undefined) return state;
  return { ...state, programs: { ...state.programs, [obs]: { scene: known.scene, since: known.since } } };
}

/**
 * A scene command did not go through (OBS down, refused): the program is what it was, and so is
 * the time of its last change, so the failure neither starts a dwell nor confuses the next one.
 */
export function commandFailed(state: DirectorEngineState, obs: string): DirectorEngineState {
  const known = state.programs[obs];
  if (known?.before === undefined) return state;
  const returns = state.returns.filter((r) => r.obs !== obs || r.away !== known.scene);
  return { ...state, programs: { ...state.programs, [obs]: known.before }, returns };
}

/**
 * Tells the engine what OBS shows now, so a producer's cut starts the dwell as soon as it is seen
 * (the service calls this on every frame and on its timer, for every configured OBS).
 */
export function observePrograms(
  initial: DirectorEngineState,
  obsNames: readonly string[],
  ctx: DirectorContext,
): DirectorEngineState {
  return obsNames.reduce((state, obs) => observe(state, obs, ctx), initial);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Why a scene change must wait, or null when the dwell is over. */
function dwellHold(
  state: DirectorEngineState,
  obs: string,
  settings: DirectorSettings,
  now: number,
): { readonly detail: string; readonly part: DirectorLogPart } | null {
  const since = state.programs[obs]?.since ?? Number.NEGATIVE_INFINITY;
  if (now - since >= settings.minSceneDwellMs) return null;
  return {
    detail: `scene dwell: program changed ${seconds(now - since)} ago (minSceneDwellMs ${String(settings.minSceneDwellMs)})`,
    part: logPart('sceneDwell', { agoMs: now - since, dwellMs: settings.minSceneDwellMs }),
  };
}

/** Applies every rule for `moment.moment`, in list order, to the moment just released. */
export function reactToMoment(
  initial: DirectorEngineState,
  settings: DirectorSettings,
  moment: DetectedMoment,
  ctx: DirectorContext,
): DirectorStep {
  let state = initial;
  const decisions: DirectorDecision[] = [];
  const { now } = ctx;
  for (const rule of settings.rules) {
    if (rule.on !== moment.moment) continue;
    // Each line says why (or what) first, then the moment that set the rule off.
    const decide = (
      outcome: DirectorDecision['outcome'],
      detail: string,
      part: DirectorLogPart,
      command: DirectorCommand | null = null,
    ): void => {
      decisions.push({
        at: now,
        matchId: moment.matchId,
        moment: moment.moment,
        ruleId: rule.id,
        outcome,
        detail: `${detail}; ${moment.detail}`,
        parts: [part, moment.part],
        command,
      });
    };
    if (!settings.enabled) {
      decide('disabled', 'the director is off', logPart('directorOff', {}));
      continue;
    }
    if (!rule.enabled) {
      decide('disabled', 'rule is disabled', logPart('ruleOff', {}));
      continue;
    }
    const last = state.lastActedAt[rule.id];
    if (last !== undefined && now - last < rule.cooldownMs) {
      decide(
        'cooldown',
        `rule acted ${seconds(now - last)} ago (cooldownMs ${String(rule.cooldownMs)})`,
        logPart('ruleCooldown', { agoMs: now - last, cooldownMs: rule.cooldownMs }),
      );
      continue;
    }
    const outcome = applyRule(state, settings, rule, moment, ctx);
    state = outcome.state;
    const logged = outcome.acted === true ? 'acted' : outcome.acted === 'held' ? 'cooldown' : 'disabled';
    decide(logged, outcome.detail, outcome.part, outcome.command);
    if (outcome.acted === true) {
      const acted = decisions.at(-1);
      if (acted !== undefined) decisions[decisions.length - 1] = { ...acted, previousActedAt: last ?? null };
      state = { ...state, lastActedAt: { ...state.lastActedAt, [rule.id]: now } };
    }
  }
  return { state, decisions };
}

interface RuleOutcome {
  readonly state: DirectorEngineState;
  /** `held`: the dwell holds it back (logged `cooldown`); `elsewhere`: the OBS shows another match (`disabled`). */
  readonly acted: boolean | 'held' | 'elsewhere';
  readonly detail: string;
  readonly part: DirectorLogPart;
  readonly command: DirectorCommand | null;
}

function applyRule(
  initial: DirectorEngineState,
  settings: DirectorSettings,
  rule: DirectorRule,
  moment: DetectedMoment,
  ctx: DirectorContext,
): RuleOutcome {
  const { action } = rule;
  const { now } = ctx;
  if (action.type === 'showMoment') {
    const cue = action.cue;
    const what = 'moment' in cue ? `moment ${cue.moment}` : `lower third ${cue.lowerThird}`;
    return {
      state: initial,
      acted: true,
      detail: `cue ${what}`,
      part:
        'moment' in cue
          ? logPart('cueMoment', { moment: cue.moment })
          : logPart('cueLowerThird', { seat: cue.lowerThird }),
      command: { type: 'showMoment', matchId: moment.matchId, cue },
    };
  }
  const obs = rule.obs ?? ctx.defaultObs;
  // Two tables on air at once: a moment of one must not cut the OBS set up for the other.
  const shown = ctx.matchOn?.(obs) ?? null;
  if (shown !== null && typeof shown !== 'string' && 'noTableOnProgram' in shown) {
    // On-air scenes follow the table on program: with none there, no table's moment is theirs.
    return {
      state: initial,
      acted: 'elsewhere',
      detail: `OBS ${obs} has the on-air scenes loaded and no table is on program`,
      part: logPart('noTableOnProgram', { obs }),
      command: null,
    };
  }
  if (shown !== null && typeof shown !== 'string') {
    return {
      state: initial,
      acted: 'elsewhere',
      detail: `OBS ${obs} has the scenes of table ${shown.emptyTable} loaded, which has no match now`,
      part: logPart('emptyTableOnObs', { obs, table: shown.emptyTable }),
      command: null,
    };
  }
  if (shown !== null && shown !== moment.matchId) {
    return {
      state: initial,
      acted: 'elsewhere',
      detail: `OBS ${obs} has the scenes of match ${shown} loaded`,
      part: logPart('otherMatchOnObs', { obs, matchId: shown }),
      command: null,
    };
  }
  const state = observe(initial, obs, ctx);
  const hold = dwellHold(state, obs, settings, now);
  if (hold !== null) return { state, acted: 'held', detail: hold.detail, part: hold.part, command: null };
  const program = state.programs[obs]?.scene ?? null;

  if (action.type === 'transition') {
    // A take puts preview on air: which scene that is shows when OBS reports it, but the change
    // counts from now (and again from when it is seen, which only lengthens the dwell).
    const programs =
      program === null ? state.programs : { ...state.programs, [obs]: { scene: program, since: now } };
    return {
      state: { ...state, programs, returns: state.returns.filter((r) => r.obs !== obs) },
      acted: true,
      detail: `take on ${obs}${action.transition === undefined ? '' : ` with ${action.transition}`}`,
      part: logPart('take', { obs, transition: action.transition ?? null }),
      command: { type: 'transition', obs, transition: action.transition },
    };
  }

  const pending = state.returns.find((r) => r.obs === obs);
  const others = state.returns.filter((r) => r.obs !== obs);
  if (program === action.scene) {
    return {
      state,
      acted: true,
      detail: `${action.scene} is already on program on ${obs}`,
      part: logPart('alreadyOnProgram', { obs, scene: action.scene }),
      command: null,
    };
  }
  // A switch while a return is pending goes back to the same home scene later, not to the detour.
  const home = pending?.home ?? program;
  const returns =
    action.returnAfterMs === undefined || home === null || home === action.scene
      ? others
      : [
          ...others,
          {
            obs,
            home,
            away: action.scene,
            mode: action.mode,
            // Never sooner than the dwell: a return is a scene change like any other.
            dueAt: now + Math.max(action.returnAfterMs, settings.minSceneDwellMs),
            ruleId: rule.id,
            matchId: moment.matchId,
            moment: moment.moment,
          },
        ];
  return {
    state: { ...commanded(state, obs, action.scene, now), returns },
    acted: true,
    detail: `${action.mode === 'cut' ? 'cut' : 'preview and take'} to ${action.scene} on ${obs}${
      action.returnAfterMs === undefined || home === null
        ? ''
        : `, back to ${home} in ${seconds(action.returnAfterMs)}`
    }`,
    part: logPart('switchScene', {
      obs,
      scene: action.scene,
      mode: action.mode,
      returnTo: action.returnAfterMs === undefined || home === null ? null : home,
      returnAfterMs: action.returnAfterMs === undefined || home === null ? null : action.returnAfterMs,
    }),
    command: { type: 'switchScene', obs, scene: action.scene, mode: action.mode },
  };
}

/**
 * The returns due at `now`: back to the home scene if the detour is still on program (a producer
 * who cut elsewhere meanwhile has taken over: the return is dropped), held while the dwell runs.
 */
export function dueReturns(
  initial: DirectorEngineState,
  settings: DirectorSettings,
  ctx: DirectorContext,
): DirectorStep {
  let state = initial;
  const decisions: DirectorDecision[] = [];
  const kept: PendingReturn[] = [];
  for (const pending of initial.returns) {
    if (pending.dueAt > ctx.now) {
      kept.push(pending);
      continue;
    }
    state = observe(state, pending.obs, ctx);
    const program = state.programs[pending.obs];
    if (program?.scene !== pending.away) continue;
    if (dwellHold(state, pending.obs, settings, ctx.now) !== null) {
      kept.push({ ...pending, dueAt: program.since + settings.minSceneDwellMs });
      continue;
    }
    state = commanded(state, pending.obs, pending.home, ctx.now);
    decisions.push({
      at: ctx.now,
      matchId: pending.matchId,
      moment: pending.moment,
      ruleId: pending.ruleId,
      outcome: 'acted',
      detail: `back to ${pending.home} on ${pending.obs} after ${pending.away}`,
      parts: [logPart('returnScene', { obs: pending.obs, home: pending.home, away: pending.away })],
      command: { type: 'switchScene', obs: pending.obs, scene: pending.home, mode: pending.mode },
    });
  }
  return { state: { ...state, returns: kept }, decisions };
}

/** When `dueReturns` next has something to do; null when no return is pending. */
export function nextReturnAt(state: DirectorEngineState): number | null {
  return state.returns.reduce<number | null>(
    (soonest, r) => (soonest === null ? r.dueAt : Math.min(soonest, r.dueAt)),
    null,
  );
}
