import pg from 'pg';

/** Called on every notification, and with `reconnected` after a lost connection came back. */
export type NotifyCallback = (info: { payload: string; reconnected?: boolean }) => void;
/** Stops listening (and closes the dedicated connection on PostgreSQL). */
export type Unlisten = () => Promise<void>;

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL_RE.test(channel)) throw new Error(`bad LISTEN channel ${channel}`);
}

/**
 * `LISTEN channel` on a dedicated connection made from the pool's settings (a pooled connection
 * would be handed to other queries). A connection that breaks (server restart, network) is
 * re-opened with back-off from 1 s to 30 s; after it is back, `fn` is called with `reconnected`
 * so the listener catches up on what it missed while deaf.
 */
export async function listenPostgres(
  poolOptions: pg.PoolConfig,
  channel: string,
  fn: NotifyCallback,
  onError: (err: unknown) => void = () => {},
): Promise<Unlisten> {
  assertChannel(channel);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 1000;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ ...poolOptions });
    c.on('notification', (msg) => {
      if (msg.channel === channel) fn({ payload: msg.payload ?? '' });
    });
    c.on('error', (err) => {
      onError(err);
      reconnect(c);
    });
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
  };

  const reconnect = (dead: pg.Client) => {
    if (stopped || client !== dead) return;
    client = null;
    dead.end().catch(() => {});
    const attempt = () => {
      retry = null;
      if (stopped) return;
      open().then(
        () => {
          delay = 1000;
          fn({ payload: '', reconnected: true });
        },
        (err) => {
          onError(err);
          delay = Math.min(delay * 2, 30_000);
          retry = setTimeout(attempt, delay);
          retry.unref();
        },
      );
    };
    retry = setTimeout(attempt, delay);
    retry.unref();
  };

  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
