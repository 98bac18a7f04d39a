/** The sandbox's server-rendered pages (no scripts: the site's CSP allows none inline). */

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text and its background at WCAG 2.1 AA contrast (≥ 4.5:1; docs/web.md § Accessibility). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f0f4fa;color:#1f2937}
.bar{background:#0958d9;color:#fff;padding:14px 24px;display:flex;align-items:center;gap:12px}
.bar b{font-size:20px;letter-spacing:1px}
.tag{background:#ad4e00;color:#fff;border-radius:4px;padding:2px 8px;font-size:13px;font-weight:600}
.wrap{max-width:560px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:10px;box-shadow:0 4px 18px rgba(22,119,255,.08);padding:28px}
.note{background:#fff7e6;border:1px solid #ffd591;color:#874d00;border-radius:6px;padding:10px 14px;font-size:14px;margin-bottom:22px}
.row{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px dashed #e5e7eb;font-size:15px}
.row span:first-child{color:#6b7280;flex:none}
.row span:last-child{text-align:right;word-break:break-all}
.amount{text-align:center;margin:24px 0 8px}
.amount small{display:block;color:#6b7280;font-size:14px;margin-bottom:6px}
.amount strong{font-size:40px;color:#f5222d;font-weight:700}
.actions{display:flex;gap:12px;margin-top:26px}
button{flex:1;border:0;border-radius:6px;padding:13px 0;font-size:17px;cursor:pointer}
.pay{background:#0958d9;color:#fff}
.pay:hover{background:#003eb3}
.cancel{background:#f3f4f6;color:#374151}
.cancel:hover{background:#e5e7eb}
.foot{color:#5f6673;font-size:12px;text-align:center;margin-top:18px}
h1{font-size:20px;margin:0 0 12px}
@media (max-width:480px){.wrap{margin:16px auto}.card{padding:20px}.amount strong{font-size:34px}}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><div class="bar"><b>支付宝</b><span class="tag">沙箱</span><span>收银台</span></div><div class="wrap">${body}</div></body></html>`;
}

export function cashierPage(t: {
  outTradeNo: string;
  subject: string;
  amountYuan: string;
  status: string;
}): string {
  const paid = t.status !== 'WAIT_BUYER_PAY';
  return page(
    '支付宝沙箱收银台',
    `<div class="card">
<div class="note">沙箱环境：这是开发环境的模拟收银台，不会产生真实扣款。</div>
<div class="row"><span>订单</span><span>${esc(t.subject)}</span></div>
<div class="row"><span>商户订单号</span><span>${esc(t.outTradeNo)}</span></div>
<div class="amount"><small>应付金额</small><strong>¥${esc(t.amountYuan.replace(/\B(?=(\d{3})+(?!\d))/g, ','))}</strong></div>
${
  paid
    ? `<div class="note">该订单${t.status === 'TRADE_CLOSED' ? '已关闭' : '已支付'}，无需重复付款。</div>`
    : `<form method="post" action="/sandbox/alipay/pay">
<input type="hidden" name="out_trade_no" value="${esc(t.outTradeNo)}">
<div class="actions"><button class="cancel" type="submit" name="action" value="cancel">取消</button><button class="pay" type="submit" name="action" value="pay">确认支付</button></div>
</form>`
}
<div class="foot">展览供应商接单平台 · 支付宝沙箱</div>
</div>`,
  );
}

export function errorPage(message: string): string {
  return page(
    '支付宝沙箱：请求有误',
    `<div class="card"><h1>无法打开收银台</h1><div class="note">${esc(message)}</div><div class="foot">支付宝沙箱</div></div>`,
  );
}
