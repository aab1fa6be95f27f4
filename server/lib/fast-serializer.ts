import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/*
 * The app encodes every response with its zod schema (@fastify/type-provider-zod), which
 * walks each value twice (encode, then JSON.stringify): on a page of 25 people that was a
 * fifth of the server's time per request (bench/README.md). A hot list route opts into
 * this compiler instead: fast-json-stringify built from the same schema's JSON Schema.
 * It writes only the properties the contract declares (a stray column never leaks) and
 * refuses a missing required one; unlike zod it does not re-check enum values, which the
 * database's constraints already hold. Its API tests parse the answers with the schema.
 */

/** `serializerCompiler` for a route whose response schemas are plain zod objects. */
export const fastSerializer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializer needs a zod schema');
  const stringify = fastJson(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
  );
  return (data) => stringify(data);
};
