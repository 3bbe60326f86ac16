// Values no other fixture of this test process has: slugs, order numbers, provider ids, phone numbers.
import { randomBytes, randomInt } from 'node:crypto';

let seq = 0;
export const uniq = (): string =>
  `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;

const phones = new Set<string>();
/** A valid Indian mobile number (first digit 6-9) not handed out before in this process. */
export function phone(): string {
  for (;;) {
    const p = `${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    if (!phones.has(p)) {
      phones.add(p);
      return p;
    }
  }
}
