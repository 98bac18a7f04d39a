import http from 'node:http';

/** One server-sent event as a browser's EventSource sees it. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body when the answer is not a stream (an error envelope) */
  body: () => Promise<string>;
  /**
   * The first event not taken yet (named `event` when given: events of other names stay for later
   * calls, as events of one stream may come in either order when two handlers send them).
   */
  next(event?: string): Promise<SseEvent>;
  /** every event received, in order */
  seen: SseEvent[];
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  close(): void;
}

/**
 * A tiny EventSource over real HTTP (app.inject does not stream): GET `url` with `headers`,
 * parsing `event:`, `data:`, `id:` lines into events; comment lines (heartbeats) are skipped.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const queue: SseEvent[] = [];
      const waiters: Array<() => void> = [];
      const seen: SseEvent[] = [];
      let buf = '';
      let raw = '';
      let cur: Partial<SseEvent> & { data?: string } = {};
      const ended = new Promise<void>((r) => {
        res.on('end', r);
        res.on('close', r);
      });
      res.on('close', () => {
        for (const w of waiters.splice(0)) w();
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buf += chunk;
        let nl = buf.indexOf('\n');
        while (nl >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (line === '') {
            if (cur.data !== undefined) {
              const e = { event: cur.event ?? 'message', data: cur.data, ...(cur.id ? { id: cur.id } : {}) };
              queue.push(e);
              seen.push(e);
            }
            cur = {};
            for (const w of waiters.splice(0)) w();
          } else if (!line.startsWith(':')) {
            const i = line.indexOf(':');
            const field = i < 0 ? line : line.slice(0, i);
            const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (field === 'event') cur.event = value;
            else if (field === 'data') cur.data = cur.data === undefined ? value : `${cur.data}\n${value}`;
            else if (field === 'id') cur.id = value;
          }
          nl = buf.indexOf('\n');
        }
      });
      const next = async (event?: string): Promise<SseEvent> => {
        for (;;) {
          const i = queue.findIndex((e) => event === undefined || e.event === event);
          if (i >= 0) return queue.splice(i, 1)[0]!;
          if (res.complete || res.destroyed) throw new Error(`stream ended before ${event ?? 'an event'}`);
          await new Promise<void>((r) => waiters.push(r));
        }
      };
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: () => ended.then(() => raw),
        next,
        seen,
        ended,
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
