// The "Rate your order" card as the customer meets it: stars first, then optional dish stars and a
// comment; the rating sent is what they chose; afterwards the card shows the rating given; a refusal
// shows the server's message; an order that cannot be rated shows nothing.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRatingState } from '../../shared/api/ratings.ts';
import { RateOrderCard } from './rate-order-card.tsx';

const base: OrderRatingState = {
  order_id: 7,
  restaurant: { id: 1, slug: 'meghana-biryani-house' },
  can_rate: true,
  items: [
    { menu_item_id: 11, name: 'Chicken Biryani' },
    { menu_item_id: 12, name: 'Paneer Tikka' },
  ],
  rating: null,
};
let state: OrderRatingState;
let postAnswer: (body: Record<string, unknown>) => { status: number; body: unknown };
const posted: Array<Record<string, unknown>> = [];

beforeEach(() => {
  state = base;
  posted.length = 0;
  postAnswer = (body) => {
    state = {
      ...base,
      can_rate: false,
      rating: {
        rating: body['rating'] as number,
        comment: (body['comment'] as string | undefined) ?? null,
        items: [{ menu_item_id: 12, name: 'Paneer Tikka', rating: 5 }],
        created_at: '2026-11-24T10:00:00.000Z',
      },
    };
    return { status: 201, body: state };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        const a = postAnswer(body);
        return new Response(JSON.stringify(a.body), { status: a.status });
      }
      if (url.includes('/rating/')) return new Response(JSON.stringify(state), { status: 200 });
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = () => render(<RateOrderCard orderId={7} />);

describe('RateOrderCard', () => {
  it('asks for stars first, then offers dish stars and a comment, and sends what was chosen', async () => {
    show();
    const overall = await screen.findByRole('radiogroup', { name: 'Your rating for this order' });
    expect(screen.getByRole('heading', { name: 'Rate your order' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Comment (optional)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars for your order.');
    expect(posted).toEqual([]);

    fireEvent.click(overall.querySelector('[aria-label="4 stars"]')!);
    expect(screen.getByText('Good')).toBeInTheDocument();
    const paneer = screen.getByRole('radiogroup', { name: 'Paneer Tikka' });
    fireEvent.click(paneer.querySelector('[aria-label="5 stars"]')!);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Lovely' } });
    expect(screen.getByText('6/500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));

    await screen.findByRole('heading', { name: 'Your rating' });
    expect(posted).toEqual([{ rating: 4, items: [{ menu_item_id: 12, rating: 5 }], comment: 'Lovely' }]);
    expect(screen.getByRole('img', { name: 'You rated this order: 4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Paneer Tikka: 5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('“Lovely”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).toBeNull();
  });

  it("shows the server's refusal and keeps the form", async () => {
    postAnswer = () => ({
      status: 400,
      body: { status: 400, message: 'Comment must not contain control characters.' },
    });
    show();
    const overall = await screen.findByRole('radiogroup', { name: 'Your rating for this order' });
    fireEvent.click(overall.querySelector('[aria-label="2 stars"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Comment must not contain control characters.'),
    );
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeEnabled();
  });

  it('shows nothing for an order that cannot be rated yet', async () => {
    state = { ...base, can_rate: false };
    const { container } = show();
    await waitFor(() => expect(container.querySelector('.skeleton')).toBeNull());
    expect(container).toBeEmptyDOMElement();
  });
});
