import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { type Slide, Walkthrough } from '../../components/Walkthrough';
import { formatMoney } from '../../../../shared/domain/format';
import { useSellingProducts } from './api';

const SLIDES: readonly Slide[] = [
  ['Live Selling', 'Selling in a live stream? Take each order as it comes with New Order: choose the customer, the products and the price.'],
  ['Your products', 'The products you sell are listed here with their price; products on sale show their sale price.'],
  ['Ship', 'Every live order lands in Orders, ready for a label, alone or in a batch.'],
];

/** /selling (spec section 2, `?walkthrough#selling` opens the tour): live selling, New Order and the products sold. */
export function SellingPage() {
  const [params] = useSearchParams();
  const products = useSellingProducts();
  const rows = products.data?.pages.flatMap((p) => p.products) ?? [];
  return (
    <>
      <PageHeader title="Live Selling">
        <Link to="/orders?new" className="btn btn-primary">
          New Order
        </Link>
      </PageHeader>
      <div id="selling">
        <Walkthrough slides={SLIDES} startOpen={params.has('walkthrough')} />
      </div>
      <p>Take orders while you sell live: each one goes to Orders, ready to ship.</p>
      <h2 className="h5">Products you sell</h2>
      {products.isPending && <Loading />}
      {products.error && <ErrorAlert error={products.error} onRetry={() => void products.refetch()} />}
      {products.data && rows.length === 0 && (
        <p className="text-body-secondary">
          No products yet. Products come from your connected platforms: <Link to="/settings#integration">connect one</Link>, or add items as you
          take an order.
        </p>
      )}
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3" data-testid="selling-products">
        {rows.map((p) => (
          <div className="col" key={p.productId}>
            <Card className="h-100">
              <Card.Body>
                <Card.Title as="h3" className="h6">
                  {p.name}
                </Card.Title>
                <div>
                  {formatMoney(p.price)}
                  {p.onSale && (
                    <>
                      {' '}
                      <s className="text-body-secondary small">{formatMoney(p.regularPrice)}</s> <span className="badge text-bg-success">Sale</span>
                    </>
                  )}
                </div>
                {p.sku && <div className="small text-body-secondary">SKU {p.sku}</div>}
              </Card.Body>
            </Card>
          </div>
        ))}
      </div>
      {products.hasNextPage && (
        <Button variant="outline-secondary" className="mt-3" disabled={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
          {products.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </>
  );
}
