import type { LightMyRequestResponse } from 'fastify';

/** What an answer must never hold (docs/security.md): a stack, SQL, a path of the server. */
const LEAKS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat [^\s()]+ \(?[^\s()]*:\d+:\d+\)?/],
  ['an error with its stack', /\w*Error: [^"]*\n\s+at /],
  [
    'SQL',
    /\bselect\b.{0,200}?\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate \S+ set\b|failed query/i,
  ],
  [
    'a database error',
    /syntax error at|relation "|violates|duplicate key|invalid input syntax|out of range for type|column "/i,
  ],
  // The SPA's own routes live under /home/…: a server path names a source file.
  [
    'a file path',
    /\/work\/|node_modules|file:\/\/|\/home\/[^"\s]*\.[cm]?[jt]sx?\b|\.[cm]?[jt]sx?:\d/,
  ],
];

/** Content types whose body is text worth reading (a PDF or a spreadsheet is not). */
const TEXTUAL = /json|text|html|xml|calendar/;

/**
 * What is wrong with one answer: a 5xx, a leak, or a 2xx to a caller the authorisation
 * matrix refuses (docs/access-control.md). Empty when the answer is fine. `sqlShown`: the
 * super admin's platform health lists recent 5xx with a failed query's text, by design
 * (server/lib/error-handler.ts keeps the SQL, never its parameters).
 */
export function problemsOf(
  response: LightMyRequestResponse,
  mustRefuse: boolean,
  { sqlShown = false } = {},
): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  if (mustRefuse && response.statusCode >= 200 && response.statusCode < 300) {
    problems.push(`${response.statusCode} to a caller who must be refused`);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (!type || TEXTUAL.test(type)) {
    for (const [what, pattern] of LEAKS) {
      if (sqlShown && what === 'SQL') continue;
      const match = pattern.exec(response.body);
      if (match) problems.push(`${what} in the body: ${JSON.stringify(match[0].slice(0, 80))}`);
    }
  }
  return problems;
}
