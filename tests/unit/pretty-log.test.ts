import { describe, expect, it } from 'vitest';
import { formatLogLine } from '../../server/lib/pretty-log';

const at = new Date(2026, 11, 6, 7, 40, 1).getTime();

describe('formatLogLine (the server log in a terminal)', () => {
  it('shows a request and its answer on short lines', () => {
    const incoming = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/user', remoteAddress: '127.0.0.1' },
      msg: 'incoming request',
    });
    const completed = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'req-1',
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(incoming)).toBe('07:40:01 INFO  [req-1] GET /api/user');
    expect(formatLogLine(completed)).toBe('07:40:01 INFO  [req-1] → 200 (12 ms)');
  });

  it('keeps the other fields as key=value and prints an error with its stack', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      job: 'payment-reminders',
      err: { type: 'Error', message: 'boom', stack: '    at run (job.ts:1:1)' },
      msg: 'run failed',
    });
    expect(formatLogLine(line)).toBe(
      '07:40:01 ERROR run failed  job=payment-reminders\n  Error: boom\n    at run (job.ts:1:1)',
    );
  });

  it('passes a line that is not JSON through', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });
});
