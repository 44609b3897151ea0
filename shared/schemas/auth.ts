/** Sign-in: the e-mail, the mailed code, and the user and session answers. */
import { z } from 'zod';
import { ROLES } from '../constants';
import { emailSchema } from './fields';

export const loginInput = z.object({ email: emailSchema });
export const verifyInput = z.object({
  email: emailSchema,
  /** 8 digits; spaces and dashes from a pasted "1234 5678" are ignored. */
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value),
    z.string({ error: 'Enter the 8-digit code' }).regex(/^\d{8}$/, 'Enter the 8-digit code'),
  ),
});
export const userOutput = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userOutput>;
export const loginOutput = z.object({ user: userOutput, token: z.string() });
/** Sign-in answers the session at once only where e-mail verification is off; otherwise a code was mailed. */
export const codeSentOutput = z.object({ status: z.literal('code_sent') });
export const loginAnswerOutput = z.union([loginOutput, codeSentOutput]);
export type LoginAnswer = z.infer<typeof loginAnswerOutput>;
