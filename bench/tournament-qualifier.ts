// The online qualifier alone (tournament-server.ts), for profiling the server's CPU per command
// without the pairing cases and the operator-pace run before it. Not a *.bench.ts: it writes
// nothing into RESULTS.md; it prints its markdown on stdout. Same settings as the full bench
// (BENCH_TRN_QUALIFIER_*, BENCH_SERVER_NODE_ARGS, BENCH_SERVER_MAIN_JS); BENCH_TRN_QUALIFIER_TRANSPORT
// is `play` (each seat on its own /ws/play socket, as devices play) or `http` (every command a staff
// POST /api/matches/<id>/commands), `play` unless set; BENCH_TRN_QUALIFIER_ROLE is `all` (the default)
// or `api` (the server as one api process on a log dir of its own). The server inherits the
// environment, so BROADCAST_DELAY_MS=1000 releases the delayed feeds inside the run.
// Run with `nice -n 10 npx tsx bench/tournament-qualifier.ts` after `npx tsc -b tsconfig.json`.
import { onlineQualifier } from './tournament-server';

onlineQualifier().then(
  (section) => {
    process.stdout.write(`${section}\n`);
  },
  (error: unknown) => {
    process.stderr.write(
      `tournament qualifier: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
