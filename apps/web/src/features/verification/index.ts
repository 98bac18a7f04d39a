/** What other features may use of verification (docs/web.md): the verification status tag. */
export { AuthTag, toAuthStatus } from './components/auth-status.tsx';
export { VERIFY_PAGE, type Verification, verificationOf, verifyPrompt } from './lib/verification-state.ts';
