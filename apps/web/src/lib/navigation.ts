/**
 * Lets non-React code (the shared error handler, the auto-login) navigate through the router
 * without importing it (lib must not depend on app).
 */
type Navigator = (to: string, opts?: { replace?: boolean }) => void;

let current: Navigator | null = null;

export function setNavigator(nav: Navigator | null): void {
  current = nav;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (current) current(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Only same-origin absolute paths are accepted as ?redirect= targets (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/loginOther')) return fallback;
  return value;
}
