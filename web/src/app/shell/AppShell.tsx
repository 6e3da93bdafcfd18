import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, Outlet } from 'react-router';
import { OnboardingBanner } from '../../components/OnboardingBanner';
import { SIDENAV_ID, SideNav } from './SideNav';
import { useSidenavOpen } from './sidenavCookie';

/**
 * The signed-in layout: side navigation, a top bar below 992 px, the screen, and two banner slots
 * (top: outage and onboarding banners; bottom: the update banner), empty until those banners exist.
 */
export function AppShell() {
  const [open, setOpen] = useSidenavOpen();
  return (
    <div className="app-shell">
      <Navbar bg="dark" data-bs-theme="dark" className="app-topbar d-lg-none" sticky="top">
        <Container fluid>
          <Navbar.Brand as={Link} to="/dashboard" className="brand">
            Consultant Desk
          </Navbar.Brand>
          <Button
            variant="outline-light"
            className="app-hamburger"
            aria-label="Open navigation"
            aria-controls={SIDENAV_ID}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </Button>
        </Container>
      </Navbar>
      <SideNav open={open} onClose={() => setOpen(false)} />
      <div className="app-main">
        <div className="app-banners app-banners-top" aria-live="polite">
          <OnboardingBanner />
        </div>
        <main className="app-content">
          <Container fluid="xl" className="py-3 py-lg-4">
            <Outlet />
          </Container>
        </main>
        <div className="app-banners app-banners-bottom" aria-live="polite" />
      </div>
    </div>
  );
}
