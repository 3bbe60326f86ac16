// The local SMS provider: writes each message to the log and, outside production, to the
// sms_outbox table that the dev endpoint (and e2e tests) read OTPs from.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import type { SmsProvider } from './types.ts';

export function consoleSmsProvider(deps: {
  db: Queryable;
  log: FastifyBaseLogger;
  keepOutbox: boolean;
}): SmsProvider {
  return {
    name: 'console',
    async send(message) {
      deps.log.info(
        { sms: { to: message.to, purpose: message.purpose } },
        `SMS to ${message.to}: ${message.text}`,
      );
      if (deps.keepOutbox) {
        await deps.db.query('insert into sms_outbox (to_number, text, purpose) values ($1, $2, $3)', [
          message.to,
          message.text,
          message.purpose ?? null,
        ]);
      }
    },
  };
}
