import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { PageHeader } from '../../components/PageHeader';
import { AutomatedEmailsTab } from './AutomatedEmailsTab';
import { EmailCampaignsTab } from './EmailCampaignsTab';

type TabKey = 'campaigns' | 'automated';

/** /marketing (spec section 2): Email Campaigns and Automated Emails. */
export function MarketingPage() {
  const [tab, setTab] = useState<TabKey>(() => (window.location.hash === '#automated' ? 'automated' : 'campaigns'));
  return (
    <>
      <PageHeader title="Marketing" />
      <Tabs
        id="marketing-tabs"
        activeKey={tab}
        onSelect={(k) => {
          const next = k === 'automated' ? 'automated' : 'campaigns';
          setTab(next);
          window.history.replaceState(null, '', next === 'automated' ? '#automated' : '#campaigns');
        }}
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="campaigns" title="Email Campaigns">
          <EmailCampaignsTab />
        </Tab>
        <Tab eventKey="automated" title="Automated Emails">
          <AutomatedEmailsTab />
        </Tab>
      </Tabs>
    </>
  );
}
