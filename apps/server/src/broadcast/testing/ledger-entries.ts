import type { Audience, DisclosureEntry } from '@tablecast/broadcast';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh directory for a ledger file, removed once the test that asked for it ends. */
export function ledgerDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A ledger row: an event frame at `revision`, or a status frame (no event) when it is null. */
export function ledgerEntry(audience: Audience, seq: number, revision: number | null): DisclosureEntry {
  return {
    audience,
    seq,
    eventType: revision === null ? null : 'CardsPlayed',
    revision,
    position: revision === null ? null : String(revision + 1),
    recordedAt: revision === null ? null : '2026-11-29T12:00:00.000Z',
    releasedAt: 1_000 + seq,
    viewRevision: revision ?? -1,
    status: revision === null ? 'delayBuilding' : 'live',
  };
}
