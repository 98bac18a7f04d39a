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

/**
 * Only same-origin absolute paths are accepted as ?redirect= targets (no open redirect). A
 * backslash, whitespace or control character is refused too: browsers drop tabs and newlines and
 * read a backslash as `/`, so `/\t/evil.example` would become `//evil.example`.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (value.startsWith('/login') || value.startsWith('/loginOther')) return fallback;
  return value;
}
