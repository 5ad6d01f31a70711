import { resumePointOf } from '@tablecast/broadcast';
import { describe, expect, it } from 'vitest';
import { DisclosureStore } from './disclosure-store';
import { ledgerDir, ledgerEntry } from './testing/ledger-entries';

describe('a feed’s resume point read from the ledger in disclosures.sqlite (real SQLite)', () => {
  it('TC-FEED-3: per audience the highest seq and event revision, a status frame’s none skipped, another match’s rows not counted; the same as from every entry', () => {
    const dir = ledgerDir('tablecast-resume-');
    const store = new DisclosureStore(dir);
    try {
      const ledger = store.forMatch('m1');
      ledger.record(ledgerEntry('venue', 1, 0));
      ledger.record(ledgerEntry('venue', 2, 5));
      // A status frame after the last event frame: its seq counts, its revision does not.
      ledger.record(ledgerEntry('venue', 3, null));
      ledger.record(ledgerEntry('broadcast', 1, null));
      ledger.record(ledgerEntry('staff', 1, 2));
      store.forMatch('m2').record(ledgerEntry('venue', 9, 40));

      const expected = {
        seqs: { staff: 1, venue: 3, broadcast: 1, commentary: 0 },
        revisions: { staff: 2, venue: 5, broadcast: -1, commentary: -1 },
      };
      expect(ledger.resumePoint?.()).toEqual(expected);
      expect(resumePointOf(ledger.list())).toEqual(expected);
      expect(store.forMatch('fresh').resumePoint?.()).toEqual(resumePointOf([]));
    } finally {
      store.close();
    }
  });

  it('TC-FEED-2: per match, the highest event revision released to the broadcast in one read; status frames and other audiences not counted, a match with no broadcast event at -1, a rolled back frame leaving no mark', () => {
    const dir = ledgerDir('tablecast-resume-');
    const store = new DisclosureStore(dir);
    try {
      const ledger = store.forMatch('m1');
      ledger.record(ledgerEntry('broadcast', 1, 0));
      ledger.record(ledgerEntry('broadcast', 2, 7));
      // Status frames after the last event frame carry no revision; a lower revision after a
      // higher one does not lower the mark (the resume point takes the highest).
      ledger.record(ledgerEntry('broadcast', 3, null));
      ledger.record(ledgerEntry('broadcast', 4, 5));
      ledger.record(ledgerEntry('venue', 1, 9));
      store.forMatch('m2').record(ledgerEntry('broadcast', 5, 40));
      store.forMatch('only_status').record(ledgerEntry('broadcast', 1, null));
      store.forMatch('live_only').record(ledgerEntry('venue', 1, 3));
      expect(() => {
        store.atomically(() => {
          store.forMatch('rolled_back').record(ledgerEntry('broadcast', 1, 2));
          store.forMatch('m2').record(ledgerEntry('broadcast', 6, 41));
          throw new Error('the frame was never sent');
        });
      }).toThrow('the frame was never sent');

      const marks = store.broadcastMarks();
      expect(Object.fromEntries(marks)).toEqual({ m1: 7, m2: 40, only_status: -1, live_only: -1 });
      // The same as each ledger's resume point.
      for (const [matchId, mark] of marks)
        expect(store.forMatch(matchId).resumePoint?.().revisions.broadcast).toBe(mark);
    } finally {
      store.close();
    }
  });
});
