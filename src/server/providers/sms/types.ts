// The SMS provider interface shared by every adapter.
export interface SmsMessage {
  /** 10-digit Indian mobile number, without +91. */
  to: string;
  text: string;
  /** What the message is for (signup, reset, phone_change): kept in the dev outbox. */
  purpose?: string;
}

export interface SmsProvider {
  readonly name: 'console' | 'http';
  /** Resolves once the provider accepted the message; rejects with SmsSendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {}
