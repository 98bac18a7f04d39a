/**
 * How the server takes payments: the `zl-pay` meta tag it writes into the page (apps/server/src/app.ts
 * pageHtml): `alipay`, `sandbox` (the built-in 沙箱 收银台, no real money) or `off`. Absent (the Vite
 * dev server) → null, not known.
 */
export type PayMode = 'alipay' | 'sandbox' | 'off';

export function payMode(): PayMode | null {
  const v = document.querySelector('meta[name="zl-pay"]')?.getAttribute('content');
  return v === 'alipay' || v === 'sandbox' || v === 'off' ? v : null;
}
