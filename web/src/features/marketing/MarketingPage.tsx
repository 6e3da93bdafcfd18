import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { DiscountsPanel } from '../../components/discounts/DiscountsPanel';
import { ListHeader } from '../../components/ListHeader';
import { AutomatedEmailsTab } from './AutomatedEmailsTab';
import { EmailCampaignsTab } from './EmailCampaignsTab';

const TABS = ['campaigns', 'automated', 'discounts'] as const;
type TabKey = (typeof TABS)[number];

/** The tab a link names (#automated, #discounts), Email Campaigns otherwise. */
const tabOf = (key: string | null | undefined): TabKey => TABS.find((t) => t === key) ?? 'campaigns';

/** /marketing (spec section 2): Email Campaigns and Automated Emails, and the seller's discounts (issue 15). */
export function MarketingPage() {
  const [tab, setTab] = useState<TabKey>(() => tabOf(window.location.hash.slice(1)));
  return (
    <>
      <ListHeader title="Marketing" />
      <Tabs
        id="marketing-tabs"
        activeKey={tab}
        onSelect={(k) => {
          const next = tabOf(k);
          setTab(next);
          window.history.replaceState(null, '', `#${next}`);
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
        <Tab eventKey="discounts" title="Discounts">
          <DiscountsPanel />
        </Tab>
      </Tabs>
    </>
  );
}
