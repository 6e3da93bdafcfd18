import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { PageHeader } from './PageHeader';

export interface ListHeaderProps {
  title: string;
  /** The screen's one primary action (New Order, New Customer); every other action goes in the toolbar. */
  primary?: { label: string; onClick: () => void; disabled?: boolean };
  /** Secondary actions and filters: small outline buttons, selects, menus. */
  toolbar?: ReactNode;
  toolbarLabel?: string;
  /** The screen's figures as one compact line (balance and allowance, counts). */
  figures?: ReactNode;
  /** Between the figures and the toolbar: a warning that needs the seller. */
  children?: ReactNode;
}

/**
 * The head of every list screen (issue 17): the title with one primary action, the figures on one compact line, the
 * other actions in a toolbar, so the first rows are within the first screen of a phone.
 */
export function ListHeader({ title, primary, toolbar, toolbarLabel, figures, children }: ListHeaderProps) {
  return (
    <header className="list-header mb-3" data-testid="list-header">
      <PageHeader title={title}>
        {primary && (
          <Button onClick={primary.onClick} disabled={primary.disabled}>
            {primary.label}
          </Button>
        )}
      </PageHeader>
      {figures && (
        <p className="small text-body-secondary mb-2 list-figures" data-testid="list-figures">
          {figures}
        </p>
      )}
      {children}
      {toolbar && (
        <div className="d-flex flex-wrap align-items-center gap-2" role="toolbar" aria-label={toolbarLabel ?? `${title} actions`}>
          {toolbar}
        </div>
      )}
    </header>
  );
}
