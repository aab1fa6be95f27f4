/**
 * A terminal's view of the server's log: `07:40:01 INFO  GET /api/user → 200 (12 ms)` instead
 * of pino's JSON lines. main.ts uses it when stdout is a TTY; anything else (a file, a log
 * collector, a pipe) keeps the JSON. It only reshapes lines pino has already written, after
 * redaction and the safe serializers (log-safety.ts), so it shows nothing the JSON would not.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields, and the request/response ones the line already shows. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

const clock = (time: unknown) =>
  typeof time === 'number' ? new Date(time).toTimeString().slice(0, 8) : '--:--:--';

const printable = (value: unknown) =>
  typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);

/** One JSON log line as one or more readable lines; a line that is not JSON comes back as is. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.replace(/\n$/, '');
  }
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text = String(entry.msg ?? '');
  // Fastify's request lines: the request once, then its answer with the time it took.
  if (req && text === 'incoming request') text = `${req.method} ${req.url}`;
  if (res && text === 'request completed') {
    const ms =
      typeof entry.responseTime === 'number' ? ` (${Math.round(entry.responseTime)} ms)` : '';
    text = `→ ${res.statusCode}${ms}`;
  }
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${printable(value)}`);
  const reqId = entry.reqId ? ` [${String(entry.reqId)}]` : '';
  const lines = [
    `${clock(entry.time)} ${level}${reqId} ${text}${fields.length ? `  ${fields.join(' ')}` : ''}`,
  ];
  const err = entry.err as LoggedError | undefined;
  if (err) {
    lines.push(`  ${err.type ?? 'Error'}: ${err.message ?? ''}`);
    if (err.stack) lines.push(err.stack);
  }
  return lines.join('\n');
}

/** A pino destination that writes each line formatted to `out` (stdout by default). */
export function prettyLogStream(out: NodeJS.WritableStream = process.stdout) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line) out.write(`${formatLogLine(line)}\n`);
      }
    },
  };
}
