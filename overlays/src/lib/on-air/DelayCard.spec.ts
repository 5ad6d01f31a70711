import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { recordedFeed } from '../feed/fixtures/recorded';
import { messages } from '../i18n';
import DelayCard from './DelayCard.svelte';

describe('DelayCard.svelte, from the recorded "delay building" frame', () => {
  const status = recordedFeed.building.status;
  if (status.state !== 'delayBuilding') throw new Error('the recorded building frame is live');

  it('says the delay is building and counts down to the first release', () => {
    const resumesAt = status.resumesAt ?? 0;
    const html = render(DelayCard, {
      props: { status, text: messages['zh-CN'].onAir, nowMs: resumesAt - 2_400 },
    }).body;
    expect(html).toContain('安全延时建立中');
    expect(html).toContain('直播画面将在安全延时后开始');
    expect(html).toMatch(/data-testid="delay-countdown"[^>]*>3秒后开始</);
  });

  it('names a clock fault, with no countdown when no release is due, in English on request', () => {
    const html = render(DelayCard, {
      props: { status: { ...status, reason: 'clock', resumesAt: null }, text: messages.en.onAir, nowMs: 0 },
    }).body;
    expect(html).toContain('Clock fault: rebuilding the delay');
    expect(html).not.toContain('delay-countdown');
  });
});
