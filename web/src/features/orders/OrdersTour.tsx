import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useCloseWalkthrough, useSellerInfo } from './api';

/** The slides of the orders tour: one per sub-action of the screen (spec section 1). */
const SLIDES = [
  ['Manage Orders', 'Every order from your platforms, CSV files and live sales is here. Filter by status, open one for details, buy its label.'],
  ['Shipping Quote', 'Compare USPS and UPS services and prices for a parcel before you have an order.'],
  ['Batch Purchase', 'Choose many orders, see the total first, and buy every label at once. Download them all as one PDF.'],
  ['Request USPS Pickup', 'Pick a date, where the packages will wait and how many; you get a confirmation number.'],
] as const;

/**
 * The walkthrough widget on /orders (spec sections 1 and 4): 0 collapsed (a Quick Tour button, hidden on phones),
 * 1 options, 2 the slide tour with Next/Back/Complete; Complete returns to 0. `?walkthrough` opens the tour.
 * Closing it is remembered on the seller's profile (POST /orders/closeWalktrhough).
 */
export function OrdersTour({ startOpen, onLiveSelling }: { startOpen: boolean; onLiveSelling: () => void }) {
  const [state, setState] = useState<0 | 1 | 2>(startOpen ? 2 : 0);
  const [slide, setSlide] = useState(0);
  const info = useSellerInfo();
  const close = useCloseWalkthrough();
  if (!info.data || info.data.walkthroughClosed) return null;

  if (state === 0) {
    return (
      <div className="d-none d-lg-block mb-2">
        <Button variant="outline-info" size="sm" onClick={() => setState(1)}>
          Quick Tour
        </Button>
      </div>
    );
  }
  const [title, text] = SLIDES[slide] ?? SLIDES[0];
  return (
    <Card className="mb-3" data-testid="orders-tour">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <span>{state === 1 ? 'Get started' : `Quick Tour: ${title}`}</span>
        <CloseButton aria-label="Close the walkthrough" disabled={close.isPending} onClick={() => close.mutate()} />
      </Card.Header>
      <Card.Body>
        {close.error && <ErrorAlert error={close.error} />}
        {state === 1 ? (
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={() => { setSlide(0); setState(2); }}>Take the Tour</Button>
            <Button variant="outline-primary" onClick={() => { setState(0); onLiveSelling(); }}>
              Live Selling
            </Button>
          </div>
        ) : (
          <>
            <p className="mb-2">{text}</p>
            <div className="d-flex gap-2 align-items-center">
              <span className="small text-body-secondary me-auto">
                {slide + 1} of {SLIDES.length}
              </span>
              {slide > 0 && (
                <Button variant="secondary" size="sm" onClick={() => setSlide(slide - 1)}>
                  Back
                </Button>
              )}
              {slide < SLIDES.length - 1 ? (
                <Button size="sm" onClick={() => setSlide(slide + 1)}>
                  Next
                </Button>
              ) : (
                <Button size="sm" onClick={() => { setSlide(0); setState(0); }}>
                  Complete
                </Button>
              )}
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
