import type { z } from 'zod';
import { AppError, zodDetails } from './errors';

/** Parses request input with a shared contract; failures become a 400 with per-field details. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const details = zodDetails(result.error);
    const first = details[0];
    const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
    throw new AppError('VALIDATION', message, details);
  }
  return result.data;
}
