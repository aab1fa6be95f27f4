import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { superAdmin } from './support/clubs';
import { stringLeaves } from './support/schema-leaves';
import { describeEachDatabase, type RegisteredRoute, type TestContext } from './support/test-app';

/*
 * Issue #10, items 4 and 5, over every route the app registers: the request schemas are
 * walked (tests/api/support/schema-leaves.ts), so a new route or field is covered without
 * being listed here.
 */

type Part = 'params' | 'querystring' | 'body';
const PARTS: Part[] = ['params', 'querystring', 'body'];

const schemaOf = (route: RegisteredRoute, part: Part) =>
  (route.schema as Partial<Record<Part, z.ZodType>> | undefined)?.[part];

/** The API routes with a request schema, one per method and path. */
const apiRoutes = (ctx: TestContext) =>
  ctx.routes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      route.method !== 'HEAD' &&
      PARTS.some((part) => schemaOf(route, part)),
  );

/** Values a path parameter may take: an id, an invitation token, a flow's slug. */
const PARAM_SAMPLES = ['1', '0'.repeat(64), 'default'];

/** The route's path with `overrides` for some params and a value each accepts for the others. */
function pathOf(route: RegisteredRoute, overrides: Record<string, string> = {}): string {
  const params = schemaOf(route, 'params') as z.ZodObject | undefined;
  const shape = (params?.shape ?? {}) as Record<string, z.ZodType>;
  return route.url.replace(/:([A-Za-z_]+)\??/g, (_match, name: string) => {
    if (overrides[name] !== undefined) return overrides[name];
    return PARAM_SAMPLES.find((sample) => shape[name]?.safeParse(sample).success) ?? '1';
  });
}

interface Probe {
  route: RegisteredRoute;
  field: string;
  request: { url: string; body?: unknown };
}

/** One request per string field of every route, with `text` in that field. */
function probes(ctx: TestContext, text: string): Probe[] {
  return apiRoutes(ctx).flatMap((route) =>
    PARTS.flatMap((part) => {
      const schema = schemaOf(route, part);
      if (!schema) return [];
      return stringLeaves(schema).map((leaf) => {
        const field = leaf.path.join('.');
        const name = String(leaf.path[0]);
        if (part === 'params') {
          return {
            route,
            field,
            request: { url: pathOf(route, { [name]: encodeURIComponent(text) }) },
          };
        }
        if (part === 'querystring') {
          const query = new URLSearchParams({ [name]: text });
          return { route, field, request: { url: `${pathOf(route)}?${query}` } };
        }
        return { route, field, request: { url: pathOf(route), body: leaf.place(text) } };
      });
    }),
  );
}

const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describeEachDatabase('request inputs: control characters and loose ids', (ctx) => {
  it('walks a fair share of the API (the walker finds the routes and their fields)', () => {
    const nul = probes(ctx, 'a\u0000b');
    expect(apiRoutes(ctx).length).toBeGreaterThan(20);
    expect(nul.length).toBeGreaterThan(40);
    expect(nul.map((probe) => `${probe.route.method} ${probe.route.url} ${probe.field}`)).toEqual(
      expect.arrayContaining([
        'POST /api/register email',
        'POST /api/pla_club_teams name',
        'PUT /api/profile/update-step data.name',
        'GET /api/pla_club_teams/:id/members q',
        'DELETE /api/admin/modules/:id id',
      ]),
    );
  });

  for (const [name, text] of [
    ['a NUL byte', 'Ana\u0000Pérez'],
    ['an escape character', 'Ana\u001bPérez'],
    ['a DEL character', 'Ana\u007f'],
  ] as const) {
    it(`refuses ${name} in every string field of every route with 400 on that field`, async () => {
      const { token } = await superAdmin(ctx);
      const answers = [];
      for (const probe of probes(ctx, text)) {
        const response = await ctx.request({
          method: probe.route.method as 'GET',
          url: probe.request.url,
          body: probe.request.body,
          token,
        });
        answers.push({
          call: `${probe.route.method} ${probe.route.url} ${probe.field}`,
          status: response.statusCode,
          refusesField: fieldsOf(response.json()).includes(probe.field),
        });
      }
      const wrong = answers.filter((answer) => answer.status !== 400 || !answer.refusesField);
      expect(wrong).toEqual([]);
    });
  }

  it('lets line breaks through in multi-line text only (a club description, not its name)', async () => {
    const { token } = await superAdmin(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/pla_club_teams',
      token,
      body: { name: 'Club\nNorte', description: 'Primera línea\nSegunda línea' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['name']);
  });

  it('refuses every loose spelling of an id in every numeric path parameter', async () => {
    const { token } = await superAdmin(ctx);
    const wrong = [];
    for (const route of apiRoutes(ctx)) {
      const params = schemaOf(route, 'params') as z.ZodObject | undefined;
      if (!params) continue;
      for (const [name, schema] of Object.entries(params.shape as Record<string, z.ZodType>)) {
        // A numeric parameter: '1' parses to the number 1.
        if (schema.safeParse('1').data !== 1) continue;
        for (const loose of ['0x1', '01', '1e0', '+1', ' 1', '1.0', '0', '-1', '2147483648']) {
          const response = await ctx.request({
            method: route.method as 'GET',
            url: pathOf(route, { [name]: encodeURIComponent(loose) }),
            token,
            body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          });
          if (response.statusCode !== 400 || !fieldsOf(response.json()).includes(name)) {
            wrong.push(
              `${route.method} ${route.url} ${name}=${JSON.stringify(loose)}: ${response.statusCode}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  describe('ids in bodies and queries', () => {
    it('refuses a loose id in a body or a query filter', async () => {
      const { token } = await superAdmin(ctx);
      const body = await ctx.request({
        method: 'POST',
        url: '/api/admin/roles/permissions',
        token,
        body: { role_id: '0x1', module_id: 1, permission_ids: ['1e0'] },
      });
      expect(body.statusCode).toBe(400);
      expect(fieldsOf(body.json())).toEqual(
        expect.arrayContaining(['role_id', 'permission_ids.0']),
      );
    });
  });
});
