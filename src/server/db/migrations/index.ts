// Every migration, in the order it runs. A migration never changes once it has landed: add a new one.
import { sql as core } from './001-core.ts';
import { sql as discovery } from './002-discovery.ts';
import { sql as accounts } from './003-accounts.ts';
import { sql as checkout } from './004-checkout.ts';
import { sql as orders } from './005-orders.ts';
import { sql as loginThrottle } from './006-login-throttle.ts';
import { sql as paymentsLedger } from './007-payments-ledger.ts';
import { sql as kitchenControls } from './008-kitchen-controls.ts';
import { sql as webPush } from './009-web-push.ts';
import { sql as dishSpellingKeys } from './010-dish-spelling-keys.ts';
import { sql as discoveryNotifyOnChange } from './011-discovery-notify-on-change.ts';
import { sql as orderAcknowledgements } from './012-order-acknowledgements.ts';
import { sql as ratingsFavourites } from './013-ratings-favourites.ts';
import { sql as orderInstructions } from './014-order-instructions.ts';
import { sql as tipsAndSchedules } from './015-tips-and-schedules.ts';
import { sql as upiPayments } from './016-upi-payments.ts';
import { sql as floodLimits } from './017-flood-limits.ts';
import { sql as itemCustomisation } from './018-item-customisation.ts';
import { sql as eggMarks } from './019-egg-marks.ts';

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [
  { name: '001-core', sql: core },
  { name: '002-discovery', sql: discovery },
  { name: '003-accounts', sql: accounts },
  { name: '004-checkout', sql: checkout },
  { name: '005-orders', sql: orders },
  { name: '006-login-throttle', sql: loginThrottle },
  { name: '007-payments-ledger', sql: paymentsLedger },
  { name: '008-kitchen-controls', sql: kitchenControls },
  { name: '009-web-push', sql: webPush },
  { name: '010-dish-spelling-keys', sql: dishSpellingKeys },
  { name: '011-discovery-notify-on-change', sql: discoveryNotifyOnChange },
  { name: '012-order-acknowledgements', sql: orderAcknowledgements },
  { name: '013-ratings-favourites', sql: ratingsFavourites },
  { name: '014-order-instructions', sql: orderInstructions },
  { name: '015-tips-and-schedules', sql: tipsAndSchedules },
  { name: '016-upi-payments', sql: upiPayments },
  { name: '017-flood-limits', sql: floodLimits },
  { name: '018-item-customisation', sql: itemCustomisation },
  { name: '019-egg-marks', sql: eggMarks },
];
