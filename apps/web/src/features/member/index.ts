/** What other features may use of member (docs/web.md): the member's userInfo and its query keys. */
export { userInfoQuery, useUserInfo } from './api/user-info.ts';
export { profileCompleteness } from './lib/profile.ts';
