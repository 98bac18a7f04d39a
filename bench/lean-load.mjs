// A lean HTTP/1.1 load generator for the benchmarks (docs/bench/search.md): `connections`
// keep-alive sockets, each sending the same request again as soon as the previous answer is whole.
// autocannon measures the same way but spends ~0.3 ms of CPU per request itself (its parser, its
// histograms); on a 2-core box that CPU is taken from the server and the database it measures,
// while the bare-driver baseline's client is the thing measured. This one reads only the status
// line and Content-Length: a few µs a request.
import net from 'node:net';

/**
 * Runs for `seconds`; answers { requests: { average, total }, latency: { p50, p99 }, non2xx } in the
 * shape of autocannon's result (latencies in ms, rounded like autocannon's).
 */
export function leanLoad({ url, method = 'GET', headers = {}, body, connections, duration }) {
  const u = new URL(url);
  const payload = body === undefined ? '' : body;
  const head = [
    `${method} ${u.pathname}${u.search} HTTP/1.1`,
    `host: ${u.host}`,
    'connection: keep-alive',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(method === 'GET' && payload === '' ? [] : [`content-length: ${Buffer.byteLength(payload)}`]),
  ].join('\r\n');
  const request = Buffer.from(`${head}\r\n\r\n${payload}`);
  const latencies = [];
  let total = 0;
  let non2xx = 0;
  const until = performance.now() + duration * 1000;
  const one = () =>
    new Promise((resolve, reject) => {
      const socket = net.connect(Number(u.port), u.hostname);
      socket.setNoDelay(true);
      let buf = Buffer.alloc(0);
      let need = -1; // bytes of the whole answer once its head is read
      let status = 0;
      let t0 = 0;
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          resolve();
          return;
        }
        t0 = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          if (need < 0) {
            const end = buf.indexOf('\r\n\r\n');
            if (end < 0) return;
            const text = buf.toString('latin1', 0, end);
            status = Number(text.slice(9, 12));
            const m = /\r\ncontent-length: *(\d+)/i.exec(text);
            if (!m) return reject(new Error('leanLoad: an answer without content-length'));
            need = end + 4 + Number(m[1]);
          }
          if (buf.length < need) return;
          buf = buf.subarray(need);
          need = -1;
          latencies.push(performance.now() - t0);
          total++;
          if (status < 200 || status > 299) non2xx++;
          send();
        }
      });
    });
  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    latencies.sort((a, b) => a - b);
    const q = (p) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
    return { requests: { average: total / duration, total }, latency: { p50: q(50), p99: q(99) }, non2xx };
  });
}
