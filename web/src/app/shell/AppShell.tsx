import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { FlashNotice } from '../../components/FlashNotice';
import { OnboardingBanner } from '../../components/OnboardingBanner';
import { SIDENAV_ID, SideNav } from './SideNav';
import { StatusNotice } from './StatusNotice';
import { UpdateBanner } from './UpdateBanner';
import { useSidenavOpen } from './sidenavCookie';
import { useUpgradePrompt } from '../../lib/upgrade-required';

const UpgradeRequiredDialog = lazy(() => import('../../components/UpgradeRequiredDialog').then((m) => ({ default: m.UpgradeRequiredDialog })));

/**
 * The Upgrade Required dialog, fetched the first time a 403 asks for it and kept mounted after (its closing fade):
 * the dialog library is 5 KB gzip most visits never use, off the first page's budget (issue 18).
 */
function UpgradeRequired() {
  const asked = useUpgradePrompt() !== undefined;
  const [wanted, setWanted] = useState(false);
  if (asked && !wanted) setWanted(true);
  if (!asked && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeRequiredDialog />
    </Suspense>
  );
}

/**
 * The signed-in layout: side navigation, a top bar below 992 px, the screen, and two banner slots
 * (top: outage and onboarding banners; bottom: the update banner), and the one Upgrade Required dialog.
 */
export function AppShell() {
  const [open, setOpen] = useSidenavOpen();
  const hamburger = useRef<HTMLButtonElement>(null);
  const opener = useCallback(() => hamburger.current, []);
  return (
    <div className="app-shell">
      {/* The first stop of the keyboard: past the navigation to the screen itself. */}
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      {/* Bootstrap's navbar classes in plain markup: react-bootstrap's Navbar brings its offcanvas and modal manager. */}
      <nav data-bs-theme="dark" className="app-topbar d-lg-none navbar navbar-expand bg-dark sticky-top">
        <div className="container-fluid">
          <Link to="/dashboard" className="brand navbar-brand">
            Consultant Desk
          </Link>
          <button
            ref={hamburger}
            type="button"
            className="app-hamburger btn btn-outline-light"
            aria-label="Open navigation"
            aria-controls={SIDENAV_ID}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </button>
        </div>
      </nav>
      <SideNav open={open} onClose={() => setOpen(false)} opener={opener} />
      <div className="app-main">
        <div className="app-banners app-banners-top" aria-live="polite">
          <StatusNotice />
          <OnboardingBanner />
        </div>
        <main className="app-content" id="main-content" tabIndex={-1}>
          <div className="container-xl py-3 py-lg-4">
            <FlashNotice />
            <Outlet />
          </div>
        </main>
        <div className="app-banners app-banners-bottom" aria-live="polite">
          <UpdateBanner />
        </div>
      </div>
      <UpgradeRequired />
    </div>
  );
}
