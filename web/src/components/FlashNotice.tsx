import { useState } from 'react';
import { Alert } from './Alert';
import { useLocation } from 'react-router';

/** What a screen says happened when it sends the seller on: `navigate(to, { state: flashState('…') })`. */
export function flashState(message: string) {
  return { flash: message };
}

/**
 * The message a previous screen left in the navigation state (a plan changed and what was charged), shown once at
 * the top of the next screen, whichever it is (the return address or the dashboard).
 */
export function FlashNotice() {
  const location = useLocation();
  const message = (location.state as { flash?: unknown } | null)?.flash;
  const [closed, setClosed] = useState<string>();
  if (typeof message !== 'string' || closed === location.key) return null;
  return (
    <Alert variant="success" dismissible onClose={() => setClosed(location.key)} data-testid="flash-notice">
      {message}
    </Alert>
  );
}
