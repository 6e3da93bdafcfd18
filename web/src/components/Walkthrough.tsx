import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import { useNavigate } from 'react-router';
import { useCloseWalkthrough, useSellerProfile } from '../lib/onboarding';
import { ErrorAlert } from './ErrorAlert';

export type Slide = readonly [title: string, text: string];

/**
 * The walkthrough widget (spec sections 2 and 4): state 0 collapsed (a Get Started button, Quick Tour on orders,
 * hidden on phones), 1 the options, 2 the slide tour with Next/Back/Complete; Complete returns to 0. Live Selling
 * opens New Order (`onLiveSelling`, or /orders?new where the screen has no New Order); Import Orders goes to
 * /orders with the walkthrough flag. Closing it is kept on the seller's profile, so it stays closed everywhere.
 */
export function Walkthrough({
  label = 'Get Started',
  slides,
  startOpen = false,
  onLiveSelling,
  testId = 'walkthrough',
}: {
  label?: 'Get Started' | 'Quick Tour';
  testId?: string;
  slides: readonly Slide[];
  startOpen?: boolean;
  onLiveSelling?: () => void;
}) {
  const [state, setState] = useState<0 | 1 | 2>(startOpen ? 2 : 0);
  const [slide, setSlide] = useState(0);
  const navigate = useNavigate();
  const info = useSellerProfile();
  const close = useCloseWalkthrough();
  if (!info.data || info.data.walkthroughClosed) return null;

  if (state === 0) {
    return (
      <div className="d-none d-lg-block mb-2">
        <Button variant="outline-primary" size="sm" onClick={() => setState(1)}>
          {label}
        </Button>
      </div>
    );
  }
  const [title, text] = slides[slide] ?? slides[0] ?? ['', ''];
  const liveSelling = () => {
    setState(0);
    if (onLiveSelling) onLiveSelling();
    else navigate('/orders?new');
  };
  return (
    <Card className="mb-3" data-testid={testId} as="section" aria-label="Walkthrough">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <span>{state === 1 ? 'Get started' : `${label}: ${title}`}</span>
        <CloseButton aria-label="Close the walkthrough" disabled={close.isPending} onClick={() => close.mutate()} />
      </Card.Header>
      <Card.Body>
        {close.error && <ErrorAlert error={close.error} />}
        {state === 1 ? (
          <div className="d-flex flex-wrap gap-2">
            <Button
              onClick={() => {
                setSlide(0);
                setState(2);
              }}
            >
              Take the Tour
            </Button>
            <Button variant="outline-primary" onClick={liveSelling}>
              Live Selling
            </Button>
            <Button
              variant="outline-primary"
              onClick={() => {
                setState(0);
                navigate('/orders?walkthrough#orders');
              }}
            >
              Import Orders
            </Button>
          </div>
        ) : (
          <>
            <p className="mb-2">{text}</p>
            <div className="d-flex gap-2 align-items-center">
              <span className="small text-body-secondary me-auto">
                {slide + 1} of {slides.length}
              </span>
              {slide > 0 && (
                <Button variant="secondary" size="sm" onClick={() => setSlide(slide - 1)}>
                  Back
                </Button>
              )}
              {slide < slides.length - 1 ? (
                <Button size="sm" onClick={() => setSlide(slide + 1)}>
                  Next
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={() => {
                    setSlide(0);
                    setState(0);
                  }}
                >
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
