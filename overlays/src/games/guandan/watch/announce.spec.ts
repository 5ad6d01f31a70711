import { describe, expect, it } from 'vitest';
import { scene } from '../../../lib/feed/fixtures/recorded';
import { guandanOnAir } from '../on-air-words';
import { announcement } from './announce';

/** The recorded broadcast frames: what their events read as to a screen reader. */
describe('aria-live announcements of released plays and results', () => {
  const onAirZh = guandanOnAir['zh-CN'];
  const onAirEn = guandanOnAir.en;
  const frame = (name: 'bomb' | 'handEnd' | 'latest' | 'penalty') => {
    const { event, view } = scene(name, 'broadcast');
    if (event === null || view === null) throw new Error(`scene ${name} has no event or view`);
    return { event, view };
  };

  it('a play names the seat, the player, the combination and the cards', () => {
    const { event, view } = frame('bomb');
    const data = event.data as { seat: 'N' | 'E' | 'S' | 'W' };
    const zh = announcement(event, view, onAirZh);
    expect(zh).toContain(view.seats[data.seat].playerName);
    expect(zh).toContain('4张炸弹');
    expect(zh).toMatch(/♠K ♥K ♣K/);
    expect(announcement(event, view, onAirEn)).toContain('plays 4-card bomb');
  });

  it('a pass and a deal’s result are announced; other events are not', () => {
    const pass = frame('latest');
    expect(announcement(pass.event, pass.view, onAirEn)).toMatch(/^South .+ passes$/);
    const end = frame('handEnd');
    const zh = announcement(end.event, end.view, onAirZh);
    expect(zh).toContain('双下');
    expect(zh).toMatch(/第1副/);
    const penalty = frame('penalty');
    expect(announcement(penalty.event, penalty.view, onAirZh)).toBeNull();
    expect(announcement(null, penalty.view, onAirZh)).toBeNull();
  });
});
