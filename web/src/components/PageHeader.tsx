import { type ReactNode, useEffect } from 'react';

const APP_NAME = 'Consultant Desk';

/** Sets the document title while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}

/** A screen's heading (and the tab's title), with optional actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {children}
    </div>
  );
}
