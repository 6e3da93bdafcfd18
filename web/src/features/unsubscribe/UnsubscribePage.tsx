import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/api/messages';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { useUnsubscribe, useUnsubscribeInfo } from './api';

const messageOf = (err: unknown) => (err instanceof ApiError && err.status === 400 ? MESSAGES.unsubscribeLinkInvalid : MESSAGES.generic);

/**
 * /unsubscribe?token=…: the page an email's unsubscribe link opens, without signing in. It asks first (a link
 * scanner that opens the page unsubscribes no one), then confirms "You are unsubscribed".
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  let content: ReactNode;
  if (!token) content = <Alert variant="danger">{MESSAGES.unsubscribeLinkInvalid}</Alert>;
  else if (info.isPending) content = <Loading label="Loading..." />;
  else if (info.isError) content = <Alert variant="danger">{messageOf(info.error)}</Alert>;
  else if (info.data.unsubscribed) {
    content = (
      <Alert variant="success" className="mb-0">
        You are unsubscribed. {info.data.businessName} will not send you marketing emails any more.
      </Alert>
    );
  } else {
    content = (
      <>
        <p>Stop marketing emails from {info.data.businessName}?</p>
        {unsubscribe.isError && <Alert variant="danger">{messageOf(unsubscribe.error)}</Alert>}
        <Button variant="primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? 'UNSUBSCRIBING...' : 'Unsubscribe'}
        </Button>
      </>
    );
  }

  return (
    <main className="d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="login-card shadow-sm w-100">
        <Card.Body className="p-4">
          <h1 className="h5 mb-3">Unsubscribe</h1>
          {content}
        </Card.Body>
      </Card>
    </main>
  );
}
