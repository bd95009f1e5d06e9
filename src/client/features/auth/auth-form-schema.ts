import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@shared/contracts/auth';

export const authFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
  accountType: z.enum(['business', 'pro_staff']),
  // Sign-up only (the page checks them before sending; the server refuses a sign-up without them).
  ageConfirmed: z.boolean(),
  termsAccepted: z.boolean(),
});

export type AuthFormValues = z.infer<typeof authFormSchema>;

export const authFormResolver = zodResolver(authFormSchema);
