import { useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, NavLink } from 'react-router';
import { useWhatsNew } from '../../lib/status-feed';
import { HELP_NAV, MAIN_NAV } from './nav';

export const SIDENAV_ID = 'app-sidenav';

/**
 * One nav for both widths: at >= 992 px (Bootstrap's lg) the responsive Offcanvas renders in place, a fixed
 * 15.625rem column; below it is a full-width offcanvas opened by the top bar's hamburger.
 */
export function SideNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const whatsNew = useWhatsNew();
  const dot = whatsNew.dot ? <span className="whats-new-dot" role="img" aria-label="new" data-testid="whats-new-dot" /> : null;
  // Following a link on a phone closes the nav; on wide screens onClose is harmless (it is shown regardless).
  const go = () => {
    if (open) onClose();
  };
  return (
    <aside className="app-sidenav" data-bs-theme="dark">
      <Offcanvas
        id={SIDENAV_ID}
        responsive="lg"
        placement="start"
        show={open}
        onHide={onClose}
        data-bs-theme="dark"
        aria-labelledby={`${SIDENAV_ID}-title`}
      >
        <Offcanvas.Header closeButton closeLabel="Close navigation">
          <Offcanvas.Title id={`${SIDENAV_ID}-title`} className="brand">
            Consultant Desk
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <nav className="w-100" aria-label="Main">
            <Link to="/dashboard" className="brand sidenav-brand d-none d-lg-block" onClick={go}>
              Consultant Desk
            </Link>
            <Nav className="flex-column">
              {MAIN_NAV.map((item) => (
                <Nav.Link key={item.to} as={NavLink} to={item.to} onClick={go}>
                  {item.label}
                </Nav.Link>
              ))}
              <Nav.Link
                as="button"
                type="button"
                className="sidenav-toggle"
                aria-expanded={helpOpen}
                aria-controls="sidenav-help"
                onClick={() => setHelpOpen((v) => !v)}
              >
                Help {!helpOpen && dot} <span aria-hidden="true">{helpOpen ? '▴' : '▾'}</span>
              </Nav.Link>
              <Collapse in={helpOpen}>
                <div id="sidenav-help">
                  <Nav className="flex-column sidenav-sub">
                    {HELP_NAV.map((item) => (
                      <Nav.Link key={item.to} as={Link} to={item.to} onClick={go}>
                        {item.label}
                        {item.to === '/help#whats-new' && dot}
                      </Nav.Link>
                    ))}
                  </Nav>
                </div>
              </Collapse>
              <hr className="my-2" />
              <Nav.Link as={NavLink} to="/logout" onClick={go}>
                Log out
              </Nav.Link>
            </Nav>
          </nav>
        </Offcanvas.Body>
      </Offcanvas>
    </aside>
  );
}
