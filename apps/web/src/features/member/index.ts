/** What other features may use of member (docs/web.md): how complete the member's profile is. */
export { profileCompleteness } from './lib/profile.ts';
