import { describe, expect, it } from 'vitest';
import { MEETING } from '../../contracts/meeting';
import { withGap } from '../../durable-objects/meeting-completion';
import { LagGauge } from '../../durable-objects/meeting-lag';

/** The room's measure of how far subtitles run behind, and the gaps it leaves for the end. */

describe('subtitle lag', () => {
  it('is announced past the threshold, as it changes by whole seconds, and once when recognition caught up', () => {
    const gauge = new LagGauge(10_000);
    gauge.sent(12_000);
    gauge.heard(11_500);
    expect(gauge.lagMs).toBe(500);
    expect(gauge.change()).toBeUndefined();
    // 1.5 s heard of 5 s sent: 3.5 s behind, past the threshold.
    gauge.sent(10_000 + (MEETING.lagShowSeconds + 2) * 1000);
    expect(gauge.lagMs).toBe((MEETING.lagShowSeconds + 0.5) * 1000);
    expect(gauge.change()).toBe(Math.round(MEETING.lagShowSeconds + 0.5));
    expect(gauge.behind).toBe(true);
    // Behind, but not so far that translating the words being heard is shed too.
    expect(gauge.farBehind).toBe(false);
    // The same whole second is not announced twice.
    gauge.sent(10_000 + (MEETING.lagShowSeconds + 2) * 1000 + 100);
    expect(gauge.change()).toBeUndefined();
    // Catching up below the threshold still shows the delay left, then clears it once under a second.
    gauge.heard(10_000 + (MEETING.lagShowSeconds + 2) * 1000 - 2000);
    expect(gauge.change()).toBe(2);
    gauge.heard(10_000 + (MEETING.lagShowSeconds + 2) * 1000);
    expect(gauge.change()).toBe(0);
    expect(gauge.behind).toBe(false);
    expect(gauge.change()).toBeUndefined();
  });

  it('never counts recognition ahead of the audio, and clears only a delay that was shown', () => {
    const gauge = new LagGauge(0);
    gauge.heard(5000);
    gauge.sent(4000);
    expect(gauge.lagMs).toBe(0);
    expect(gauge.clear()).toBeUndefined();
    gauge.sent(20_000);
    expect(gauge.change()).toBe(15);
    expect(gauge.farBehind).toBe(15 > MEETING.lagShedTranslationSeconds);
    expect(gauge.clear()).toBe(0);
    expect(gauge.showing).toBe(0);
  });
  it('gives up on a connection only when it is both that far behind and at least that old', () => {
    const gauge = new LagGauge(0, 1_000_000);
    gauge.sent(40_000);
    gauge.heard(5000);
    expect(gauge.hopeless(30_000, 1_000_000 + 10_000)).toBe(false);
    expect(gauge.hopeless(30_000, 1_000_000 + 31_000)).toBe(true);
    gauge.heard(15_000);
    expect(gauge.hopeless(30_000, 1_000_000 + 31_000)).toBe(false);
  });
});

describe('gaps left by the recogniser', () => {
  it('are kept in order and merged where they touch', () => {
    const gaps = [
      { fromMs: 50_000, toMs: 60_000 },
      { fromMs: 0, toMs: 1000 },
      { fromMs: 55_000, toMs: 70_000 },
    ].reduce(withGap, []);
    expect(gaps).toEqual([
      { fromMs: 0, toMs: 1000 },
      { fromMs: 50_000, toMs: 70_000 },
    ]);
  });
});
