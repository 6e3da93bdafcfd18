import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { useSession } from '../lib/session';

/** App routes need a session; without one, /login?next=<where the person was going>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading fill />;
  if (session.status === 'signedOut') {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const next = session.reason === 'user' || here === '/' ? '' : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  return children;
}
