import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session-store.ts';
import { storage } from '../lib/storage.ts';
import { startAutologin } from './autologin.ts';
import { decideGuard } from './guard.ts';

/** Route element of `/`: every main-layout page sits behind it (docs/seed-map.md § Routes, § Guard). */
export function AuthGate() {
  const cardno = useSession((s) => s.cardno);
  const location = useLocation();
  const requested = `${location.pathname}${location.search}`;
  const decision = decideGuard({ cardno, name: storage.getName() }, requested);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page asked for when auto-login starts
  useEffect(() => {
    if (decision.action === 'autologin') void startAutologin(requested);
  }, [decision.action]);

  if (decision.action === 'allow') return <Outlet />;
  return <Navigate to={decision.redirectTo} replace />;
}
