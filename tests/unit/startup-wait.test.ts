import { describe, expect, it } from 'vitest';
import { DatabaseStartupError, untilDatabaseAnswers } from '../../server/db/startup-wait';

/** An error with the `code` a driver or Node puts on it. */
const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
const refused = () => coded('ECONNREFUSED', 'connect ECONNREFUSED postgres://u:secret@db:5432/x');

/** A fake clock that the fake sleep moves forward, and the retries it was told about. */
function fakeWait(maxMs: number) {
  let clock = 0;
  const retries: string[] = [];
  return {
    retries,
    wait: {
      everyMs: 2_000,
      maxMs,
      onRetry: (attempt: number, code: string, waitMs: number) =>
        retries.push(`${attempt} ${code} ${waitMs}`),
      sleep: async (ms: number) => void (clock += ms),
      now: () => clock,
    },
  };
}

describe('untilDatabaseAnswers: a start waits for PostgreSQL', () => {
  it('retries every 2 s while the database is out of reach, then answers what the start gave', async () => {
    const { wait, retries } = fakeWait(60_000);
    let calls = 0;
    const answer = await untilDatabaseAnswers(async () => {
      calls += 1;
      if (calls === 1) throw refused();
      if (calls === 2) throw coded('57P03', 'the database system is starting up');
      return 'ready';
    }, wait);
    expect(answer).toBe('ready');
    expect(retries).toEqual(['1 ECONNREFUSED 2000', '2 57P03 2000']);
  });

  it('gives up once the wait is spent, with a message that names no secret', async () => {
    const { wait, retries } = fakeWait(5_000);
    const started = untilDatabaseAnswers(async () => {
      throw new Error('Failed query: select 1', { cause: refused() });
    }, wait);
    await expect(started).rejects.toBeInstanceOf(DatabaseStartupError);
    const error = (await started.catch((e: unknown) => e)) as DatabaseStartupError;
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/3 attempts in 4 s/);
    expect(error.message).not.toMatch(/secret/);
    expect(retries).toEqual(['1 ECONNREFUSED 2000', '2 ECONNREFUSED 2000']);
  });

  it('does not retry an error that is not the database being away', async () => {
    const { wait, retries } = fakeWait(60_000);
    const failing = untilDatabaseAnswers(async () => {
      throw coded('28P01', 'password authentication failed');
    }, wait);
    await expect(failing).rejects.toThrow('password authentication failed');
    expect(retries).toEqual([]);
  });

  it('with no wait configured, a refused first attempt ends the start', async () => {
    const { wait } = fakeWait(0);
    await expect(untilDatabaseAnswers(async () => Promise.reject(refused()), wait)).rejects.toThrow(
      DatabaseStartupError,
    );
  });
});
