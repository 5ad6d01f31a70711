// Read-your-writes through an api reader of a projector process (TABLECAST_ROLE=projector, the api
// process with API_PROJECTIONS=projector), one command at a time as a person or a seat bot keys:
// each command through the api process, then the staff read with minRevision of the revision it
// wrote, timed from the command's answer to the read's. The read waits for the projector's next
// flush of the shared read models and the reader's next look at their checkpoint. Also the
// projector's CPU per command. BENCH_SERVER_MAIN_JS=<a snapshot's dist/main.js> runs another build
// (bench/snapshot-build.sh), to compare projector flush intervals. PROJECTOR_READS_STEPS commands
// (default 300). Prints its markdown section on stdout; progress on stderr.
import { seededPrng } from '@tablecast/cards';
import { guandanInitialState as initialState } from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN_JS, startApiProcesses, stopApiProcesses } from './lib/api-processes';
import { benchMatchRequest, followAnswer, nextBotCommand, type MatchAnswer } from './lib/bot-match';
import { KeepAliveApi } from './lib/keep-alive-api';
import { processCpuMs } from './lib/process';
import { startProjectorProcess } from './lib/projector-process';
import { fmt, markdownTable, percentile } from './lib/stats';

const STEPS = Number(process.env.PROJECTOR_READS_STEPS ?? '300');
const OPERATOR = 'projector-reads-bench-operator';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(process.env.TMPDIR ?? tmpdir(), 'projector-reads-'));
  const cores = cpus().length;
  const projector = await startProjectorProcess(dir, cores - 1);
  const processes = [projector];
  try {
    processes.push(...(await startApiProcesses(dir, 1, OPERATOR, cores, undefined, true)));
    const [, reader] = processes;
    if (reader === undefined) throw new Error('no api process');
    const api = new KeepAliveApi(reader.url, OPERATOR);
    const waits: number[] = [];
    const commands: number[] = [];
    let projectorCpu = 0;
    try {
      for (let game = 0; waits.length < STEPS; game += 1) {
        const matchId = `reads_${String(game)}`;
        const created = await api.call('POST', '/api/matches', benchMatchRequest(matchId, game));
        if (created.status !== 201) throw new Error(`create ${matchId}: ${String(created.status)}`);
        let state = followAnswer(initialState(), created.body as MatchAnswer);
        let revision = (created.body as MatchAnswer).revision;
        const prng = seededPrng(`reads-${matchId}`);
        for (let key = 0; waits.length < STEPS && state.status !== 'ended'; key += 1) {
          const cpuBefore = processCpuMs(projector.pid);
          const sent = performance.now();
          const answer = await api.call('POST', `/api/matches/${matchId}/commands`, {
            revision,
            idempotencyKey: `${matchId}-${String(key)}`,
            command: nextBotCommand(state, prng),
          });
          const answered = performance.now();
          if (answer.status !== 200) throw new Error(`command: ${String(answer.status)}`);
          const body = answer.body as MatchAnswer;
          revision = body.revision;
          state = followAnswer(state, body);
          const read = await api.call('GET', `/api/matches/${matchId}/state?minRevision=${String(revision)}`);
          if (read.status !== 200) throw new Error(`read: ${String(read.status)}`);
          waits.push(performance.now() - answered);
          commands.push(answered - sent);
          projectorCpu += processCpuMs(projector.pid) - cpuBefore;
        }
      }
    } finally {
      api.close();
    }
    const sorted = [...waits].sort((a, b) => a - b);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
    process.stdout.write(
      [
        `Read-your-writes through an api reader (\`API_PROJECTIONS=projector\`) of a projector process (\`TABLECAST_ROLE=projector\`, its event loop on core ${String(cores - 1)}), \`${MAIN_JS}\`: ${fmt(STEPS, 0)} Guandan bot commands one at a time through the api process, each followed by \`GET /api/matches/:id/state?minRevision=<the revision it wrote>\`, timed from the command's answer to the read's (the projector's next flush of the shared read models plus the reader's next look at their checkpoint, 20 ms). Load average at the end: ${load}.`,
        '',
        markdownTable(
          [
            'commands',
            'read wait ms median',
            'p90',
            'max',
            'command ms median',
            'projector CPU ms per command',
          ],
          [
            [
              fmt(STEPS, 0),
              fmt(percentile(sorted, 50), 1),
              fmt(percentile(sorted, 90), 1),
              fmt(sorted.at(-1) ?? 0, 1),
              fmt(
                percentile(
                  [...commands].sort((a, b) => a - b),
                  50,
                ),
                1,
              ),
              fmt(projectorCpu / STEPS, 2),
            ],
          ],
        ),
      ].join('\n') + '\n',
    );
  } finally {
    await stopApiProcesses(processes);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `projector-reads bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
