import type { SessionMember } from '@zl/shared';
import { create } from 'zustand';
import { storage } from './storage.ts';

export type AutologinStatus = 'idle' | 'pending' | 'failed';

interface SessionState {
  /** Display hint only: the server session decides who the member is (docs/product.md § Roles). */
  cardno: string | null;
  loginState: boolean;
  member: SessionMember | null;
  autologin: AutologinStatus;
  loggedIn: (member: Pick<SessionMember, 'cardno'> & Partial<SessionMember>) => void;
  setMember: (member: SessionMember) => void;
  setAutologin: (status: AutologinStatus) => void;
  /** NOT_LOGGED_IN: drop cardno/loginState (the guard then runs again). */
  sessionEnded: () => void;
  /** 退出登录: drop everything including the remembered mobile. */
  loggedOut: () => void;
}

function isMember(m: Partial<SessionMember>): m is SessionMember {
  return (
    typeof m.cardno === 'string' &&
    typeof m.cardtype === 'string' &&
    typeof m.mobile === 'string' &&
    typeof m.nickname === 'string'
  );
}

export const useSession = create<SessionState>()((set) => ({
  cardno: storage.getCardno(),
  loginState: storage.getLoginState(),
  member: null,
  autologin: 'idle',
  loggedIn(member) {
    storage.saveLogin(member.cardno);
    set({
      cardno: member.cardno,
      loginState: true,
      member: isMember(member)
        ? {
            cardno: member.cardno,
            cardtype: member.cardtype,
            mobile: member.mobile,
            nickname: member.nickname,
          }
        : null,
      autologin: 'idle',
    });
  },
  setMember(member) {
    if (storage.getCardno() !== member.cardno) storage.saveLogin(member.cardno);
    set({ member, cardno: member.cardno, loginState: true });
  },
  setAutologin(status) {
    set({ autologin: status });
  },
  sessionEnded() {
    storage.clearSession();
    set({ cardno: null, loginState: false, member: null });
  },
  loggedOut() {
    storage.clearAll();
    set({ cardno: null, loginState: false, member: null, autologin: 'idle' });
  },
}));

/** Re-read localStorage (another tab, or a test that seeded storage). */
export function syncSessionFromStorage(): void {
  useSession.setState({ cardno: storage.getCardno(), loginState: storage.getLoginState() });
}
