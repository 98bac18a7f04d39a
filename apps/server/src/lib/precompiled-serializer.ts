import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * zod's JSON Schema in the form fast-json-stringify writes fastest: a nullable primitive
 * (`anyOf: [{type: 'integer'}, {type: 'null'}]`) becomes `type: ['integer', 'null']` (an `anyOf`
 * would be decided per value by a schema validator at run time); `$schema` goes.
 */
export function toSerializerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSerializerSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) if (k !== '$schema') out[k] = toSerializerSchema(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [a, b] = anyOf as JsonSchema[];
    const nullFirst = a?.type === 'null';
    const other = nullFirst ? b : a;
    const nul = nullFirst ? a : b;
    if (nul?.type === 'null' && Object.keys(nul).length === 1 && typeof other?.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * The serializer of a hot answer (docs/adr/0008-precompiled-response-serializer.md): the zod
 * schema is turned into JSON Schema once, when the module is loaded, and compiled by
 * fast-json-stringify into a function that writes the JSON text directly — no zod parse of the
 * answer per request (the app-wide serializer, fastify-type-provider-zod's, parses every answer
 * with its schema and then runs JSON.stringify). The output is the same text: the keys the schema
 * declares, in its order; keys it does not declare are left out, as zod's parse leaves them out.
 * A missing required key still fails (500 INTERNAL), as a zod mismatch did.
 */
export function compileZodSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return fastJson(toSerializerSchema(json) as Parameters<typeof fastJson>[0]);
}

/**
 * Sends an answer a hot route wrote itself as JSON text (its own writer, e.g. search.view.ts):
 * Fastify sends a string of the JSON type as it is, past the route's serializer; the route's
 * response schema still documents the answer (OpenAPI), and a test holds the text to it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
