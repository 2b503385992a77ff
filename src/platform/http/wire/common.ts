import { z } from 'zod';
import { named } from './registry';

export const SuccessSchema = named('Success', z.object({ success: z.literal(true) }));
export type Success = z.infer<typeof SuccessSchema>;
