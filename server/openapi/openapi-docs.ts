import fastifySwagger, {
  type SwaggerTransform,
  type SwaggerTransformObject,
} from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from '@fastify/type-provider-zod';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { accessRowOf } from '../../contract/access-table';
import { reportFormatSchema, reportKindSchema } from '../../contract/reports.schema';
import { DOCS_CSP } from '../lib/security-headers';
import { contractComponents } from './contract-components';
import { tidyDocument } from './document-tidy';
import { fileAnswerOf } from './file-answers';
import { operationIdOf } from './operation-ids';

/*
 * The OpenAPI document at `<prefix>/json` (and the UI at `<prefix>`), made for an
 * integrator to generate a client from (issue #35 item 7, docs/api.md): every operation
 * has an operationId, the contract's schemas are named components, the file answers have
 * their media types and every operation says whether it needs the bearer token.
 *
 * Nothing here runs when the app starts: @fastify/swagger builds the document on its
 * first request (tests build the app thousands of times and rarely ask for it).
 */

const bearer = [{ bearerAuth: [] }];

/** Public routes that still read the bearer when it comes: logging out revokes it. */
const optionalBearer = new Set(['POST /api/logout']);

/**
 * Path parameters the document states more precisely than the route validates them: a
 * report or a format the route does not know answers 404 (not 400), so the route takes any
 * text, while a client should offer only the real ones.
 */
const documentedParams: Readonly<Record<string, z.ZodObject>> = {
  'GET /api/admin/reports/:report.:format': z.object({
    report: reportKindSchema,
    format: reportFormatSchema,
  }),
};

/**
 * The same schema without its component name: @fastify/swagger expands params, query and
 * headers into parameters and cannot follow a `$ref` there.
 */
function unnamed(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType) || !contractComponents().get(schema)?.id) return schema;
  const zod = (schema as $ZodType)._zod;
  return new zod.constr(zod.def);
}

/** Public and token routes (the access table's 'public' and 'token') need no bearer. */
function securityOf(method: string, url: string) {
  const requires = accessRowOf(method, url)?.requires;
  if (requires !== 'public' && requires !== 'token') return bearer;
  return optionalBearer.has(`${method} ${url}`) ? [{}, ...bearer] : [];
}

function createTransform(skipList: readonly string[]): SwaggerTransform {
  let zodTransform: SwaggerTransform | undefined;
  return (document) => {
    zodTransform ??= createJsonSchemaTransform({
      skipList,
      schemaRegistry: contractComponents(),
    }) as SwaggerTransform;
    const { route, url } = document;
    const method = [route.method].flat()[0] ?? 'GET';
    const key = `${method} ${url}`;
    const schema = document.schema as (FastifySchema & Record<string, unknown>) | undefined;
    const result = zodTransform({
      ...document,
      // Undefined stays undefined: the zod transform passes a route with no schema through.
      schema: (schema && {
        ...schema,
        params: documentedParams[key] ?? unnamed(schema.params),
        querystring: unnamed(schema.querystring),
        headers: unnamed(schema.headers),
      }) as FastifySchema,
    });
    const transformed = (result.schema ?? {}) as Record<string, unknown>;
    if (transformed.hide) return result;
    const file = fileAnswerOf(method, url);
    return {
      url: result.url,
      schema: {
        ...transformed,
        operationId: schema?.operationId ?? operationIdOf(method, url),
        security: securityOf(method, url),
        ...(file && {
          response: { ...(transformed.response as object), 200: file },
        }),
      },
    };
  };
}

function createTransformObject(): SwaggerTransformObject {
  let zodTransformObject: SwaggerTransformObject | undefined;
  return (document) => {
    zodTransformObject ??= createJsonSchemaTransformObject({
      schemaRegistry: contractComponents(),
    });
    return tidyDocument(zodTransformObject(document) as Record<string, unknown>);
  };
}

/** Registers the document at `<prefix>/json` (and `/yaml`) and its UI at `<prefix>`. */
export function registerOpenApiDocs(app: FastifyInstance, prefix: string): void {
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Gestión deportiva API',
        version: '0.1.0',
        description:
          'La API de Gestión deportiva. Cómo generar un cliente: docs/api.md del repositorio.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createTransform([`${prefix}/*`, prefix]),
    transformObject: createTransformObject(),
  });
  app.register(fastifySwaggerUi, { routePrefix: prefix, staticCSP: DOCS_CSP });
}
