import { ApiError, type ResponseOf } from '../../lib/api';
import { plaidLinkToken, reportPlaidError, savePlaidBank } from './api';

/** Plaid sandbox's documented test login; any other is refused by Link with INVALID_CREDENTIALS. */
export const PLAID_SANDBOX_USER = { username: 'user_good', password: 'pass_good' };
/** Spec section 8: a failed bank link shows the server's message, else this. */
export const LINK_FAILED = 'Something went wrong';

/** What Plaid Link hands the page: onSuccess(public_token, metadata) or onExit(err, metadata). */
export type LinkResult =
  | { ok: true; publicToken: string; accountId: string; metadata: { link_session_id: string; account: { id: string; name: string; mask: string } } }
  | { ok: false; err: { error_code: string; error_type: string; error_message: string }; metadata: { link_session_id: string; status: string } };

/** The local stand-in for Plaid Link's sandbox: the test login links its checking account, any other fails. */
export function sandboxLink(login: { username: string; password: string }, sessionId: string): LinkResult {
  if (login.username.trim() !== PLAID_SANDBOX_USER.username || login.password !== PLAID_SANDBOX_USER.password) {
    return {
      ok: false,
      err: { error_code: 'INVALID_CREDENTIALS', error_type: 'ITEM_ERROR', error_message: 'the provided credentials were not correct' },
      metadata: { link_session_id: sessionId, status: 'requires_credentials' },
    };
  }
  const account = { id: `sandbox-checking-${sessionId}`, name: 'Plaid Checking', mask: '0000' };
  return { ok: true, publicToken: `public-sandbox-${sessionId}`, accountId: account.id, metadata: { link_session_id: sessionId, account } };
}


export { plaidLinkToken };

/**
 * Link's result: an account becomes the saved bank (POST /settings/SetPlaidDetails); a Link error is reported
 * (POST /payment/PlaidJSException) and shown as 'Something went wrong'. Throws the message to show.
 */
export async function finishLink(result: LinkResult): Promise<ResponseOf<'settings.setPlaidDetails'>> {
  if (!result.ok) {
    // Reporting is best effort: the seller is told the link failed either way.
    await reportPlaidError({ err: result.err, metadata: result.metadata }).catch(() => undefined);
    throw new Error(LINK_FAILED);
  }
  try {
    return await savePlaidBank(result.publicToken, result.accountId);
  } catch (err) {
    throw new Error(err instanceof ApiError && err.status < 500 ? err.message : LINK_FAILED);
  }
}
