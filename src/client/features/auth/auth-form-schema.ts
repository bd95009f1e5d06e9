import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@shared/contracts/auth';

export const authFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
  accountType: z.enum(['business', 'pro_staff']),
});

export type AuthFormValues = z.infer<typeof authFormSchema>;

export const authFormResolver = zodResolver(authFormSchema);
