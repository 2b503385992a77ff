import { z } from 'zod';
import { ContractSchema } from '../contracts/wire';
import { named } from '../../platform/http/wire/registry';

export const NotificationSchema = named(
  'Notification',
  z.object({
    id: z.string(),
    leagueId: z.string(),
    contract: ContractSchema.describe('the whole contract the line is about, with its team and player'),
    message: z.string().describe('the rendered sentence'),
    date: z.string().describe('the UTC day it was written'),
    isRead: z.boolean(),
  }),
);
export type Notification = z.infer<typeof NotificationSchema>;
