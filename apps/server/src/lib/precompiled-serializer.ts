import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
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
 * The serializer of a hot route (docs/adr/0008-precompiled-response-serializer.md): the zod
 * response schema is turned into JSON Schema once, when the route is registered, and compiled by
 * fast-json-stringify into a function that writes the JSON text directly — no zod parse of the
 * answer per request (the app-wide serializer, fastify-type-provider-zod's, parses every answer
 * with its schema and then runs JSON.stringify). The output is the same text: the keys the schema
 * declares, in its order; keys it does not declare are left out, as zod's parse leaves them out.
 * A missing required key still fails (500 INTERNAL), as a zod mismatch did.
 *
 * Use it as a route's `serializerCompiler` option; the schema stays zod for the OpenAPI document.
 */
export function precompiledSerializer<T>({ schema }: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  // Fastify hands the schema of one status code (a zod schema here), whatever the route's typing says
  const json = z.toJSONSchema(schema as z.ZodType, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return fastJson(toSerializerSchema(json) as Parameters<typeof fastJson>[0]);
}
