// The production SMS adapter: POSTs {sender_id, to, text} as JSON to a gateway with a bearer token.
// Any non-2xx answer, network error or time-out is a failed send.
import { SmsSendError, type SmsProvider } from './types.ts';

export interface HttpSmsOptions {
  url: string;
  token: string | undefined;
  senderId: string;
  timeoutMs?: number;
}

export function httpSmsProvider(opts: HttpSmsOptions): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ sender_id: opts.senderId, to: `+91${message.to}`, text: message.text }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsSendError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      // Drain the body so the connection can be reused.
      await res.text().catch(() => '');
      if (!res.ok) throw new SmsSendError(`SMS gateway answered ${res.status}`);
    },
  };
}
