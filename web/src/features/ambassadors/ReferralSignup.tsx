import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { useJoinReferral } from './api';
import { forgetReferral, keepReferral, pendingReferral } from './referral';

/**
 * /signup?ref=<code>: the referral link. The code is kept in the browser and the seller goes on to sign in (new
 * accounts are created at sign-in); ReferralClaim sends it once they are signed in.
 */
export function ReferralSignup() {
  const location = useLocation();
  keepReferral(location.search);
  return <Navigate to="/login" replace />;
}

/** Inside the signed-in app: sends a kept referral code once; a refusal (own link, old account) forgets it too. */
export function ReferralClaim() {
  const join = useJoinReferral();
  const { mutate } = join;
  useEffect(() => {
    const code = pendingReferral();
    if (!code) return;
    mutate(code, {
      onSuccess: forgetReferral,
      onError: (err) => {
        if (err instanceof ApiError && err.status < 500) forgetReferral();
      },
    });
  }, [mutate]);
  return null;
}
