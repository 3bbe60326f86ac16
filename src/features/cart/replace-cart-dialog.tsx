// The "Replace cart?" question as the steppers and the orders page show it: its code loads when it is
// first asked (its own chunk), so the pages with Add buttons do not carry it on their first load.
import { lazy, Suspense } from 'react';
import type { ReplaceCartDialogProps } from './replace-cart-question.tsx';

export type { ReplaceCartDialogProps };

const Question = lazy(() =>
  import('./replace-cart-question.tsx').then((m) => ({ default: m.ReplaceCartQuestion })),
);

export function ReplaceCartDialog(props: ReplaceCartDialogProps) {
  return (
    <Suspense fallback={null}>
      <Question {...props} />
    </Suspense>
  );
}
