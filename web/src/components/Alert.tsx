import { type ReactNode, useState } from 'react';

type Variant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

export interface AlertProps {
  variant?: Variant;
  className?: string;
  /** A close button; the alert hides itself when clicked, then tells `onClose`. */
  dismissible?: boolean;
  onClose?: () => void;
  role?: string;
  'data-testid'?: string;
  children?: ReactNode;
}

/**
 * Bootstrap's alert markup, as react-bootstrap's Alert draws it (the same classes, role and "Close alert" button),
 * without its fade transition: that Alert brought react-transition-group onto the first page, 5 KB gzip of the
 * 150 KB budget (issue 18), to animate a notice appearing.
 */
export function Alert({ variant = 'primary', className, dismissible, onClose, role = 'alert', children, ...rest }: AlertProps) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const classes = ['alert', `alert-${variant}`, dismissible ? 'alert-dismissible' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role={role} className={classes} {...rest}>
      {children}
      {dismissible && (
        <button
          type="button"
          className="btn-close"
          aria-label="Close alert"
          onClick={() => {
            setShown(false);
            onClose?.();
          }}
        />
      )}
    </div>
  );
}
