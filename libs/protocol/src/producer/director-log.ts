/**
 * The director's log lines, and its proposals to cut to another table, as codes and parameters: the
 * server says what happened, the producer dashboard words it in its own language (zh-CN by default, English with `lang=en`) from its
 * catalog. A log entry is a list of parts, read in order: what the rule did or why it did not,
 * the moment that set it off, and how the command went.
 *
 * Parameters are the facts only (seats, scenes, OBS names, milliseconds): never a sentence. A
 * failure the director did not word itself (OBS's own refusal) keeps its text in `failed`'s
 * `reason`, shown as it came.
 */
export interface DirectorLogParams {
  // Why a rule did not act.
  readonly directorOff: Record<string, never>;
  readonly ruleOff: Record<string, never>;
  /** The rule acted `agoMs` ago and stays quiet for `cooldownMs`. */
  readonly ruleCooldown: { readonly agoMs: number; readonly cooldownMs: number };
  /** The program scene changed `agoMs` ago; no rule changes it again before `dwellMs`. */
  readonly sceneDwell: { readonly agoMs: number; readonly dwellMs: number };
  /** Two tables on air at once: the OBS has the scenes of another match loaded. */
  readonly otherMatchOnObs: { readonly obs: string; readonly matchId: string };
  /** The OBS has a table's scenes loaded and that table has no match now. */
  readonly emptyTableOnObs: { readonly obs: string; readonly table: string };
  /** The OBS has the on-air scenes loaded (they follow the table on program) and no table is on program. */
  readonly noTableOnProgram: { readonly obs: string };
  // What a rule did.
  readonly cueMoment: { readonly moment: string };
  readonly cueLowerThird: { readonly seat: string };
  readonly take: { readonly obs: string; readonly transition: string | null };
  readonly alreadyOnProgram: { readonly obs: string; readonly scene: string };
  /** A switch, and the scene it goes back to `returnAfterMs` later (null: it stays). */
  readonly switchScene: {
    readonly obs: string;
    readonly scene: string;
    readonly mode: 'cut' | 'previewAndTake';
    readonly returnTo: string | null;
    readonly returnAfterMs: number | null;
  };
  readonly returnScene: { readonly obs: string; readonly home: string; readonly away: string };
  // The moment that set the rule off, as the broadcast released it.
  readonly bombPlayed: { readonly seat: string; readonly cards: readonly string[]; readonly combo: string };
  /** GD-TRIB-6: the tribute was resisted. */
  readonly tributeResisted: { readonly seats: readonly string[] };
  readonly tributeExchanged: { readonly deal: number };
  readonly dealWon: { readonly deal: number; readonly team: string; readonly levelUp: number };
  readonly penaltyGiven: { readonly seat: string; readonly sanction: string; readonly rule: string };
  /** GD-LVL-5: the deal is played at `team`'s A, for the match. */
  readonly matchPoint: { readonly deal: number; readonly team: string };
  /** The match ended, as the broadcast feed released it (a proposal to cut to its table). */
  readonly matchEnded: { readonly matchId: string };
  /** Another game's moment from its module (Dou Dizhu's rocket, spring…). */
  readonly gameMoment: {
    readonly game: string;
    readonly kind: string;
    readonly seat: string | null;
    readonly rule: string | null;
  };
  // How the command went.
  readonly deliveredToPages: { readonly pages: number };
  readonly sceneOnProgram: { readonly scene: string };
  readonly sceneTaken: { readonly scene: string };
  readonly previewTaken: { readonly transition: string | null };
  readonly noPageConnected: { readonly matchId: string };
  readonly notInStudioMode: { readonly obs: string };
  readonly previewNotKept: { readonly obs: string; readonly scene: string };
  readonly tookOtherScene: { readonly obs: string; readonly scene: string; readonly program: string };
  /** A failure worded by someone else (OBS, the bridge): its text as it came. */
  readonly failed: { readonly reason: string };
}

export type DirectorLogCode = keyof DirectorLogParams;

/** One part of a log line: a code and its parameters. */
export type DirectorLogPart = {
  readonly [K in DirectorLogCode]: { readonly code: K; readonly params: DirectorLogParams[K] };
}[DirectorLogCode];

/** Every code, for the catalogs' completeness test and for reading an answer from an older server. */
export const DIRECTOR_LOG_CODES = [
  'directorOff',
  'ruleOff',
  'ruleCooldown',
  'sceneDwell',
  'otherMatchOnObs',
  'emptyTableOnObs',
  'noTableOnProgram',
  'cueMoment',
  'cueLowerThird',
  'take',
  'alreadyOnProgram',
  'switchScene',
  'returnScene',
  'bombPlayed',
  'tributeResisted',
  'tributeExchanged',
  'dealWon',
  'penaltyGiven',
  'matchPoint',
  'matchEnded',
  'gameMoment',
  'deliveredToPages',
  'sceneOnProgram',
  'sceneTaken',
  'previewTaken',
  'noPageConnected',
  'notInStudioMode',
  'previewNotKept',
  'tookOtherScene',
  'failed',
] as const satisfies readonly DirectorLogCode[];

/** Builds a part with its parameters checked against its code. */
export const logPart = <K extends DirectorLogCode>(code: K, params: DirectorLogParams[K]): DirectorLogPart =>
  ({ code, params }) as DirectorLogPart;
