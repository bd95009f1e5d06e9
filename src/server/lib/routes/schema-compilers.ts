import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { parse } from '../validate';

/**
 * Route input is validated by the route's Zod schema (decision record 021). We keep our own validator compiler
 * instead of the type provider's so that failures keep the API's one error shape (`VALIDATION` with per-field
 * details) and a missing body is read as `{}` as it always was; responses go through the provider's serializer,
 * which encodes them with the route's response schema and so drops any field the schema does not name.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

export { serializerCompiler };
