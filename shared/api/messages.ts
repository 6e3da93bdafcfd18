/**
 * Every message a seller can read from the server, in the spec's words (sections 5 and 8), in one catalogue.
 * The server's domain errors carry these; the web app shows them and uses the same constants for its own.
 * A message that names something (a platform, a size limit) is a function of that name.
 */
export const MESSAGES = {
  generic: 'An error occurred. Please try again later.',
  upgradeInfo: 'An error occurred please try again later.',
  payment: 'An error occurred when processing your payment.',
  duplicateCsv: 'A matching file has already been uploaded.',
  unsupportedCsv: 'A CSV in an unsupported format has been uploaded.',
  csvOnly: 'Please choose a .csv file.',
  csvJobFailed: 'The file could not be imported. Please try again later.',
  csvJobStalled: 'The import stopped before it finished. Please upload the file again.',
  uploadNotFound: 'That upload was not found.',
  upgradeRequired: 'Upgrade Required',
  unauthorized: 'Please sign in again.',
  tooManyRequests: 'Too many requests at once. Please wait a moment and try again.',
  notFound: 'Not found',
  notImplemented: 'Not implemented yet',
  invalid: 'Please correct the highlighted fields.',
  invalidId: 'That id is not valid.',
  cursorExpired: 'That page is no longer available. Start again from the first page.',
  chooseCountry: 'Choose a country.',
  bodyNotJson: 'The request body is not valid JSON.',
  chooseFile: 'Choose a file to upload.',
  uploadUnreadable: 'The upload could not be read.',
  fileTooLarge: (limit: string) => `The file is larger than ${limit}.`,

  customerNotFound: 'That customer was not found.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  ordersPending: 'This customer has pending orders and cannot be deleted. Ship or cancel those orders first.',
  mergeFailed: 'The customers could not be merged. Please try again.',
  mergeSelf: 'A customer cannot be merged into itself.',
  rewardsBelowZero: 'The rewards balance cannot go below 0.',
  rewardsSettingsSaved: 'Reward Settings saved.',
  rewardsEmailsSent: 'Emails have been sent!',
  rewardsAnnouncementFailed: 'There was a problem, please contact customer service.',
  rewardsStartDateInvalid: 'Start date must be MM/DD/YYYY.',
  rewardsStartDateTooEarly: 'Start date cannot be more than one month ago.',
  rewardsNotStarted: 'Set up your rewards program first.',
  rewardsNoPrevious: 'There is no previous rewards program to restart.',
  rewardsNothingToRedeem: 'This customer has no reward to redeem.',
  rewardsNoEmail: 'This customer has no email address.',
  rewardsNotAlmost: 'This customer is not almost at the goal.',

  orderNotFound: 'That order was not found.',
  orderHasLabel: 'This order has a label. Void the label before changing the order.',
  orderTotalChanged: "The order's total changed since it was shown. Check the new total and save again.",

  // Discounts (spec section 5, issue 15)
  discountNameRequired: 'Name is required.',
  discountNameTooLong: 'Name can be at most 20 characters.',
  discountChooseKind: 'Choose exact, minimum or buy one get one.',
  discountAmount: 'Amount must be more than 0.',
  discountPercentMax: 'A percent discount can be at most 100%.',
  discountDollarsMax: 'A dollar discount can be at most $100,000.',
  discountAmountDecimals: 'Amount can have at most 2 decimals.',
  discountQuantity: 'Quantity must be more than 0.',
  discountQuantityMax: 'Quantity can be at most 10,000.',
  discountBogoQuantity: 'Free quantity must be more than 0.',
  discountBogoItems: 'Choose at least one free item.',
  discountItems: 'Choose at least one item.',
  discountTooManyItems: 'Choose at most 100 items.',
  discountDuplicateItem: 'An item can be in the list only once.',
  discountStartRequired: 'Start date is required.',
  discountEndRequired: 'End date is required.',
  discountDateFormat: 'Dates must be MM/DD/YYYY.',
  discountEndBeforeStart: 'End date cannot be before the start date.',
  discountLivestreamContinuous: 'A livestream discount is always continuous.',
  discountNotFound: 'That discount was not found.',
  discountLimit: 'You can have at most 100 discounts running. End one before adding another.',

  claimFiled: 'Your claim was filed. We will open it with the carrier and email you within 3 business days.',
  claimNotShipped: 'A delivery claim can be filed only for a shipped order.',
  claimDuplicate: 'A claim for this order was already filed.',
  claimFailed: 'Your delivery claim could not be filed. Please try again later.',

  // Help (issue 16): live chat hours, the email ticket, phone support
  supportClosed: 'Support is closed right now. Live chat is open 14:00-22:00 UTC. Open a ticket and we will email you back.',
  chatReceived: 'Thanks! A support agent will answer here in a few minutes.',
  ticketReceived: 'Your ticket was received. We sent a confirmation to your email and will reply within 1 business day.',
  ticketFailed: 'Your ticket could not be sent. Please try again later.',
  phoneBooked: 'Your phone support meeting is booked. We will call you at the number you gave.',
  phoneSlotUnavailable: 'That time is no longer available. Please choose another.',
  phoneSlotTaken: 'You already have a meeting at that time.',

  postageOff: 'Postage is off because your auto-recharge amount is $0. Choose a recharge amount in Settings to buy labels.',
  lowBalance: 'Your postage balance is too low for this label.',
  noReturnAddress: 'Add your return address in Settings before buying labels.',
  noShipTo: 'This order has no ship-to address.',
  labelKeyReused: 'That purchase key was already used for another order.',
  labelKeyVoided: 'That label was voided. Get rates again to buy a new one.',
  alreadyShipped: 'This order already has a label. Void it before buying another.',
  labelPriceChanged: 'The price changed. Get rates again before buying.',
  labelRatesNeeded: 'Get rates before buying a label.',
  labelNotFound: 'That label was not found.',
  batchNotFound: 'That batch was not found.',
  batchNoLabels: 'This batch has no labels yet.',
  pickupFromTomorrow: 'Choose a pickup date from tomorrow on.',
  sellerNotFound: 'The seller was not found.',

  planChangePending: 'Your plan changes at your next charge.',

  // Money the seller sees before it moves (issue 17)
  paymentDeclined: 'Your card was declined.',
  paymentCardExpired: 'Your card has expired.',
  paymentInsufficientFunds: 'Your card has insufficient funds.',
  alreadyOnPlan: (plan: string) => `You already pay for the ${plan} plan.`,
  bankNotLinked: 'Link your bank account to continue.',
  /** Every US ZIP field's format rule (customers, ship-to, quote, pickup, billing), in one wording. */
  zipFormat: 'ZIP must be 5 digits (or ZIP+4).',

  templateLocked: 'Your plan does not include editing this template. Upgrade to edit and save templates.',
  templateCapReached: (cap: string) => `Your plan keeps at most ${cap} templates. Delete one or upgrade to add another.`,
  templateNotFound: 'That template was not found.',
  templateNameTaken: 'A template with that name already exists.',
  templateDefaultKept: 'FollowUpEmail cannot be deleted; edit it instead.',
  imageNotImage: 'Please choose a PNG, JPEG or GIF image.',
  imageOneFile: 'Upload one image at a time.',
  referralInvalid: 'That referral link is not valid.',
  // Sending from an order or a customer, and campaigns (issue 15)
  customerNoMarketing: 'This customer cannot receive marketing email.',
  customerNoEmail: 'This customer has no email address.',
  orderOfAnotherCustomer: 'That order is not one of this customer\'s orders.',
  campaignNoRecipients: 'None of the chosen customers can receive marketing email.',

  syncStatusUnavailable: 'Sync status is unavailable right now.',
  platformNotConnected: (name: string) => `Connect ${name} before syncing.`,
  platformProblems: (name: string) => `We are having problems syncing your ${name} orders. Please set up ${name} again.`,
  storeNotPublic: 'That store address cannot be reached from the internet. Enter the public https address of your store, like https://shop.example.com.',
  platformUnavailable: (name: string) => `${name} sync is not available yet.`,
  platformUnreachable: (name: string) => `We could not reach ${name}. Please try again later.`,
  platformSyncFailed: (name: string) => `The ${name} sync could not finish. Please try again later.`,
  platformSyncStalled: (name: string) => `The ${name} sync stopped before it finished. Please sync again.`,
  oauthUnknownState: 'This sign-in is not one we started for you, or it was already used. Please connect the platform again.',
  oauthExpired: (name: string) => `The ${name} sign-in took too long. Please connect ${name} again.`,
  oauthRefused: (name: string) => `${name} did not accept the sign-in. Please connect ${name} again.`,
  oauthConnected: (name: string) => `${name} is connected. Click Sync Orders to bring in your orders.`,

  signInWrongCredentials: 'Incorrect email or password.',
  signInTooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signInNotConfirmed: 'Please confirm your email address before signing in.',
  signInNextStep: 'This account needs attention before it can sign in. Please contact support.',

  // Orders that can always be shipped (issue 17): pickups, batches, import warnings
  pickupDate: 'Choose a pickup date.',
  pickupTooFar: (days: string) => `USPS books pickups at most ${days} days ahead. Choose an earlier date.`,
  pickupSunday: 'USPS does not pick up on Sundays. Choose Monday to Saturday.',
  pickupHoliday: 'USPS does not pick up on federal holidays. Choose another day.',
  pickupPackages: (max: string) => `USPS picks up 1 to ${max} packages at a time.`,
  pickupInProgress: 'A pickup for that date is already being requested. Please wait a moment.',
  pickupFailed: 'USPS did not accept the pickup request. Please check the address and try again.',
  batchNoUnshipped: 'You have no unshipped orders without a label.',
  batchNoZip: 'This order has no ship-to ZIP. Edit the order to add one.',
  // Batch Purchase pays once for what the balance lacks (docs/decisions.md)
  batchBeyondBalance: (balance: string, covered: string, count: string) =>
    `Your postage balance of ${balance} pays for ${covered} of these ${count} labels. Add a payment method under Billing to buy them all, or choose at most ${covered} orders.`,
  batchChargeChanged: 'Your postage balance or the prices changed since the breakdown. See the breakdown again before buying.',
  importBadAddress: (line: string) => `Line ${line}: the ship-to ZIP is not a US ZIP. The order was imported; edit its address before buying a label.`,
  importIncompleteAddress: (line: string) =>
    `Line ${line}: the ship-to address is missing its street, city, state or ZIP. The order was imported; edit its address before buying a label.`,
  /** A row identical to an earlier row of its order: left out, so the order is not counted twice. */
  importDuplicateRow: (line: string, first: string) => `Line ${line}: the same row as line ${first}. It was imported once.`,
  /** A row of an order whose rows ended earlier in the file: the import reads an order's rows one after another. */
  importRowsApart: (order: string, first: string) =>
    `Order ${order}'s rows must be together: its rows start on line ${first} and another order's rows come between. This row was not imported; move it next to them and upload the file again.`,
  /** The app's rule for edits (orderHasLabel) holds for imports too. */
  importOrderHasLabel: (order: string) => `Order ${order} was not changed. This order has a label. Void the label before changing the order.`,
  /** An order number another order already has (synced from a platform, or entered here): imported once only. */
  importNumberTaken: (order: string) =>
    `Order ${order} was not imported: an order with this number is already in your orders (synced from your store or entered here), and orders are never added twice.`,
  /** A platform's new order whose number another order of the seller has (imported from a file, entered here, another store's). */
  syncNumberTaken: (order: string, name: string) =>
    `Order ${order} from ${name} was not added: an order with this number is already in your orders (imported from a file, entered here or synced from another store), and orders are never added twice.`,
  /** A sync's skipped orders beyond the ones it lists. */
  syncSkippedMore: (count: string) => `${count} more ${count === '1' ? 'order was' : 'orders were'} not added or changed for the same reasons.`,
  /** The orders template's columns a file names only some of. */
  unsupportedCsvMissing: (columns: string) => `A CSV in an unsupported format has been uploaded. It is missing the column${columns.includes(',') ? 's' : ''} ${columns} of the orders template.`,
  // Issue 19: imports of what sellers really download.
  /** The unsupported-format message, then what the file looks like and which download to use instead. */
  unsupportedCsvReport: (pointer: string) => `A CSV in an unsupported format has been uploaded. ${pointer}`,
  /** A file whose numeric dates read two ways: the upload screen asks the seller which order they are in. */
  askDateOrder: (sample: string) =>
    `The dates in this file (such as ${sample}) could be day/month/year or month/day/year. Please choose which they are.`,
  // Getting started and accounts (issues 16 and 17): sign-up, the plan a new seller chooses, passwords.
  planRequired: 'Choose a plan to start using Consultant Desk.',
  signUpEmailTaken: 'An account with this email address already exists. Sign in or reset your password.',
  passwordTooWeak: 'Use at least 8 characters with an upper case letter, a lower case letter and a number.',
  codeMismatch: 'That code is not right. Check the email and try again.',
  codeExpired: 'That code has expired. Ask for a new one.',
  passwordChanged: 'Your password has been changed.',
  passwordReset: 'Your password has been reset. Sign in with the new one.',
  currentPasswordWrong: 'Your current password is not right.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The catalogue's fixed texts: a server answer carrying one of these may be shown as it is, whatever its status. */
export const CATALOGUE_TEXTS: ReadonlySet<string> = new Set(
  Object.values(MESSAGES).filter((m): m is Extract<(typeof MESSAGES)[MessageKey], string> => typeof m === 'string'),
);

/** Whether a server answer's message comes from the catalogue (a platform's name filled into one of its templates counts). */
export function isCatalogueMessage(message: unknown): message is string {
  if (typeof message !== 'string') return false;
  if (CATALOGUE_TEXTS.has(message)) return true;
  return Object.values(MESSAGES).some((m) => typeof m === 'function' && templateMatches(m, message));
}

function templateMatches(template: (...parts: string[]) => string, message: string): boolean {
  const marker = '\u0000';
  // Every part a marker (a template may take several): its fixed head and tail are what a message must carry.
  const [head, ...rest] = template(marker, marker, marker).split(marker);
  if (!message.startsWith(head ?? '')) return false;
  const tail = rest.at(-1) ?? '';
  return message.endsWith(tail) && message.length <= 300;
}
