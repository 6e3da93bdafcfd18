import Spinner from 'react-bootstrap/Spinner';

/** A spinner with words (for screen readers and for people). */
export function Loading({ label = 'Loading...', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <output className={`d-flex align-items-center justify-content-center gap-2 text-body-secondary ${fill ? 'min-vh-100' : 'py-4'}`}>
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </output>
  );
}
