// Picks the payment provider from the configuration: the sandbox by default, Razorpay with its keys.
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/index.ts';
import { razorpayProvider } from './razorpay.ts';
import { loadSandboxSecrets, sandboxProvider, type SandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentProvider, ProviderOrder, ProviderPayment, ProviderRefund } from './types.ts';
export { PaymentProviderError } from './types.ts';
export type { SandboxProvider } from './sandbox.ts';

export async function loadPaymentProvider(
  config: Config,
  db: Queryable,
): Promise<PaymentProvider | SandboxProvider> {
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    return razorpayProvider({
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      apiBase: config.RAZORPAY_API_BASE,
    });
  }
  return sandboxProvider(db, await loadSandboxSecrets(db));
}

export function isSandbox(p: PaymentProvider): p is SandboxProvider {
  return p.name === 'sandbox';
}
