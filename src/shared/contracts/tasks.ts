import { z } from 'zod';

/** Background tasks as the admin page shows them (decision record 023). */
export const taskStatuses = ['queued', 'running', 'done', 'dead'] as const;

export const deadTask = z.object({
  id: z.number().int(),
  kind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string().meta({ format: 'date-time' }),
  finishedAt: z.string().meta({ format: 'date-time' }).nullable(),
});
export type DeadTask = z.infer<typeof deadTask>;

export const tasksOverview = z.object({
  counts: z.object(Object.fromEntries(taskStatuses.map((status) => [status, z.number().int()])) as Record<(typeof taskStatuses)[number], z.ZodNumber>),
  /** The newest dead tasks (attempts used up), up to 50. */
  dead: z.array(deadTask),
});
export type TasksOverview = z.infer<typeof tasksOverview>;

export const retriedTask = z.object({ id: z.number().int(), status: z.literal('queued') });
