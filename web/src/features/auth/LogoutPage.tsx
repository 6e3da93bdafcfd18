import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../components/PageHeader';
import { endSession } from '../../lib/session';

/** /logout: ends the session, then shows the sign-in page. */
export function LogoutPage() {
  usePageTitle('Signing out');
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void endSession('user').then(() => {
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <Loading label="Signing out..." fill />;
}
