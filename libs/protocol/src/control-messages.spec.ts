import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './client-messages';
import { parseOverlayCue } from './control-messages';
import { OVERLAY_MOMENTS } from './producer/overlay-cues';

describe('announce (client → server)', () => {
  it('accepts a page announcing its name, build, match, audience and language', () => {
    const raw =
      '{"type":"announce","page":"moments","build":"a1b2c3","matchId":"F1","audience":"broadcast","lang":"en","lastSeq":12}';
    expect(parseClientMessage(raw)).toEqual({
      ok: true,
      message: {
        type: 'announce',
        page: 'moments',
        build: 'a1b2c3',
        matchId: 'F1',
        audience: 'broadcast',
        lang: 'en',
        lastSeq: 12,
      },
    });
  });

  it('needs only page and build', () => {
    expect(parseClientMessage('{"type":"announce","page":"watch","build":"dev"}')).toEqual({
      ok: true,
      message: { type: 'announce', page: 'watch', build: 'dev' },
    });
  });

  it('names the field of a bad announce (missing build, bad match id, negative seq)', () => {
    const noBuild = parseClientMessage('{"type":"announce","page":"table"}');
    expect(!noBuild.ok && noBuild.reason).toContain('field "build"');
    const badMatch = parseClientMessage('{"type":"announce","page":"table","build":"x","matchId":"../etc"}');
    expect(!badMatch.ok && badMatch.reason).toContain('field "matchId"');
    const badSeq = parseClientMessage('{"type":"announce","page":"table","build":"x","lastSeq":-3}');
    expect(!badSeq.ok && badSeq.reason).toContain('field "lastSeq"');
  });
});

describe('parseOverlayCue', () => {
  it('accepts every moment and every lower-third seat', () => {
    for (const moment of OVERLAY_MOMENTS) {
      expect(parseOverlayCue({ moment })).toEqual({ ok: true, cue: { moment } });
    }
    // Any game's seat ids: the server checks them against the cued match's game.
    for (const lowerThird of ['S', 'E', 'N', 'W', '0', '1', '2', 'clear'] as const) {
      expect(parseOverlayCue({ lowerThird })).toEqual({ ok: true, cue: { lowerThird } });
    }
  });

  it('names the field of an unknown moment or seat, under the given prefix', () => {
    expect(parseOverlayCue({ moment: 'dragon' })).toEqual({
      ok: false,
      reason:
        'cue.moment: must be one of bomb, straightFlush, fourJokers, tribute, handEnd, penalty, rocket, spring, antiSpring, delayBuilding, clear',
    });
    for (const lowerThird of ['', 'south-west', 'S E', 'ABCDEFGHI', 3])
      expect(parseOverlayCue({ lowerThird }, 'rules.2.action.cue')).toEqual({
        ok: false,
        reason:
          "rules.2.action.cue.lowerThird: must be a seat id of the match's game (1 to 8 letters or digits) or clear",
      });
  });

  it('refuses game data smuggled into a cue: a cue names a kind of moment, nothing else', () => {
    expect(parseOverlayCue({ moment: 'bomb', cards: ['SA', 'HA', 'CA', 'DA'] })).toEqual({
      ok: false,
      reason: 'cue.cards: unknown field',
    });
  });

  it('refuses both or neither of moment and lowerThird, and non-objects', () => {
    for (const value of [{ moment: 'bomb', lowerThird: 'S' }, {}, null, 'bomb', ['bomb']]) {
      expect(parseOverlayCue(value)).toEqual({
        ok: false,
        reason: 'cue: must be { moment } or { lowerThird } (exactly one of them)',
      });
    }
  });
});
