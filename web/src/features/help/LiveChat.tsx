import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MESSAGES } from '../../../../shared/api/messages';
import type { Plan } from '../../../../shared/domain/plans';
import { isSupportOpen } from '../../../../shared/domain/support';
import { errorMessage } from '../../components/ErrorAlert';
import { ApiError } from '../../lib/api';
import { openUpgradeDialog } from '../../lib/upgrade-required';
import { useSendChat } from './api';
import { chatVisible, setChatVisible } from './chat-cookie';

/**
 * Live chat (executive only, 14:00-22:00 UTC): other plans get the Upgrade Required dialog; outside the hours the
 * support-closed prompt offers a ticket. The open panel is remembered in the chat-visible cookie for 0.125 day.
 */
export function LiveChat({ plan, onOpenTicket }: { plan: Plan | undefined; onOpenTicket: () => void }) {
  const executive = plan === 'executive';
  const [open, setOpen] = useState(() => executive && chatVisible());
  const [closed, setClosed] = useState(false);
  const [sent, setSent] = useState<{ text: string; reply: string }[]>([]);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string>();
  const send = useSendChat();

  const start = () => {
    if (!executive) {
      openUpgradeDialog({ requiredPlan: 'executive' });
      return;
    }
    if (!isSupportOpen(new Date())) {
      setClosed(true);
      return;
    }
    setChatVisible(true);
    setOpen(true);
  };
  const end = () => {
    setChatVisible(false);
    setOpen(false);
  };
  const submit = async () => {
    const message = text.trim();
    if (!message) return;
    setFailure(undefined);
    try {
      const answer = await send.mutateAsync({ message });
      setSent((s) => [...s, { text: message, reply: answer.message }]);
      setText('');
    } catch (err) {
      if (err instanceof ApiError && err.message === MESSAGES.supportClosed) {
        end();
        setClosed(true);
      } else setFailure(errorMessage(err));
    }
  };

  if (closed)
    return (
      <Alert variant="warning" data-testid="support-closed">
        <p className="mb-2">{MESSAGES.supportClosed}</p>
        <Button
          variant="primary"
          onClick={() => {
            setClosed(false);
            onOpenTicket();
          }}
        >
          Open a Ticket
        </Button>
      </Alert>
    );
  if (!open)
    return (
      <>
        <p className="text-body-secondary">Chat with a support agent, 14:00-22:00 UTC. Included with the Executive plan.</p>
        <Button onClick={start}>Start Live Chat</Button>
      </>
    );
  return (
    <div data-testid="chat-panel">
      <ul className="list-unstyled mb-3">
        {sent.map((m) => (
          <li key={`${m.text}-${sent.indexOf(m)}`} className="mb-2">
            <div className="fw-semibold">You: {m.text}</div>
            <div className="text-body-secondary">{m.reply}</div>
          </li>
        ))}
      </ul>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Form.Group controlId="chat-message" className="mb-2">
          <Form.Label>Message</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        </Form.Group>
        {failure && <Alert variant="danger">{failure}</Alert>}
        <div className="d-flex gap-2">
          <Button type="submit" disabled={send.isPending || !text.trim()}>
            {send.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Send
          </Button>
          <Button variant="outline-secondary" onClick={end}>
            End Chat
          </Button>
        </div>
      </Form>
    </div>
  );
}
