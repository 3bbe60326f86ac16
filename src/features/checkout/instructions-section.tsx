// Instructions that reach the kitchen and the rider: cooking instructions (free text) and delivery
// instructions, with the common ones a tap away. Each chip adds or removes its words in the delivery
// text, so what the customer reads is exactly what is sent. The draft stays on this device until the
// order is paid (nothing typed is lost to a reload), and the limits are the server's own.
import { useId } from 'react';
import type { OrderInstructions } from '../../shared/api/checkout.ts';
import { ORDER_INSTRUCTION_LIMITS } from '../../shared/order-instructions.ts';
import { useDeviceDraft } from './device-draft.ts';

const DRAFT_KEY = 'checkout-instructions';
export const DELIVERY_CHIPS = ['Leave at the door', "Don't ring the bell", 'Avoid calling'] as const;
const EMPTY: OrderInstructions = { cooking: '', delivery: '' };

function parseDraft(stored: unknown): OrderInstructions {
  const raw = stored as Partial<OrderInstructions> | null;
  return {
    cooking: typeof raw?.cooking === 'string' ? raw.cooking.slice(0, ORDER_INSTRUCTION_LIMITS.cooking) : '',
    delivery:
      typeof raw?.delivery === 'string' ? raw.delivery.slice(0, ORDER_INSTRUCTION_LIMITS.delivery) : '',
  };
}

/** The customer's instructions, kept on this device until `clear` (the order is paid). */
export function useInstructionsDraft() {
  const { value, set, clear } = useDeviceDraft(DRAFT_KEY, EMPTY, parseDraft);
  /** What createorder gets: trimmed, absent when both are empty. */
  const sent: OrderInstructions | undefined =
    value.cooking.trim() || value.delivery.trim()
      ? { cooking: value.cooking.trim(), delivery: value.delivery.trim() }
      : undefined;
  return { value, set, clear, sent };
}

const parts = (text: string) =>
  text
    .split(/\s*[,.]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The delivery text with `chip` added (or removed when present). */
export function toggleChip(text: string, chip: string): string {
  const list = parts(text);
  const has = list.some((p) => p.toLowerCase() === chip.toLowerCase());
  return (has ? list.filter((p) => p.toLowerCase() !== chip.toLowerCase()) : [...list, chip]).join(', ');
}

export function InstructionsSection({
  value,
  onChange,
  disabled,
}: {
  value: OrderInstructions;
  onChange: (v: OrderInstructions) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const chosen = new Set(parts(value.delivery).map((p) => p.toLowerCase()));
  return (
    <section className="co-card co-notes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="co-section__title">
        Instructions
      </h2>
      <label className="field" htmlFor={`${id}-cooking`}>
        For the kitchen
        <textarea
          id={`${id}-cooking`}
          rows={2}
          maxLength={ORDER_INSTRUCTION_LIMITS.cooking}
          placeholder="Less spicy, no onion…"
          value={value.cooking}
          disabled={disabled}
          aria-describedby={`${id}-cooking-left`}
          onChange={(e) => onChange({ ...value, cooking: e.target.value })}
        />
      </label>
      <p className="co-notes__left co-muted" id={`${id}-cooking-left`}>
        {ORDER_INSTRUCTION_LIMITS.cooking - value.cooking.length} characters left
      </p>
      <div className="co-notes__chips" role="group" aria-label="Quick delivery instructions">
        {DELIVERY_CHIPS.map((chip) => {
          const on = chosen.has(chip.toLowerCase());
          return (
            <button
              key={chip}
              type="button"
              className={`co-notes__chip${on ? ' co-notes__chip--on' : ''}`}
              aria-pressed={on}
              disabled={
                disabled ||
                (!on && toggleChip(value.delivery, chip).length > ORDER_INSTRUCTION_LIMITS.delivery)
              }
              onClick={() => onChange({ ...value, delivery: toggleChip(value.delivery, chip) })}
            >
              {chip}
            </button>
          );
        })}
      </div>
      <label className="field" htmlFor={`${id}-delivery`}>
        For the rider
        <input
          id={`${id}-delivery`}
          type="text"
          maxLength={ORDER_INSTRUCTION_LIMITS.delivery}
          placeholder="Gate code, where to leave it…"
          value={value.delivery}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, delivery: e.target.value.replace(/[\r\n]+/g, ' ') })}
        />
      </label>
    </section>
  );
}
