import { useSession } from '../../lib/session-store.ts';
import { startWechatLogin, wxLogin } from './api/wechat.ts';
import { bindTicket } from './wechat-storage.ts';

/** Loaded on demand by /login (its critical path stays small): the WeChat half of the page. */
export async function goToWechat(): Promise<void> {
  const { url } = await startWechatLogin();
  window.location.assign(url);
}

/** WeChat sent the browser back with ?code&state: log in, or go bind a mobile. Answers where to go. */
export async function finishWechatLogin(code: string, state: string): Promise<string> {
  const data = await wxLogin(code, state);
  if (data.bound) {
    const { bound: _b, ...member } = data;
    useSession.getState().loggedIn(member);
    return '/';
  }
  bindTicket.save({
    ticket: data.ticket,
    nickname: data.nickname,
    expiresAt: Date.now() + (data.expiresIn || 900) * 1000,
  });
  return '/loginOther/bindPhone';
}
