import { readdirSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { contractModules } from '../../server/openapi/contract-components';
import { XLSX } from '../../server/openapi/file-answers';
import { describeEachDatabase } from './support/test-app';

/*
 * The OpenAPI document is one an integrator can generate a client from (issue #35 item 7):
 * it lints clean with Redocly's recommended rules, names every operation and the contract's
 * schemas, types the file answers and says which operations need the bearer token.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  parameters?: { name: string; in: string; schema: { $ref?: string; enum?: string[] } }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

/** The operations that need no session: signing in and up, public pages, token links. */
const PUBLIC_OPERATIONS = [
  'getHealth',
  'getHealthLive',
  'getHealthReady',
  'register',
  'login',
  'requestPasswordReset',
  'resetPassword',
  'getAppConfig',
  'listPlans',
  'sendContactMessage',
  'listBlogPosts',
  'getBlogPost',
  'getSitePage',
  'listHelpArticles',
  'getPhotoFile',
  'getCoverFile',
  'getCalendarFeedIcs',
  'getPublicReceiptPdf',
  'getInvitation',
  'acceptInvitation',
  'rejectInvitation',
  'registerParent',
  'getLinkRequestByToken',
  'acceptLinkRequestByToken',
  'declineLinkRequestByToken',
  'confirmAccountEmailChange',
];

const SPREADSHEET = [XLSX, 'text/csv'];

/**
 * Redocly's warnings the document keeps on purpose: zod writes a described `$ref` as a
 * one-schema `allOf`; the health checks answer no 4xx; the product has no public licence;
 * `/link-requests/{requestId}/accept` and `/link-requests/by-token/{token}` differ in their
 * literal segments. Any other warning (a required property no schema defines, …) fails.
 */
const ACCEPTED_WARNINGS = [
  'no-illogical-composition-keywords',
  'operation-4xx-response',
  'info-license',
  'no-ambiguous-paths',
];

describeEachDatabase('the OpenAPI document', (ctx) => {
  let source = '';
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  const operation = (operationId: string) => {
    const found = operations().find((entry) => entry.operation.operationId === operationId);
    if (!found) throw new Error(`no operation ${operationId}`);
    return found.operation;
  };
  const mediaTypes = (operationId: string) =>
    Object.keys(operation(operationId).responses['200']?.content ?? {}).sort();

  beforeAll(async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    source = response.body;
    document = response.json<Document>();
  });

  it("passes Redocly's recommended rules with no error, and warns only where it is meant", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const unexpected = problems
      .filter(
        (problem) => problem.severity === 'error' || !ACCEPTED_WARNINGS.includes(problem.ruleId),
      )
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(unexpected).toEqual([]);
  });

  it('documents every API route once, each with its own camelCase operationId', () => {
    const apiRoutes = ctx.routes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        !route.url.startsWith('/api/docs'),
    );
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids).toHaveLength(apiRoutes.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('listClubPlayers')).toBe(
      document.paths['/api/pla_club_teams/{id}/players']?.get,
    );
    expect(operation('approveClubPaymentRecord')).toBe(
      document.paths['/api/pla_club_teams/{id}/payments/{paymentId}/records/{recordId}/approve']
        ?.post,
    );
  });

  it('names the contract schemas as components and every JSON body refers to one', () => {
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(100);
    const bodies = operations().flatMap(({ operation }) =>
      Object.values(operation.requestBody?.content ?? {}),
    );
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) expect(body.schema.$ref).toMatch(/^#\/components\/schemas\/\w+$/);
    expect(operation('login').requestBody?.content['application/json']?.schema.$ref).toBe(
      '#/components/schemas/LoginRequest',
    );
    expect(operation('createClubPlayer').requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/PlayerCreate',
    });
    expect(operation('listClubPlayers').responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/PlayerListResponse' } },
    });
    // Every $ref points at a component that is there.
    for (const [, name] of source.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas).toHaveProperty([name ?? '']);
    }
  });

  it('names every contract module that exports zod schemas', async () => {
    const contractDir = new URL('../../contract/', import.meta.url);
    const withSchemas: string[] = [];
    for (const file of readdirSync(contractDir).filter((name) => name.endsWith('.ts'))) {
      const exports = (await import(new URL(file, contractDir).href)) as Record<string, unknown>;
      const schemaExports = Object.entries(exports).filter(
        ([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType,
      );
      if (schemaExports.length > 0) withSchemas.push(file);
    }
    const listed = new Set(
      Object.values(contractModules).flatMap((exports) => Object.values(exports)),
    );
    for (const file of withSchemas) {
      const exports = (await import(new URL(file, contractDir).href)) as Record<string, unknown>;
      const missing = Object.entries(exports).filter(
        ([name, value]) =>
          name.endsWith('Schema') && value instanceof z.ZodType && !listed.has(value),
      );
      expect(missing.map(([name]) => `${file}: ${name}`)).toEqual([]);
    }
  });

  it('gives the file answers their media types', () => {
    expect(mediaTypes('getClubPaymentReceiptPdf')).toEqual(['application/pdf']);
    expect(mediaTypes('getPublicReceiptPdf')).toEqual(['application/pdf']);
    expect(mediaTypes('getCalendarFeedIcs')).toEqual(['text/calendar']);
    expect(mediaTypes('downloadAdminReport')).toEqual(SPREADSHEET);
    expect(mediaTypes('getClubPlayerImportTemplate')).toEqual(SPREADSHEET);
    expect(mediaTypes('getClubPaymentRecordProof')).toEqual(['application/pdf', 'image/webp']);
    const exports = operations().filter(
      ({ method, path }) =>
        method === 'get' && path.endsWith('/export') && path !== '/api/account/export',
    );
    expect(exports.length).toBeGreaterThanOrEqual(12);
    for (const { operation: exported } of exports) {
      expect(Object.keys(exported.responses['200']?.content ?? {}).sort()).toEqual(SPREADSHEET);
    }
    expect(operation('getClubPaymentReceiptPdf').responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('offers only the real reports and formats', () => {
    const parameters = operation('downloadAdminReport').parameters ?? [];
    const enumOf = (name: string) => {
      const ref = parameters.find((parameter) => parameter.name === name)?.schema.$ref ?? '';
      return document.components.schemas[ref.replace('#/components/schemas/', '')]?.enum;
    };
    expect(enumOf('report')).toEqual(['clubs', 'users', 'payments']);
    expect(enumOf('format')).toEqual(['csv', 'xlsx']);
    const exportFormat = operation('exportClubPlayers').parameters?.find(
      (parameter) => parameter.name === 'format',
    );
    expect(exportFormat?.schema.enum).toEqual(['csv', 'xlsx']);
  });

  it('asks the bearer token of every operation but the public ones', () => {
    for (const id of PUBLIC_OPERATIONS) expect(operation(id).security, id).toEqual([]);
    // Logging out works without a token and revokes the one it is given.
    expect(operation('logout').security).toEqual([{}, { bearerAuth: [] }]);
    const others = operations().filter(
      ({ operation: { operationId } }) =>
        operationId !== 'logout' && !PUBLIC_OPERATIONS.includes(operationId ?? ''),
    );
    for (const { operation: other } of others) {
      expect(other.security, other.operationId).toEqual([{ bearerAuth: [] }]);
    }
  });
});
