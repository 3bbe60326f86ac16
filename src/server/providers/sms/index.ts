// OTP text messages behind one interface: the console/outbox provider (default, no keys) and an
// HTTP gateway adapter for production, chosen by SMS_PROVIDER.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/index.ts';
import { consoleSmsProvider } from './console.ts';
import { httpSmsProvider } from './http.ts';
import type { SmsProvider } from './types.ts';

export { SmsSendError, type SmsMessage, type SmsProvider } from './types.ts';

export function createSmsProvider(
  config: Config,
  deps: { db: Queryable; log: FastifyBaseLogger },
): SmsProvider {
  if (config.SMS_PROVIDER === 'http') {
    return httpSmsProvider({
      url: config.SMS_HTTP_URL!,
      token: config.SMS_HTTP_TOKEN,
      senderId: config.SMS_SENDER_ID,
    });
  }
  return consoleSmsProvider({ ...deps, keepOutbox: config.NODE_ENV !== 'production' });
}
