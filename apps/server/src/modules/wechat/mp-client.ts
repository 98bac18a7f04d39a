import { type NoticeKind, noticeKindLabels } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { WechatMpConfig } from '../../config/wechat.ts';
import type { Db } from '../../db/client.ts';
import { readBounded } from '../../lib/read-bounded.ts';
import * as repo from './mp-token.repo.ts';

const TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 32 * 1024;
/** A token closer than this to its end is fetched again (WeChat's last minutes are not trusted). */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** errcodes of an access_token WeChat no longer takes: invalid, not the latest, expired. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/**
 * errcodes that sending the same message again cannot mend: the user does not follow the 服务号
 * (43004), an openid not of this 服务号 (40003), an unknown template (40037, 40036), data the
 * template refuses (47003) or a body WeChat cannot read (47001).
 */
const PERMANENT = new Set([43004, 40003, 40037, 40036, 47003, 47001]);

/**
 * A template message that was not sent. `permanent`: WeChat refused this message for good (the
 * caller gives up on it); otherwise trying later may succeed (system busy -1, quota 45009, no or
 * an unreadable answer, a timeout, a token WeChat keeps refusing). `code` is WeChat's errcode,
 * null when there was none. The message carries errcode and errmsg, never the secret or a token.
 */
export class MpSendError extends Error {
  override readonly name = 'MpSendError';
  constructor(
    readonly code: number | null,
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface WechatMpClientOptions {
  /** per request, answer included (default 5 s; tests shorten it) */
  timeoutMs?: number;
}

export interface TemplateMessage {
  openid: string;
  templateId: string;
  /** the page the message opens; none: a message without a link */
  url?: string | undefined;
  data: Record<string, { value: string }>;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(600),
  expires_in: z.number().int().positive(),
});
const errorAnswer = z.object({
  errcode: z.number().int(),
  errmsg: z.string().optional(),
  msgid: z.union([z.number(), z.string()]).optional(),
});

/**
 * The WeChat 服务号's template messages (`cgi-bin/message/template/send`, docs/notices.md
 * "WeChat"). The access_token is one per appid for every process: kept in `wechat_mp_tokens`,
 * fetched from `cgi-bin/token` only under that row's lock, by the one process that finds it
 * missing or within five minutes of its end, and remembered in each process until then. A send
 * WeChat answers with a token error invalidates the token and tries once more with a new one.
 *
 * Every request: 5 s timeout, bounded answer, no redirect; WeChat's errcode/errmsg go to the log
 * and the error, never the secret or the access_token (the send URL carries the token: it is not
 * logged).
 */
export class WechatMpClient {
  private memo: repo.StoredMpToken | null = null;
  private refreshing: Promise<string> | null = null;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Db,
    private readonly config: WechatMpConfig,
    private readonly log: FastifyBaseLogger,
    opts: WechatMpClientOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  }

  /** A valid access_token: this process's if fresh, else the stored one, else a new one from WeChat. */
  token(): Promise<string> {
    if (this.memo && fresh(this.memo.expiresAt)) return Promise.resolve(this.memo.token);
    // concurrent callers of one process share one look-up (and at most one fetch)
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** WeChat refused `token`: it is expired here and in the table, unless a newer one replaced it. */
  async invalidate(token: string): Promise<void> {
    if (this.memo?.token === token) this.memo = null;
    await repo.expireToken(this.db, this.config.appid, token);
  }

  /** Sends one template message; throws MpSendError when WeChat did not take it. Answers WeChat's msgid. */
  async sendTemplate(message: TemplateMessage): Promise<{ msgid: string | null }> {
    let token = await this.token();
    let answer = await this.post(token, message);
    if (TOKEN_ERRORS.has(answer.errcode)) {
      this.log.info({ wechatMp: { errcode: answer.errcode } }, '微信服务号 access_token 失效，重新获取');
      await this.invalidate(token);
      token = await this.token();
      answer = await this.post(token, message);
    }
    if (answer.errcode === 0) {
      this.log.info(
        { wechatMp: { msgid: answer.msgid, template: message.templateId } },
        '微信模板消息已发送',
      );
      return { msgid: answer.msgid };
    }
    const errmsg = this.redact(answer.errmsg ?? '', token).slice(0, 200);
    const permanent = PERMANENT.has(answer.errcode);
    this.log.warn(
      { wechatMp: { errcode: answer.errcode, errmsg, template: message.templateId, permanent } },
      '微信模板消息发送失败',
    );
    throw new MpSendError(
      answer.errcode,
      `微信模板消息发送失败：errcode ${answer.errcode} ${errmsg}`.trim(),
      permanent,
    );
  }

  /**
   * The template message of one kind of notice; false (nothing sent) when the kind has no
   * template. `link`: the site path the message opens (`/orderDetail?id=1`), made absolute with
   * the public origin (none when that is not configured), or an absolute http(s) URL.
   */
  async sendNotice(kind: NoticeKind, openid: string, orders: string, link: string): Promise<boolean> {
    const templateId = this.config.templates[kind];
    if (!templateId) return false;
    await this.sendTemplate({
      openid,
      templateId,
      url: this.absolute(link),
      data: {
        first: { value: '您有一条新的平台通知' },
        keyword1: { value: orders || '—' },
        keyword2: { value: noticeKindLabels[kind] },
        remark: { value: '请登录平台查看详情' },
      },
    });
    return true;
  }

  private absolute(link: string): string | undefined {
    if (/^https?:\/\//i.test(link)) return link;
    if (!this.config.linkBase || !link) return undefined;
    return `${this.config.linkBase}${link.startsWith('/') ? '' : '/'}${link}`;
  }

  private async load(): Promise<string> {
    const appid = this.config.appid;
    const stored = await repo.findToken(this.db, appid);
    if (stored?.token && fresh(stored.expiresAt)) return this.remember(stored);
    const token = await this.db.transaction(async (tx) => {
      const row = await repo.lockToken(tx, appid);
      // another process may have fetched one while this one waited for the lock
      if (row.token && fresh(row.expiresAt)) return row;
      const fetched = await this.fetchToken();
      await repo.storeToken(tx, appid, fetched.token, fetched.expiresAt);
      return fetched;
    });
    return this.remember(token);
  }

  private remember(t: repo.StoredMpToken): string {
    this.memo = { token: t.token, expiresAt: t.expiresAt };
    return t.token;
  }

  /** `cgi-bin/token`: a new access_token (which ends the previous one within five minutes). */
  private async fetchToken(): Promise<repo.StoredMpToken> {
    const q = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.config.appid,
      secret: this.config.secret,
    });
    const startedAt = Date.now();
    const { json } = await this.request('access_token 获取', `${this.config.apiBase}/cgi-bin/token?${q}`, {
      method: 'GET',
    });
    const ok = tokenAnswer.safeParse(json);
    if (ok.success) {
      this.log.info({ wechatMp: { appid: this.config.appid } }, '微信服务号 access_token 已更新');
      // counted from before the request: the stored end is never later than WeChat's
      return { token: ok.data.access_token, expiresAt: new Date(startedAt + ok.data.expires_in * 1000) };
    }
    const err = errorAnswer.safeParse(json);
    const code = err.success ? err.data.errcode : null;
    const errmsg = this.redact(err.success ? (err.data.errmsg ?? '') : '').slice(0, 200);
    this.log.warn({ wechatMp: { errcode: code, errmsg } }, '微信服务号 access_token 获取失败');
    throw new MpSendError(
      code,
      code === null
        ? '微信服务号 access_token 获取失败：无法识别的应答'
        : `微信服务号 access_token 获取失败：errcode ${code} ${errmsg}`.trim(),
      false,
    );
  }

  private async post(
    token: string,
    m: TemplateMessage,
  ): Promise<{ errcode: number; errmsg: string | undefined; msgid: string | null }> {
    const body = JSON.stringify({
      touser: m.openid,
      template_id: m.templateId,
      ...(m.url ? { url: m.url } : {}),
      data: m.data,
    });
    const url = `${this.config.apiBase}/cgi-bin/message/template/send?${new URLSearchParams({ access_token: token })}`;
    const { json, text } = await this.request('模板消息发送', url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    const answer = errorAnswer.safeParse(json);
    if (!answer.success) {
      this.log.warn({ wechatMp: { step: 'send' } }, '微信模板消息发送失败：无法识别的应答');
      throw new MpSendError(null, '微信模板消息发送失败：无法识别的应答', false);
    }
    // msgid is a 64-bit number: read its digits from the text, JSON numbers lose the last ones
    const digits = /"msgid"\s*:\s*"?(\d{1,30})/.exec(text)?.[1];
    const msgid = digits ?? (answer.data.msgid === undefined ? null : String(answer.data.msgid));
    return { errcode: answer.data.errcode, errmsg: answer.data.errmsg, msgid };
  }

  /**
   * One request to WeChat; a failure to get a JSON answer (network, timeout, too large, not JSON)
   * is a retryable MpSendError whose message names neither the URL nor what it carries.
   */
  private async request(
    step: string,
    url: string,
    init: RequestInit,
  ): Promise<{ json: unknown; text: string }> {
    let text: string;
    try {
      const res = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      // WeChat answers errors with HTTP 200 and {errcode, errmsg}: the body decides, not the status
      text = await readBounded(res, MAX_RESPONSE_BYTES);
    } catch (err) {
      const reason = this.describe(err);
      this.log.warn({ wechatMp: { step, err: reason } }, `微信服务号${step}失败`);
      throw new MpSendError(null, `微信服务号${step}失败：${reason}`, false);
    }
    try {
      return { json: JSON.parse(text) as unknown, text };
    } catch {
      this.log.warn({ wechatMp: { step, bytes: text.length } }, `微信服务号${step}失败：应答不是 JSON`);
      throw new MpSendError(null, `微信服务号${step}失败：应答不是 JSON`, false);
    }
  }

  /** A network error in words, without the URL (undici may quote it) or anything secret. */
  private describe(err: unknown): string {
    const e = err as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
    if (e?.name === 'TimeoutError') return `请求超时（${this.timeoutMs} ms）`;
    const cause = e?.cause ? ` (${String(e.cause.code ?? e.cause.message ?? '')})` : '';
    return this.redact(`${String(e?.name ?? 'Error')}: ${String(e?.message ?? err)}${cause}`).slice(0, 300);
  }

  /** Text from elsewhere with the secret, any token and any URL query replaced. */
  private redact(text: string, ...tokens: string[]): string {
    let out = text.replace(/https?:\/\/\S+/gi, '<url>').replace(/(access_token|secret)=[^&\s]*/gi, '$1=***');
    for (const s of [this.config.secret, this.memo?.token, ...tokens]) if (s) out = out.split(s).join('***');
    return out;
  }
}

const fresh = (expiresAt: Date) => expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
