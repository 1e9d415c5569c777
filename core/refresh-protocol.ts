// What a refresh child (`council refresh` forked with an IPC channel) tells the server, one message
// per event: what the fetch of a live source brought, each finished stage, then the published
// snapshot, "unchanged" (the source is the one already served: nothing rebuilt), "refused" (publishing
// would replace the served data with another source's, or with a collapse of it), or why it failed. Typed
// messages replace parsing the CLI's human-readable output, so the two can change independently.

import { z } from 'zod';

export const refreshMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('stage'),
    stage: z.string(),
    rows: z.number().int().nonnegative(),
    ms: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('published'), snapshot: z.string() }),
  z.object({
    type: z.literal('fetched'),
    newFiles: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
    rejected: z.array(z.object({ url: z.string(), problem: z.string() })),
    bytes: z.number().int().nonnegative(),
    requests: z.number().int().nonnegative(),
    retries: z.number().int().nonnegative(),
    seconds: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('unchanged'), digest: z.string() }),
  z.object({ type: z.literal('refused'), reason: z.enum(['source', 'collapse']), message: z.string() }),
  z.object({ type: z.literal('failed'), message: z.string(), problems: z.array(z.string()) }),
]);

export type RefreshMessage = z.infer<typeof refreshMessage>;

/** The message, or null for anything that is not one (logged by the receiver, never trusted). */
export function parseRefreshMessage(raw: unknown): RefreshMessage | null {
  const result = refreshMessage.safeParse(raw);
  return result.success ? result.data : null;
}
