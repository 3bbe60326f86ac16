// The order page's door: its code is a chunk of its own (the checkout page's first load does not carry
// it). Checkout fetches it when Pay is pressed, so arriving after a payment renders the page at once;
// a direct visit shows the loading frame until it is there.
import { useEffect, useState, type ComponentType } from 'react';

let loaded: ComponentType | null = null;

export const preloadSuccessPage = (): Promise<ComponentType> =>
  import('./success-page.tsx').then((m) => (loaded = m.CheckoutSuccessPage));

export function CheckoutSuccessPage() {
  const [Page, setPage] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (!Page) void preloadSuccessPage().then((p) => setPage(() => p));
  }, [Page]);
  if (Page) return <Page />;
  return (
    <main className="page co-success" id="main">
      <div className="skeleton co-success__skeleton" role="status" aria-label="Loading order" />
    </main>
  );
}
