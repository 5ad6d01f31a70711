import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { matchProgress } from './match-progress';

/** A stream that keeps what is written to it; `isTTY` as a terminal or a pipe would say. */
function capture(isTTY: boolean): Writable & { isTTY: boolean; columns: number; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { isTTY, columns: 100, text: () => chunks.join('') });
}

describe('simulate progress', () => {
  it('in a log: a plain line per match for a short run, with the elapsed time', () => {
    const log = capture(false);
    let clock = 0;
    const progress = matchProgress(log, 4, () => clock);
    for (let done = 1; done <= 4; done += 1) {
      clock += 1500;
      progress.update(done);
    }
    progress.stop();
    expect(log.text().split('\n')).toEqual([
      'simulate: 1/4 matches (25%) after 2 s',
      'simulate: 2/4 matches (50%) after 3 s',
      'simulate: 3/4 matches (75%) after 5 s',
      'simulate: 4/4 matches (100%) after 6 s',
      '',
    ]);
  });

  it('in a log: at most twenty lines for a long run, the last one always', () => {
    const log = capture(false);
    const progress = matchProgress(log, 45, () => 0);
    for (let done = 1; done <= 45; done += 1) progress.update(done);
    const lines = log.text().trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(21);
    expect(lines[0]).toBe('simulate: 3/45 matches (6%) after 0 s');
    expect(lines.at(-1)).toBe('simulate: 45/45 matches (100%) after 0 s');
  });

  it('on a terminal: a bar redrawn in place', () => {
    const terminal = capture(true);
    const progress = matchProgress(terminal, 4);
    progress.update(2);
    progress.stop();
    const text = terminal.text();
    expect(text).toContain('2/4 matches');
    expect(text).toContain('\u001b['); // cursor control: the line is redrawn, not appended
    expect(text).not.toContain('simulate: 2/4 matches (50%)');
  });
});
