// Live updates (issue 12 item 2, docs/adr/0007-live-events.md): how many idle event streams one
// server process holds (RSS before/after, per stream), then with BENCH_LATENCY_STREAMS streams open
// the delay from a tip's commit to its event at every stream, p50/p99, beside a /livez round trip
// of the same minute. The tips are real: 金币充值 through the built-in Alipay sandbox (getPayLink →
// 收银台 → 确认支付 → notify → ledger → outbox → tip handler → NOTIFY → the stream). Then the
// conversation (docs/conversation.md): messages the demo customer sends per second to its thread
// with the demo supplier (Conversation/send, concurrency 8) beside GET /livez at the same
// concurrency, and send → the `thread` event at each of the supplier's open streams, p50/p99.
//   BENCH_MESSAGES=300 (rate), BENCH_MESSAGE_EVENTS=30 (latency)
//   npm run bench:live   (PGlite by default; DATABASE_URL=postgres://… uses that server — the database
//                         is created when missing; BENCH_STREAMS=5000, BENCH_LATENCY_STREAMS=1000,
//                         BENCH_TIPS=30, BENCH_HOLD_SECONDS=30, BENCH_PORT=4395, BENCH_SKIP_BUILD=1)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build, demoSession, ensureDatabase, startServer } from './harness.mjs';

const messagesWanted = Number(process.env.BENCH_MESSAGES ?? 300);
const messageEvents = Number(process.env.BENCH_MESSAGE_EVENTS ?? 30);

const streamsWanted = Number(process.env.BENCH_STREAMS ?? 5000);
const latencyStreams = Math.min(streamsWanted, Number(process.env.BENCH_LATENCY_STREAMS ?? 1000));
const tipsWanted = Number(process.env.BENCH_TIPS ?? 30);
const holdSeconds = Number(process.env.BENCH_HOLD_SECONDS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 4395);
const databaseUrl = process.env.DATABASE_URL;

build();
let dataDir;
if (databaseUrl) await ensureDatabase(databaseUrl);
else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-bench-live-'));
const { base, ready, stop, exited, pid } = startServer(port, {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  // every stream of the bench is the demo supplier's: its per-member cap (10 tabs) is lifted here,
  // the process's own cap above what is opened
  LIVE_STREAMS_PER_MEMBER: String(streamsWanted + 10),
  LIVE_MAX_STREAMS: String(streamsWanted + 10),
});
await ready(600);
const sid = await demoSession(base);
const cookie = `zl_sid=${sid}`;

/** The server process's resident set, in MB (Linux /proc). */
function rssMb() {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** tip id → arrival times (ms, performance.timeOrigin based) at each stream */
const arrivals = new Map();
const waiting = new Map();
/** arrival times of `thread` events at any stream, and who waits for how many */
let threadEvents = [];
let threadWait = null;

/** One EventSource-like stream; resolves at its first event (the unread count). */
function openStream() {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/Tipcenter/stream`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        let event = '';
        let opened = false;
        const s = { res, req, open: true };
        res.on('close', () => {
          s.open = false;
        });
        res.on('data', (chunk) => {
          const now = performance.timeOrigin + performance.now();
          buf += chunk;
          let i = buf.indexOf('\n');
          while (i >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) {
              if (!opened) {
                opened = true;
                resolve(s);
              }
              if (event === 'thread') {
                threadEvents.push(now);
                if (threadWait && threadEvents.length >= threadWait.n) threadWait.done();
              }
              if (event === 'tip') {
                const { tip } = JSON.parse(line.slice(6));
                let list = arrivals.get(tip.id);
                if (!list) {
                  list = { created: Date.parse(tip.created), at: [] };
                  arrivals.set(tip.id, list);
                }
                list.at.push(now);
                const w = waiting.get(tip.id);
                if (w && list.at.length >= w.n) w.done();
              }
            } else if (line === '') event = '';
            i = buf.indexOf('\n');
          }
        });
      },
    );
    req.on('error', reject);
  });
}

async function livezRoundTrips(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/livez`);
    await r.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v) => `${v.toFixed(1)} ms`;

// ---- 1. idle streams held by one process
await livezRoundTrips(50); // warm-up
const rssBefore = rssMb();
const streams = [];
const t0 = performance.now();
for (let i = 0; i < streamsWanted; i += 250) {
  const batch = Math.min(250, streamsWanted - i);
  streams.push(...(await Promise.all(Array.from({ length: batch }, openStream))));
}
const openMs = performance.now() - t0;
console.log(
  `\nopened ${streams.length} streams in ${(openMs / 1000).toFixed(1)} s; holding them ${holdSeconds} s (heartbeats every 25 s) …`,
);
await new Promise((r) => setTimeout(r, holdSeconds * 1000));
const held = streams.filter((s) => s.open).length;
const rssAfter = rssMb();
const livezIdle = (await livezRoundTrips(200)).sort((a, b) => a - b);
console.table([
  {
    'streams held': held,
    'RSS before MB': rssBefore.toFixed(1),
    'RSS after MB': rssAfter.toFixed(1),
    'KB per stream': (((rssAfter - rssBefore) * 1024) / Math.max(1, held)).toFixed(1),
    'GET /livez p50 (streams open)': ms(pct(livezIdle, 50)),
    'GET /livez p99': ms(pct(livezIdle, 99)),
  },
]);

// ---- 2. commit → event with latencyStreams open
for (const s of streams.splice(latencyStreams)) {
  s.req.destroy();
  s.res.destroy();
}
await new Promise((r) => setTimeout(r, 1000));

async function rechargeTip() {
  const headers = { 'content-type': 'application/json', cookie };
  const link = await (
    await fetch(`${base}/api/Alipay/getPayLink`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ purpose: 'coins', coins: 10 }),
    })
  ).json();
  if (!link.success) throw new Error(`getPayLink: ${link.errCode} ${link.errMsg}`);
  await (await fetch(`${base}${link.data.payUrl}`)).arrayBuffer(); // the cashier page
  const sent = performance.timeOrigin + performance.now();
  const pay = await fetch(`${base}/sandbox/alipay/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ out_trade_no: link.data.outTradeNo, action: 'pay' }),
  });
  await pay.arrayBuffer();
  return sent;
}

const fromCommit = [];
const fromPay = [];
const spreads = [];
let missing = 0;
const before = new Set(arrivals.keys());
for (let k = 0; k < tipsWanted; k++) {
  const known = new Set(arrivals.keys());
  const sent = await rechargeTip();
  // the tip id is learnt from its first arrival; wait until every stream has it (or 10 s)
  const id = await new Promise((resolve) => {
    const look = setInterval(() => {
      const fresh = [...arrivals.keys()].find((x) => !known.has(x) && !before.has(x));
      if (fresh !== undefined) {
        clearInterval(look);
        resolve(fresh);
      }
    }, 2);
  });
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    waiting.set(id, {
      n: latencyStreams,
      done: () => {
        clearTimeout(timer);
        resolve();
      },
    });
    if (arrivals.get(id).at.length >= latencyStreams) waiting.get(id).done();
  });
  const { created, at } = arrivals.get(id);
  missing += latencyStreams - at.length;
  for (const t of at) {
    fromCommit.push(t - created);
    fromPay.push(t - sent);
  }
  spreads.push(Math.max(...at) - Math.min(...at));
}
const livezBusy = (await livezRoundTrips(200)).sort((a, b) => a - b);
fromCommit.sort((a, b) => a - b);
fromPay.sort((a, b) => a - b);
spreads.sort((a, b) => a - b);
console.log(
  `\n${tipsWanted} tips (金币充值 via the sandbox) to ${latencyStreams} open streams of one member, ${databaseUrl ? 'PostgreSQL server' : 'PGlite'}:`,
);
console.table([
  {
    case: 'GET /livez round trip (baseline, same minute)',
    p50: ms(pct(livezBusy, 50)),
    p99: ms(pct(livezBusy, 99)),
    max: ms(livezBusy.at(-1)),
  },
  {
    case: "tip's transaction → event at a stream (≥ commit → event)",
    p50: ms(pct(fromCommit, 50)),
    p99: ms(pct(fromCommit, 99)),
    max: ms(fromCommit.at(-1)),
  },
  {
    case: '确认支付 sent → event (notify, ledger, outbox, tip)',
    p50: ms(pct(fromPay, 50)),
    p99: ms(pct(fromPay, 99)),
    max: ms(fromPay.at(-1)),
  },
  {
    case: `first → last of the ${latencyStreams} streams, per tip`,
    p50: ms(pct(spreads, 50)),
    p99: ms(pct(spreads, 99)),
    max: ms(spreads.at(-1)),
  },
]);
console.log(`events received: ${fromCommit.length} of ${tipsWanted * latencyStreams} (missing ${missing})`);

// ---- 3. the conversation: sends per second, and send → `thread` event at the supplier's streams
const customerSid = await demoSession(base, JSON.stringify({ mobile: '13900000002', password: 'demo1234' }));
const cHeaders = { 'content-type': 'application/json', cookie: `zl_sid=${customerSid}` };
const threads = await (
  await fetch(`${base}/api/Conversation/list`, { method: 'POST', headers: cHeaders, body: '{}' })
).json();
const thread = threads.data.listItem.find((t) => t.awarded);
if (!thread) throw new Error('the demo customer has no award thread');
async function sendOne(i) {
  const r = await fetch(`${base}/api/Conversation/send`, {
    method: 'POST',
    headers: cHeaders,
    body: JSON.stringify({ threadId: thread.id, content: `压测消息 ${i}：明早 6:00 进场` }),
  });
  const body = await r.json();
  if (!body.success) throw new Error(`send: ${body.errCode} ${body.errMsg}`);
}
/** `n` calls of `fn`, `concurrency` at a time; answers calls per second. */
async function rate(n, concurrency, fn) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  return n / ((performance.now() - t) / 1000);
}
// warm-up of both (JIT, connections), then /livez, the sends, /livez again
await rate(200, 8, async () => {
  await (await fetch(`${base}/livez`)).arrayBuffer();
});
await rate(20, 4, (i) => sendOne(`w${i}`));
const livezRate = await rate(messagesWanted, 8, async () => {
  await (await fetch(`${base}/livez`)).arrayBuffer();
});
const sendRate = await rate(messagesWanted, 8, sendOne);
const livezRate2 = await rate(messagesWanted, 8, async () => {
  await (await fetch(`${base}/livez`)).arrayBuffer();
});
const sendToEvent = [];
let missingThread = 0;
for (let k = 0; k < messageEvents; k++) {
  threadEvents = [];
  const got = new Promise((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    threadWait = {
      n: latencyStreams,
      done: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  });
  const sent = performance.timeOrigin + performance.now();
  await sendOne(`e${k}`);
  await got;
  threadWait = null;
  missingThread += Math.max(0, latencyStreams - threadEvents.length);
  for (const t of threadEvents.slice(0, latencyStreams)) sendToEvent.push(t - sent);
  await new Promise((r) => setTimeout(r, 50));
}
sendToEvent.sort((a, b) => a - b);
const livezNow = (await livezRoundTrips(200)).sort((a, b) => a - b);
console.log(
  `\nthe conversation: the demo customer writes to its thread with the demo supplier (${latencyStreams} streams open):`,
);
console.table([
  {
    case: 'GET /livez, concurrency 8 (baseline: before / after)',
    'per second': `${livezRate.toFixed(0)} / ${livezRate2.toFixed(0)}`,
  },
  {
    case: `Conversation/send, concurrency 8 (${messagesWanted} messages)`,
    'per second': sendRate.toFixed(0),
    'ratio to /livez': (sendRate / ((livezRate + livezRate2) / 2)).toFixed(4),
  },
]);
console.table([
  { case: 'GET /livez round trip (same minute)', p50: ms(pct(livezNow, 50)), p99: ms(pct(livezNow, 99)) },
  {
    case: `send → \`thread\` event at each of ${latencyStreams} streams (${messageEvents} messages)`,
    p50: ms(pct(sendToEvent, 50)),
    p99: ms(pct(sendToEvent, 99)),
    max: ms(sendToEvent.at(-1)),
  },
]);
console.log(
  `thread events received: ${sendToEvent.length} of ${messageEvents * latencyStreams} (missing ${missingThread})`,
);
missing += missingThread;
for (const s of streams) s.req.destroy();
stop();
await exited;
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(missing === 0 ? 0 : 1);
