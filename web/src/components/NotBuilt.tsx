import Card from 'react-bootstrap/Card';
import { PageHeader } from './PageHeader';

/** The one placeholder every screen of spec section 2 shows until it is built. */
export function NotBuilt({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card body className="not-built">
        This screen is not built yet.
      </Card>
    </>
  );
}
