import { z } from 'zod';

/** Live updates (docs/adr/0007-live-events.md): caps of the open event streams. */
export const liveEnv = z.object({
  /** open event streams per member */
  LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(10),
  /** open event streams per process */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
});

export type LiveEnv = z.output<typeof liveEnv>;

export function liveConfig(e: LiveEnv) {
  return { perMember: e.LIVE_STREAMS_PER_MEMBER, maxStreams: e.LIVE_MAX_STREAMS };
}
