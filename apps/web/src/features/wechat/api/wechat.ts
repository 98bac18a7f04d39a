import type {
  BindMobileInput,
  BindMobileResult,
  WechatLoginResult,
  WechatSetPasswordInput,
  WxLoginInput,
  WxLoginResult,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';

/** Wechat/login: the authorize URL (the server also sets its httpOnly state-binding cookie). */
export function startWechatLogin() {
  return api.post<WechatLoginResult>('Wechat/login', {}, { skipErrorHandler: true });
}

/** Wechat/wxLogin: WeChat's code + state from the redirect back to /login. */
export function wxLogin(code: string, state: string) {
  return api.post<WxLoginResult>('Wechat/wxLogin', { code, state } satisfies WxLoginInput, {
    skipErrorHandler: true,
  });
}

export function bindMobile(body: BindMobileInput) {
  return api.post<BindMobileResult>('Wechat/bindMobile', body, { skipErrorHandler: true });
}

/** The first password of a member created by WeChat sign-in; the session stays. */
export function wechatSetPassword(token: string, password: string) {
  return api.post<null>('Wechat/setPassword', { token, password } satisfies WechatSetPasswordInput, {
    skipErrorHandler: true,
  });
}
