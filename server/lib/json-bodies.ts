import type { FastifyInstance } from 'fastify';

/**
 * Only JSON bodies: a text/plain body is refused like any other non-JSON one, an empty
 * JSON body is no body, and anything else goes through Fastify's (safe) JSON parser.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
}
