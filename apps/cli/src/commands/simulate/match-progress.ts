import { Presets, SingleBar } from 'cli-progress';

/** Progress of a run of matches, drawn for a person at a terminal or logged line by line. */
export interface MatchProgress {
  /** `done` matches of the total have finished. */
  update(done: number): void;
  stop(): void;
}

/** At most this many progress lines in a log, however many matches (plus the last one). */
const LOG_LINES = 20;

/**
 * A bar redrawn in place on a terminal (cli-progress); in a log or a pipe, where a bar would be
 * nothing or a wall of carriage returns, a plain line every twentieth of the run and at the end.
 */
export function matchProgress(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  total: number,
  now: () => number = Date.now,
): MatchProgress {
  if (stream.isTTY === true) {
    const bar = new SingleBar(
      {
        format: 'simulate [{bar}] {value}/{total} matches | {eta_formatted} left',
        hideCursor: true,
        stream,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0);
    return {
      update: (done) => {
        bar.update(done);
      },
      stop: () => {
        bar.stop();
      },
    };
  }
  const started = now();
  const every = Math.max(1, Math.ceil(total / LOG_LINES));
  let last = 0;
  return {
    update: (done) => {
      if (done === last || (done % every !== 0 && done !== total)) return;
      last = done;
      const seconds = Math.round((now() - started) / 1000);
      const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
      stream.write(
        `simulate: ${String(done)}/${String(total)} matches (${String(percent)}%) after ${String(seconds)} s\n`,
      );
    },
    stop: () => undefined,
  };
}
