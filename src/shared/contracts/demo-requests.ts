import { z } from 'zod';
import { emailSchema } from './auth';

export const demoTimes = ['Morning', 'Afternoon', 'Evening'] as const;

// eslint-disable-next-line no-control-regex
const noControl = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

export const demoRequestBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Keep the name under 120 characters').refine(noControl, 'Name has characters we cannot store'),
  email: emailSchema,
  company: z.string().trim().max(200, 'Keep the company under 200 characters').refine(noControl, 'Company has characters we cannot store').optional().transform((value) => value || null),
  preferredTime: z.enum(demoTimes, { error: 'Choose morning, afternoon or evening' }),
  message: z.string().trim().max(2000, 'Keep the message under 2000 characters').refine(noControl, 'Message has characters we cannot store').optional().transform((value) => value || null),
});
export type DemoRequestBody = z.input<typeof demoRequestBody>;

export const demoRequest = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  preferredTime: z.enum(demoTimes),
  message: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequest>;
