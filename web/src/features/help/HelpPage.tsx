import { type ReactNode, useEffect, useRef } from 'react';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useWhatsNew } from '../../lib/status-feed';
import { useSellerPlan } from './api';
import { HelpCenter } from './HelpCenter';
import { LiveChat } from './LiveChat';
import { PhoneSupport } from './PhoneSupport';
import { TicketForm } from './TicketForm';
import { WhatsNew } from './WhatsNew';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card as="section" id={id} className="mb-3 shadow-sm help-section" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}

/**
 * /help (spec section 2): the help center, live chat, email ticket, phone support and What's New, one section each;
 * the side navigation's Help links land on their section by hash (#chat, #ticket, #phone, #whats-new), and an
 * article's id opens that article (the outage notice links #service-status).
 */
export function HelpPage() {
  const { hash } = useLocation();
  const id = hash.replace(/^#/, '');
  const plan = useSellerPlan();
  const whatsNew = useWhatsNew();
  const subject = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!id) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [id]);

  const openTicket = () => {
    document.getElementById('ticket')?.scrollIntoView({ block: 'start' });
    subject.current?.focus();
  };

  return (
    <>
      <PageHeader title="Help" />
      <Nav className="mb-3 flex-wrap gap-2" as="nav" aria-label="Help sections">
        <Link to="#chat" className="btn btn-outline-primary btn-sm">
          Live Chat
        </Link>
        <Link to="#ticket" className="btn btn-outline-primary btn-sm">
          Email Ticket
        </Link>
        <Link to="#phone" className="btn btn-outline-primary btn-sm">
          Phone Support
        </Link>
        <Link to="#whats-new" className="btn btn-outline-primary btn-sm">
          What's New{whatsNew.dot && <span className="whats-new-dot" role="img" aria-label="new" />}
        </Link>
      </Nav>
      <Section id="help-center" title="Help Center">
        <HelpCenter openId={id} />
      </Section>
      <Section id="chat" title="Live Chat">
        <LiveChat plan={plan.data ?? undefined} onOpenTicket={openTicket} />
      </Section>
      <Section id="ticket" title="Email Ticket">
        <p className="text-body-secondary">Write to us any time. We confirm by email at once and reply within 1 business day.</p>
        <TicketForm ref={subject} />
      </Section>
      <Section id="phone" title="Phone Support">
        <PhoneSupport plan={plan.data ?? undefined} />
      </Section>
      <Section id="whats-new" title="What's New">
        <WhatsNew reading={id === 'whats-new'} />
      </Section>
    </>
  );
}
