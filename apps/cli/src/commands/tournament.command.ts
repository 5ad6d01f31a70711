import type { Command } from 'commander';
import { USAGE_ERROR, withHelp } from '../help-text';
import {
  publicEventsRequest,
  publicServerUrl,
  readJsonFile,
  readTextFile,
  ServerRefusal,
  serverTarget,
  tournamentRequest,
  UsageError,
  type ServerTarget,
} from './tournament-http';

/** Exit code of a refusal by the server (its body, naming the field or the TRN rule, on stderr). */
export const EXIT_SERVER_REFUSED = 3;

export function registerTournamentCommand(program: Command): void {
  withHelp(
    program
      .command('tournament')
      .description(
        'tournament oracle: JSON lines on stdin, one answer per line (ops: schedule, swissPair, matchpoints, duplicateStandings); see docs/tournament-oracle.md',
      ),
    {
      examples: [
        [
          `echo '{"op":"schedule","method":"berger","pairs":8}' | tablecast tournament`,
          'the 000 附录七 Berger table for 8 pairs',
        ],
      ],
      exitCodes: [
        [0, 'input ended (a malformed line gets an error answer, the stream goes on)'],
        [1, USAGE_ERROR],
      ],
    },
  ).action(async () => {
    // The tournament rules load only when the oracle runs: --help and the HTTP commands stay light.
    const { runTournamentOracle } = await import('./tournament/run-tournament-oracle.js');
    await runTournamentOracle(process.stdin, process.stdout);
  });
  registerTournamentHttpCommands(program.commands.find((c) => c.name() === 'tournament') ?? program);
}

interface HttpOptions {
  readonly url?: string;
  readonly token?: string;
}

/** Runs one call against the server, writing its answer to stdout; refusals and usage errors to stderr. */
function httpAction(options: HttpOptions, call: (target: ServerTarget) => Promise<string>): Promise<void> {
  return printed(() => call(serverTarget(options)));
}

/** Writes a call's answer to stdout; a refusal or a usage error to stderr, with its exit code. */
async function printed(run: () => Promise<string>): Promise<void> {
  try {
    const out = await run();
    process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
  } catch (error) {
    if (error instanceof ServerRefusal) {
      process.stderr.write(`tablecast tournament: ${error.message}\n`);
      process.exitCode = EXIT_SERVER_REFUSED;
      return;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`tablecast tournament: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

/**
 * `tablecast tournament create|import|pair|publish|standings|export|board-time|board-seed`: the tournament API over HTTP
 * (--url or TABLECAST_URL, --token or TABLECAST_TOKEN, an arbiter's or a referee's). Without a
 * subcommand `tablecast tournament` stays the JSON-lines oracle.
 */
function registerTournamentHttpCommands(tournament: Command): void {
  const common = (command: Command): Command =>
    command
      .option('--url <url>', 'the server (default TABLECAST_URL, else http://127.0.0.1:3000)')
      .option('--token <token>', 'a staff token, arbiter or referee (default TABLECAST_TOKEN)');
  const exitCodes: [number, string][] = [
    [0, 'done; the answer on stdout'],
    [1, USAGE_ERROR],
    [EXIT_SERVER_REFUSED, 'the server refused; its answer (the field or the TRN rule) on stderr'],
  ];
  withHelp(
    common(
      tournament.command('create').description('create an event (POST /api/tournaments)'),
    ).requiredOption(
      '--file <path>',
      'the event as JSON (tournamentId, name, ruleset, stages, options); - for stdin',
    ),
    { examples: [['tablecast tournament create --file open2026.json', 'create the event']], exitCodes },
  ).action((options: HttpOptions & { file: string }) =>
    httpAction(options, (t) => tournamentRequest(t, 'POST', '', readJsonFile(options.file))),
  );
  withHelp(
    common(
      tournament
        .command('import')
        .description('import entrants from a CSV sheet (header: name; optional entrant, unit, seed)')
        .argument('<tournament>', 'the tournament id')
        .argument('<csv>', 'the sheet; - for stdin'),
    ),
    {
      examples: [['tablecast tournament import open2026 pairs.csv', 'register every pair of the sheet']],
      exitCodes,
    },
  ).action((id: string, csv: string, options: HttpOptions) =>
    httpAction(options, (t) =>
      tournamentRequest(t, 'POST', `/${encodeURIComponent(id)}/entrants`, { csv: readTextFile(csv) }),
    ),
  );
  withHelp(
    common(
      tournament
        .command('pair')
        .description('pair the next round')
        .argument('<tournament>', 'the tournament id')
        .option('--seed <seed>', 'the seed of a draw by lot (round 1 under firstRound lot)'),
    ),
    { examples: [['tablecast tournament pair open2026', 'pair the next round']], exitCodes },
  ).action((id: string, options: HttpOptions & { seed?: string }) =>
    httpAction(options, (t) =>
      tournamentRequest(
        t,
        'POST',
        `/${encodeURIComponent(id)}/rounds`,
        options.seed === undefined ? {} : { seed: options.seed },
      ),
    ),
  );
  withHelp(
    common(
      tournament
        .command('publish')
        .description('publish a paired round')
        .argument('<tournament>', 'the tournament id')
        .argument('<round>', 'the round number'),
    ),
    { examples: [['tablecast tournament publish open2026 2', 'publish round 2']], exitCodes },
  ).action((id: string, round: string, options: HttpOptions) =>
    httpAction(options, (t) =>
      tournamentRequest(t, 'POST', `/${encodeURIComponent(id)}/rounds/${encodeURIComponent(round)}/publish`),
    ),
  );
  withHelp(
    common(
      tournament
        .command('standings')
        .description('the standings as JSON, every tie-break value explained (--csv: the sheet)')
        .argument('<tournament>', 'the tournament id')
        .option('--csv', 'the standings sheet as CSV'),
    ),
    { examples: [['tablecast tournament standings open2026 --csv', 'the standings sheet']], exitCodes },
  ).action((id: string, options: HttpOptions & { csv?: boolean }) =>
    httpAction(options, (t) =>
      tournamentRequest(
        t,
        'GET',
        `/${encodeURIComponent(id)}/${options.csv === true ? 'standings.csv' : 'standings'}`,
      ),
    ),
  );
  withHelp(
    common(
      tournament
        .command('export')
        .description(
          'export a sheet as CSV: standings, score-sheet (every round) or entrants; standings with ' +
            '--round and --session: a duplicate event’s standings after that session (TRN-MOVE-6)',
        )
        .argument('<tournament>', 'the tournament id')
        .argument('<sheet>', 'standings | score-sheet | entrants')
        .option('--round <n>', 'with --session: the round (轮) whose session the standings stand after')
        .option('--session <n>', 'with --round: the session (局) of that round, from 1'),
    ),
    {
      examples: [
        ['tablecast tournament export open2026 score-sheet > rounds.csv', 'every round’s results'],
        [
          'tablecast tournament export ddz2026 standings --round 2 --session 1',
          'the standings after round 2’s first session, as the move after it reads them',
        ],
      ],
      exitCodes,
    },
  ).action((id: string, sheet: string, options: HttpOptions & SessionOptions) =>
    httpAction(options, (t) => {
      if (!['standings', 'score-sheet', 'entrants'].includes(sheet))
        throw new UsageError(`<sheet>: "${sheet}" is not one of standings, score-sheet, entrants`);
      return tournamentRequest(t, 'GET', `/${encodeURIComponent(id)}/${sheetPath(sheet, options)}`);
    }),
  );
  withHelp(
    common(
      tournament
        .command('board-time')
        .description(
          "the arbiter corrects one player's own play time on one board of a Dou Dizhu or Big Two table " +
            '(TRN-TB-4/5; DEC-T-3: arbiter only, within the TRN-SWISS-9 data-entry window); the recorded result stays',
        )
        .argument('<tournament>', 'the tournament id')
        .requiredOption('--round <n>', 'the round the table played')
        .requiredOption('--match <match>', 'the table as the round names it (r1.t2)')
        .requiredOption(
          '--board <board>',
          'the board as the table result names it (the standings board lines show it)',
        )
        .requiredOption('--entrant <entrant>', 'the player whose time is corrected')
        .requiredOption('--seconds <s>', 'the corrected time, whole seconds (0 to 86400)')
        .requiredOption('--reason <text>', 'why (kept in the audit trail)')
        .option('--revision <n>', 'the tournament revision read (GET /:id); moved on since: refused (409)'),
    ),
    {
      examples: [
        [
          'tablecast tournament board-time open2026 --round 1 --match r1.t2 --board r1.t2.b1 --entrant P4 --seconds 55 --reason "clock ran on through an appeal"',
          "set P4's own time on board r1.t2.b1 to 55 s (BoardTimeCorrected)",
        ],
      ],
      exitCodes,
    },
  ).action((id: string, options: HttpOptions & BoardTimeOptions) =>
    httpAction(options, (t) =>
      tournamentRequest(t, 'POST', `/${encodeURIComponent(id)}/board-times`, boardTimeBody(options)),
    ),
  );
  registerBoardSeedCommand(tournament);
}

/**
 * `tablecast tournament board-seed <tournament> <set>`: a round's board set's seed, released for
 * audit once every table of the set has its result (TRN-MP-1). Public: no token.
 */
function registerBoardSeedCommand(tournament: Command): void {
  withHelp(
    tournament
      .command('board-seed')
      .description(
        "a round's board set's seed, released once every table of the set has its result (TRN-MP-1): " +
          'with it anyone derives every board again and checks the commitments recorded before play',
      )
      .argument('<tournament>', 'the tournament id')
      .argument('<set>', "the board set, as the round's boardSets name it (open2026.r1.g1)")
      .option('--url <url>', 'the server (default TABLECAST_URL, else http://127.0.0.1:3000)'),
    {
      examples: [
        [
          'tablecast tournament board-seed open2026 open2026.r1.g1',
          "round 1 group 1's seed and board commitments",
        ],
      ],
      exitCodes: [
        [0, 'released; the seed, its commitment and the boards’ commitments on stdout as JSON'],
        [1, USAGE_ERROR],
        [
          EXIT_SERVER_REFUSED,
          'refused: 404 for no such set, or a table of it has not recorded its result yet',
        ],
      ],
    },
  ).action((id: string, set: string, options: { url?: string }) =>
    printed(() =>
      publicEventsRequest(
        publicServerUrl(options),
        `/${encodeURIComponent(id)}/board-sets/${encodeURIComponent(set)}/seed`,
      ),
    ),
  );
}

interface SessionOptions {
  readonly round?: string;
  readonly session?: string;
}

/**
 * The sheet's path under the tournament: `<sheet>.csv`, or with --round and --session the standings
 * after that session (TRN-MOVE-6). The two go together, with standings only; their ranges are the
 * server's to check (a 400 naming the field).
 */
function sheetPath(sheet: string, options: SessionOptions): string {
  if (options.round === undefined && options.session === undefined) return `${sheet}.csv`;
  if (sheet !== 'standings')
    throw new UsageError(`--round/--session: only the standings stand after a session, not ${sheet}`);
  if (options.round === undefined) throw new UsageError('--round: needed with --session');
  if (options.session === undefined) throw new UsageError('--session: needed with --round');
  return `rounds/${encodeURIComponent(options.round)}/sessions/${encodeURIComponent(options.session)}/standings.csv`;
}

interface BoardTimeOptions {
  readonly round: string;
  readonly match: string;
  readonly board: string;
  readonly entrant: string;
  readonly seconds: string;
  readonly reason: string;
  readonly revision?: string;
}

/**
 * The body of POST …/board-times (DEC-T-3). The numbers must be whole numbers here; their ranges,
 * like every other field, are the server's to check (a 400 naming the field).
 */
function boardTimeBody(options: BoardTimeOptions): Record<string, unknown> {
  const whole = (flag: string, text: string): number => {
    if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`--${flag}: "${text}" is not a whole number`);
    return Number(text);
  };
  return {
    round: whole('round', options.round),
    match: options.match,
    board: options.board,
    entrant: options.entrant,
    seconds: whole('seconds', options.seconds),
    reason: options.reason,
    ...(options.revision === undefined ? {} : { revision: whole('revision', options.revision) }),
  };
}
