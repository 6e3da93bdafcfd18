import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

/** The sections of /settings, each reached by its hash (spec section 2). */
const SECTIONS = [
  { hash: '#integration', title: 'Integrations' },
  { hash: '#email', title: 'Email' },
  { hash: '#shipping', title: 'Shipping' },
] as const;

/** /settings: one section at a time, by the address's hash; integrations (the integrations feature's section) when there is none. */
export function SettingsPage({ integrations }: { integrations: ReactNode }) {
  const { hash } = useLocation();
  const current = SECTIONS.find((s) => s.hash === hash) ?? SECTIONS[0];
  return (
    <>
      <PageHeader title="Settings" />
      <Nav variant="tabs" activeKey={current.hash} className="mb-3">
        {SECTIONS.map((s) => (
          <Nav.Item key={s.hash}>
            <Nav.Link eventKey={s.hash} href={s.hash}>
              {s.title}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {current.hash === '#integration' ? (
        integrations
      ) : (
        <Card body className="not-built">
          {current.title} settings are not built yet.
        </Card>
      )}
    </>
  );
}
