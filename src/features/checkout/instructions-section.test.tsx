import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderInstructions } from '../../shared/api/checkout.ts';
import { InstructionsSection, toggleChip, useInstructionsDraft } from './instructions-section.tsx';

function Harness({ onSent }: { onSent?: (s: OrderInstructions | undefined) => void }) {
  const draft = useInstructionsDraft();
  const [seen] = useState(() => draft.value);
  onSent?.(draft.sent);
  return (
    <>
      <InstructionsSection value={draft.value} onChange={draft.set} />
      <output data-testid="first">{JSON.stringify(seen)}</output>
      <button type="button" onClick={draft.clear}>
        Paid
      </button>
    </>
  );
}

afterEach(() => localStorage.clear());

describe('order instructions at checkout', () => {
  it('chips add and remove their words in the delivery text, which is what is sent', async () => {
    let sent: OrderInstructions | undefined;
    render(<Harness onSent={(s) => (sent = s)} />);
    expect(sent).toBeUndefined();
    const door = screen.getByRole('button', { name: 'Leave at the door' });
    await userEvent.click(door);
    await userEvent.click(screen.getByRole('button', { name: "Don't ring the bell" }));
    const rider = screen.getByRole('textbox', { name: 'For the rider' });
    expect(rider).toHaveValue("Leave at the door, Don't ring the bell");
    expect(door).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(door);
    expect(rider).toHaveValue("Don't ring the bell");
    expect(door).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(screen.getByRole('textbox', { name: 'For the kitchen' }), '  no onion ');
    expect(sent).toEqual({ cooking: 'no onion', delivery: "Don't ring the bell" });
    expect(screen.getByText('239 characters left')).toBeInTheDocument();
  });

  it('keeps the draft across a reload until the order is paid', async () => {
    const first = render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'For the kitchen' }), 'Less spicy');
    first.unmount();
    const second = render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'For the kitchen' })).toHaveValue('Less spicy');
    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    second.unmount();
    render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'For the kitchen' })).toHaveValue('');
  });

  it('toggles a chip whatever the case and the separators the customer typed', () => {
    expect(toggleChip('gate 2. leave at the door', 'Leave at the door')).toBe('gate 2');
    expect(toggleChip('gate 2', 'Avoid calling')).toBe('gate 2, Avoid calling');
  });
});
