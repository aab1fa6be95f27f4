import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { problemsOf } from './support/checks';

const answer = (statusCode: number, body: string, type = 'application/json; charset=utf-8') =>
  ({ statusCode, body, headers: { 'content-type': type } }) as unknown as LightMyRequestResponse;

describe('The fuzzer’s checks of an answer', () => {
  it('passes a Spanish refusal and a 2xx to a caller who may have it', () => {
    expect(problemsOf(answer(400, '{"message":"Datos inválidos"}'), true)).toEqual([]);
    expect(problemsOf(answer(200, '{"route_prefix":"/home/club-team"}'), false)).toEqual([]);
  });

  it('flags a 5xx and a 2xx to a caller the matrix refuses', () => {
    expect(problemsOf(answer(500, '{"message":"Error interno del servidor"}'), false)).toEqual([
      'status 500',
    ]);
    expect(problemsOf(answer(204, ''), true)).toEqual(['204 to a caller who must be refused']);
  });

  it('flags a stack, SQL, a database error and a server path in the body', () => {
    const leaks = [
      'TypeError: x is undefined\n    at handler (/srv/app/server/x.ts:10:5)',
      'Failed query: select "id" from "users" where "id" = $1',
      'insert into "site_pages" values (default)',
      'duplicate key value violates unique constraint "users_email_key"',
      'ENOENT: /work/main/data/uploads/x.webp',
      'at Object.<anonymous> (node_modules/fastify/lib/route.js:1:1)',
    ];
    for (const leak of leaks) {
      expect(problemsOf(answer(400, JSON.stringify({ message: leak })), false), leak).not.toEqual(
        [],
      );
    }
  });

  it('reads no binary answer (a PDF) and lets the platform health show a failed query', () => {
    expect(problemsOf(answer(200, 'select x from y', 'application/pdf'), false)).toEqual([]);
    const health = JSON.stringify({ message: 'Failed query: insert into "x" values ($1)' });
    expect(problemsOf(answer(200, health), false, { sqlShown: true })).toEqual([]);
  });
});
