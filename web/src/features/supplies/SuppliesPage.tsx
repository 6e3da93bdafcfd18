import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageHeader } from '../../components/PageHeader';

interface Supply {
  name: string;
  text: string;
  href: string;
  link: string;
}

const USPS_FREE = 'https://store.usps.com/store/results/free-shipping-supplies/_/N-7d0v8v';

/** Free carrier supplies (ordered from the carrier, delivered free) and the label paper the labels print on. */
const FREE: readonly Supply[] = [
  { name: 'Priority Mail boxes', text: 'Free USPS Priority Mail boxes in several sizes, for any Priority Mail label.', href: USPS_FREE, link: 'Order from USPS' },
  { name: 'Priority Mail Flat Rate boxes', text: 'Small, medium and large Flat Rate boxes: one price to any US address up to 70 lb.', href: USPS_FREE, link: 'Order from USPS' },
  { name: 'Flat Rate envelopes', text: 'Legal, padded and regular Flat Rate envelopes for documents and small items.', href: USPS_FREE, link: 'Order from USPS' },
  { name: 'Priority Mail Express', text: 'Express envelopes and boxes for overnight and 2-day delivery.', href: USPS_FREE, link: 'Order from USPS' },
];

const PAPER: readonly Supply[] = [
  {
    name: '4x6 labels',
    text: 'Direct thermal 4x6 labels for label printers: the 4x6 label format in Settings, Shipping.',
    href: 'https://store.usps.com/store/results/shipping-supplies/_/N-1y2576k',
    link: 'Shipping supplies at USPS',
  },
  {
    name: 'Letter-size half-sheet labels',
    text: '8.5x11 sheets with two self-adhesive labels, for desktop printers: the letter label format.',
    href: 'https://store.usps.com/store/results/shipping-supplies/_/N-1y2576k',
    link: 'Shipping supplies at USPS',
  },
];

function Supplies({ title, items }: { title: string; items: readonly Supply[] }) {
  return (
    <section className="mb-4" aria-labelledby={`supplies-${title}`}>
      <h2 className="h5" id={`supplies-${title}`}>
        {title}
      </h2>
      <Row xs={1} md={2} className="g-3">
        {items.map((s) => (
          <Col key={s.name}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h3" className="h6">
                  {s.name}
                </Card.Title>
                <Card.Text className="small">{s.text}</Card.Text>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="small">
                  {s.link}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

export function SuppliesPage() {
  return (
    <>
      <PageHeader title="Supplies" />
      <p>USPS sends its Priority Mail and Flat Rate packaging free; order it from the USPS store and it comes to your return address.</p>
      <Supplies title="Free USPS boxes and envelopes" items={FREE} />
      <Supplies title="Label paper" items={PAPER} />
    </>
  );
}
