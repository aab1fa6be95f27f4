import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  cityListResponseSchema,
  countryListResponseSchema,
  countryParamsSchema,
  countryResponseSchema,
  frequencyListResponseSchema,
  genderListQuerySchema,
  genderListResponseSchema,
  sportListResponseSchema,
  stateListResponseSchema,
  stateParamsSchema,
} from '../../../contract/reference.schema';
import type { ReferenceService } from './reference.service';

const security = [{ bearerAuth: [] }];
const tags = ['reference'];
const refusals = { 401: apiErrorSchema };
const withErrors = { 400: apiErrorSchema, 404: apiErrorSchema, ...refusals };

/**
 * Reference data changes only with a deploy: the browser may keep it an hour. `private`
 * because it sits behind a session, so shared caches must not keep it.
 */
function cacheable<T>(reply: FastifyReply, data: T): { data: T } {
  reply.header('cache-control', 'private, max-age=3600');
  return { data };
}

/**
 * Reference data (SPEC.md §7, "Reference"). The paths sit under /api/admin as the
 * specification names them, but every form needs these lists, so any signed-in user
 * may read them; nobody writes them through the API (they are seeded).
 */
export const referenceRoutes: FastifyPluginAsyncZod<{
  reference: ReferenceService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { reference, requireUser }) => {
  const signedIn = { onRequest: requireUser };

  app.get(
    '/admin/sports',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Deportes',
        security,
        response: { 200: sportListResponseSchema, ...refusals },
      },
    },
    async (_request, reply) => cacheable(reply, await reference.listSports()),
  );

  app.get(
    '/admin/frequencies',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Frecuencias de cobro (Pago único, Mensual, …)',
        security,
        response: { 200: frequencyListResponseSchema, ...refusals },
      },
    },
    async (_request, reply) => cacheable(reply, await reference.listFrequencies()),
  );

  app.get(
    '/admin/genders',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Géneros; ?for=people (personas) o ?for=categories (categorías)',
        security,
        querystring: genderListQuerySchema,
        response: { 200: genderListResponseSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => cacheable(reply, await reference.listGenders(request.query.for)),
  );

  app.get(
    '/admin/countries',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Países',
        security,
        response: { 200: countryListResponseSchema, ...refusals },
      },
    },
    async (_request, reply) => cacheable(reply, await reference.listCountries()),
  );

  app.get(
    '/admin/country/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Un país con sus tipos de documento y medios de pago',
        security,
        params: countryParamsSchema,
        response: { 200: countryResponseSchema, ...withErrors },
      },
    },
    async (request, reply) => cacheable(reply, await reference.getCountry(request.params.id)),
  );

  app.get(
    '/admin/country/:id/states',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Departamentos (provincias, estados…) de un país',
        security,
        params: countryParamsSchema,
        response: { 200: stateListResponseSchema, ...withErrors },
      },
    },
    async (request, reply) => cacheable(reply, await reference.listStates(request.params.id)),
  );

  app.get(
    '/admin/country/:id/state/:stateId/cities',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Ciudades o municipios de un departamento del país',
        security,
        params: stateParamsSchema,
        response: { 200: cityListResponseSchema, ...withErrors },
      },
    },
    async (request, reply) =>
      cacheable(reply, await reference.listCities(request.params.id, request.params.stateId)),
  );
};
