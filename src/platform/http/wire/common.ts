/** Wire shapes many parts of the interface answer with. */
import { z } from 'zod';
import { named } from './registry';

/** Success: what a write answers when it has nothing else to tell. */
export const SuccessSchema = named('Success', z.object({ success: z.literal(true) }));
export type Success = z.infer<typeof SuccessSchema>;
