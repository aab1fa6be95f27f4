import { describe, expect, it } from 'vitest';
import { recentFigures } from '../../server/lib/recent-figures';
import { FakeClock } from '../api/support/fakes';

/*
 * recentFigures (server/lib/recent-figures.ts): one computation for many callers at the
 * same moment, a kept answer until it is `maxAgeMs` old on the app's clock, a failure
 * never kept.
 */

function counter() {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const compute = async (key: string) => {
    calls.push(key);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { key, n: calls.length };
  };
  return { calls, compute, release: () => release() };
}

describe('recentFigures', () => {
  it('computes once when the same figures are asked twice at once', async () => {
    const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
    const source = counter();
    const figures = recentFigures(clock, { maxAgeMs: 60_000 }, source.compute);
    const both = Promise.all([figures('club:1'), figures('club:1')]);
    await Promise.resolve();
    source.release();
    const [first, second] = await both;
    expect(source.calls).toEqual(['club:1']);
    expect(second).toBe(first);
  });

  it('keeps an answer until it is maxAgeMs old, per key', async () => {
    const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
    let n = 0;
    const figures = recentFigures(clock, { maxAgeMs: 60_000 }, async (key: string) => {
      n += 1;
      return { key, n };
    });
    expect(await figures('a')).toEqual({ key: 'a', n: 1 });
    clock.advance(59_000);
    expect(await figures('a')).toEqual({ key: 'a', n: 1 });
    expect(await figures('b')).toEqual({ key: 'b', n: 2 });
    clock.advance(1_001);
    expect(await figures('a')).toEqual({ key: 'a', n: 3 });
  });

  it('never keeps a failure', async () => {
    const clock = new FakeClock();
    let fail = true;
    const figures = recentFigures(clock, { maxAgeMs: 60_000 }, async () => {
      if (fail) throw new Error('base de datos caída');
      return { ok: true };
    });
    await expect(figures('x')).rejects.toThrow('base de datos caída');
    fail = false;
    expect(await figures('x')).toEqual({ ok: true });
  });

  it('serves the last answer while the next is computed, when asked to', async () => {
    const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
    const source = counter();
    const figures = recentFigures(
      clock,
      { maxAgeMs: 60_000, staleWhileComputing: true },
      source.compute,
    );
    const first = figures('p');
    await Promise.resolve();
    source.release();
    expect(await first).toEqual({ key: 'p', n: 1 });
    clock.advance(60_001);
    // Past its age: the old answer at once, the next one computing meanwhile.
    expect(await figures('p')).toEqual({ key: 'p', n: 1 });
    expect(source.calls).toEqual(['p', 'p']);
    source.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await figures('p')).toEqual({ key: 'p', n: 2 });
  });
});
