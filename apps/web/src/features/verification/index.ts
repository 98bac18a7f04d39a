/** What other features may use of verification (docs/web.md): the verification status tag. */
export { AuthTag, toAuthStatus } from './components/auth-status.tsx';
