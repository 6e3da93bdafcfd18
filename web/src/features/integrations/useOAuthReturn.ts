import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PLATFORMS, type Platform } from '../../../../shared/domain/platforms';
import { GENERIC_ERROR } from '../../lib/api';
import { completeOAuthReturn, integrationsKey } from './api';

export interface OAuthNotice {
  variant: 'success' | 'danger' | 'info';
  text: string;
}

/** A seller who said no on the platform's consent page comes back with `error` instead of a code. */
export const OAUTH_DENIED = 'The platform was not connected because access was not allowed. Click Connect to try again.';
export const OAUTH_CONNECTING = 'Finishing the connection…';

const asPlatform = (p: string | null): Platform | undefined => (PLATFORMS as readonly string[]).includes(p ?? '') ? (p as Platform) : undefined;

/**
 * /settings reached from an OAuth platform (its code and our state in the address): sends them to
 * /integrations/oauthReturn once, takes them out of the address (a reload must not send a spent code again) and
 * says how it went; the integrations list is read again on success.
 */
export function useOAuthReturn(): { notice: OAuthNotice | null; dismiss: () => void } {
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<OAuthNotice | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error');
    if (handled.current || (!code && !denied)) return;
    handled.current = true;
    navigate({ pathname: '/settings', search: '', hash: '#integration' }, { replace: true });
    if (!code || !state) {
      setNotice({ variant: 'danger', text: denied ? OAUTH_DENIED : GENERIC_ERROR });
      return;
    }
    setNotice({ variant: 'info', text: OAUTH_CONNECTING });
    const platform = asPlatform(params.get('platform'));
    const instanceId = params.get('instanceId') ?? undefined;
    completeOAuthReturn({ code, state, ...(platform ? { platform } : {}), ...(instanceId ? { instanceId } : {}) })
      .then((answer) => {
        setNotice({ variant: 'success', text: answer.message });
        // Also onboarding's platform step: the banner reads the profile again.
        void queryClient.invalidateQueries({ queryKey: ['consultant'] });
        return queryClient.invalidateQueries({ queryKey: integrationsKey });
      })
      .catch((err: unknown) => setNotice({ variant: 'danger', text: err instanceof Error ? err.message : GENERIC_ERROR }));
  }, [search, navigate, queryClient]);

  return { notice, dismiss: () => setNotice(null) };
}
