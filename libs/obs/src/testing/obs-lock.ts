import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK_DIR = join(tmpdir(), 'tablecast-real-obs.lock');

function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(LOCK_DIR, 'pid'), 'utf8'));
  } catch {
    return true; // the holder has made the directory and is writing its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A second Debian OBS 29 started while one runs never opened its port in our runs (it hangs
 * early in start-up, presumably at the "already running" prompt nobody can click headless), so
 * test files that start OBS take turns: a lock
 * directory across processes, freed when its holder exits.
 */
export async function acquireObsLock(timeoutMs: number): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      return () => {
        rmSync(LOCK_DIR, { recursive: true, force: true });
      };
    } catch {
      if (!holderAlive()) rmSync(LOCK_DIR, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`another test holds the real OBS (${LOCK_DIR}) for too long`);
      await new Promise((settle) => setTimeout(settle, 250));
    }
  }
}
