import { type Slide, Walkthrough } from '../../components/Walkthrough';

/** The slides of the orders tour: one per sub-action of the screen (spec section 1). */
const SLIDES: readonly Slide[] = [
  ['Manage Orders', 'Every order from your platforms, CSV files and live sales is here. Filter by status, open one for details, buy its label.'],
  ['Shipping Quote', 'Compare USPS and UPS services and prices for a parcel before you have an order.'],
  ['Batch Purchase', 'Choose many orders, see the total first, and buy every label at once. Download them all as one PDF.'],
  ['Request USPS Pickup', 'Pick a date, where the packages will wait and how many; you get a confirmation number.'],
];

/** The walkthrough on /orders: Quick Tour; `?walkthrough` opens the tour; Live Selling opens New Order here. */
export function OrdersTour({ startOpen, onLiveSelling }: { startOpen: boolean; onLiveSelling: () => void }) {
  return <Walkthrough label="Quick Tour" slides={SLIDES} startOpen={startOpen} onLiveSelling={onLiveSelling} testId="orders-tour" />;
}
