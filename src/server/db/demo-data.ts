import { z } from 'zod';
import { CATEGORIES } from '../../shared/categories';
import content from './demo-data.json';

/**
 * Believable content for `npm run demo`: people and jobs in Slovak and Czech towns, written in
 * demo-data.json and checked here when the demo is loaded (demo-seed.ts, only with DEMO=1).
 */

export const DEMO_PASSWORD = 'Majstri2025';

const provider = z.strictObject({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  town: z.string(),
  category: z.enum(CATEGORIES),
  bio: z.string(),
  /** Euros an hour. */
  hourlyRate: z.number().int(),
  experienceYears: z.number().int(),
  availability: z.string(),
  website: z.string().optional(),
});

const client = z.strictObject({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  town: z.string(),
  language: z.enum(['sk', 'cs']),
});

const request = z.strictObject({
  /** Index into DEMO_CLIENTS of the client who posted it. */
  client: z.number().int(),
  category: z.enum(CATEGORIES),
  title: z.string(),
  description: z.string(),
  daysAgo: z.number().int(),
  /** Index into DEMO_PROVIDERS of the winner: the request is assigned to them. */
  assignedTo: z.number().int().optional(),
});

export type DemoProvider = z.infer<typeof provider>;
export type DemoClient = z.infer<typeof client>;
export type DemoRequest = z.infer<typeof request>;

const demo = z
  .strictObject({
    providers: z.array(provider),
    clients: z.array(client),
    requests: z.array(request),
    /** Bid messages that read like a tradesperson wrote them. */
    bidMessages: z.array(z.string()),
  })
  .parse(content);

export const DEMO_PROVIDERS: DemoProvider[] = demo.providers;
export const DEMO_CLIENTS: DemoClient[] = demo.clients;
export const DEMO_REQUESTS: DemoRequest[] = demo.requests;
export const DEMO_BID_MESSAGES: string[] = demo.bidMessages;
