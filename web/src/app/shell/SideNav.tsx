import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useWideLayout } from '../../lib/useMediaQuery';
import { useWhatsNew } from '../../lib/status-feed';
import { HELP_NAV, MAIN_NAV } from './nav';

export const SIDENAV_ID = 'app-sidenav';

/** Bootstrap's offcanvas slide (its $offcanvas-transition-duration); the panel is hidden once it has slid out. */
const SLIDE_MS = 300;

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * One nav for both widths, on Bootstrap's responsive offcanvas classes: at >= 992 px (Bootstrap's lg) it is in
 * place, a fixed 15.625rem column; below it is a full-width panel opened by the top bar's hamburger. Below lg an open
 * panel is a modal dialog: focus moves into it and stays there (Tab wraps), Escape closes it, and focus goes back
 * to the hamburger. Our own rather than react-bootstrap's Offcanvas, whose modal manager and transitions were 7 KB
 * gzip of the first page for this one menu (issue 18).
 */
export function SideNav({ open, onClose, opener }: { open: boolean; onClose: () => void; opener?: () => HTMLElement | null }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const whatsNew = useWhatsNew();
  const wide = useWideLayout();
  const panel = useRef<HTMLDivElement>(null);
  const modal = open && !wide;
  // 'hiding' while the panel slides out after closing (Bootstrap's class: still visible, moving).
  const [hiding, setHiding] = useState(false);
  const wasModal = useRef(false);

  useEffect(() => {
    if (modal) {
      wasModal.current = true;
      setHiding(false);
      panel.current?.querySelector<HTMLElement>('.btn-close')?.focus();
      document.body.classList.add('overflow-hidden');
      return () => document.body.classList.remove('overflow-hidden');
    }
    if (!wasModal.current) return;
    wasModal.current = false;
    setHiding(true);
    opener?.()?.focus();
    const done = window.setTimeout(() => setHiding(false), SLIDE_MS);
    return () => window.clearTimeout(done);
  }, [modal, opener]);

  const dot = whatsNew.dot ? <span className="whats-new-dot" role="img" aria-label="new" data-testid="whats-new-dot" /> : null;
  // Following a link on a phone closes the nav; on wide screens onClose is harmless (it is shown regardless).
  const go = () => {
    if (open) onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!modal) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const stops = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  const classes = ['offcanvas-lg', 'offcanvas-start', open ? 'show' : '', hiding ? 'show hiding' : ''].filter(Boolean).join(' ');
  return (
    <aside className="app-sidenav" data-bs-theme="dark">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the dialog's keys (Escape, Tab wrapping) below lg */}
      <div
        ref={panel}
        id={SIDENAV_ID}
        className={classes}
        tabIndex={-1}
        {...(modal ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `${SIDENAV_ID}-title` } : {})}
        onKeyDown={onKeyDown}
      >
        <div className="offcanvas-header">
          <div id={`${SIDENAV_ID}-title`} className="offcanvas-title brand h5">
            Consultant Desk
          </div>
          <button type="button" className="btn-close" aria-label="Close navigation" onClick={onClose} />
        </div>
        <div className="offcanvas-body">
          <nav className="w-100" aria-label="Main">
            <Link to="/dashboard" className="brand sidenav-brand d-none d-lg-block" onClick={go}>
              Consultant Desk
            </Link>
            <div className="nav flex-column">
              {MAIN_NAV.map((item) => (
                <NavLink key={item.to} to={item.to} className="nav-link" onClick={go}>
                  {item.label}
                </NavLink>
              ))}
              <button
                type="button"
                className="nav-link sidenav-toggle"
                aria-expanded={helpOpen}
                aria-controls="sidenav-help"
                onClick={() => setHelpOpen((v) => !v)}
              >
                Help {!helpOpen && dot} <span aria-hidden="true">{helpOpen ? '▴' : '▾'}</span>
              </button>
              <div id="sidenav-help" hidden={!helpOpen}>
                <div className="nav flex-column sidenav-sub">
                  {HELP_NAV.map((item) => (
                    <Link key={item.to} to={item.to} className="nav-link" onClick={go}>
                      {item.label}
                      {item.to === '/help#whats-new' && dot}
                    </Link>
                  ))}
                </div>
              </div>
              <hr className="my-2" />
              <NavLink to="/logout" className="nav-link" onClick={go}>
                Log out
              </NavLink>
            </div>
          </nav>
        </div>
      </div>
    </aside>
  );
}
