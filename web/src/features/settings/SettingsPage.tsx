import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import { useLocation } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { type SettingsAnswer, useSettings } from './api';
import { BusinessSection } from './BusinessSection';
import { EmailSection } from './EmailSection';
import { ShippingSection } from './ShippingSection';

/** The sections of /settings, each reached by its hash (spec section 2). */
const SECTIONS = [
  { hash: '#integration', title: 'Integrations' },
  { hash: '#business', title: 'Business' },
  { hash: '#email', title: 'Email' },
  { hash: '#shipping', title: 'Shipping' },
  { hash: '#account', title: 'Account' },
] as const;

const FORMS: Record<string, (props: { settings: SettingsAnswer }) => ReactNode> = {
  '#business': BusinessSection,
  '#email': EmailSection,
  '#shipping': ShippingSection,
};

/** /settings: one section at a time, by the address's hash; integrations (the integrations feature's section) when there is none. */
export function SettingsPage({ integrations, account }: { integrations: ReactNode; account?: ReactNode }) {
  const { hash } = useLocation();
  const current = SECTIONS.find((s) => s.hash === hash) ?? SECTIONS[0];
  const settings = useSettings();
  const Section = FORMS[current.hash];
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
      {current.hash === '#account' ? (
        account
      ) : !Section ? (
        integrations
      ) : settings.error ? (
        <ErrorAlert error={settings.error} onRetry={() => settings.refetch()} />
      ) : !settings.data ? (
        <Loading />
      ) : (
        <Section key={current.hash} settings={settings.data} />
      )}
    </>
  );
}
