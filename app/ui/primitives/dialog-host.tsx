import { lazy, Suspense } from 'react';
import { useUi } from '#app/ui/ui-store.ts';

const Dialog = lazy(() => import('./dialog.tsx'));

/** Shows the UI store's dialog (spec §3 dialog data); its code loads the first time one opens. */
export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialog key={dialog.id} dialog={dialog} />
    </Suspense>
  );
}
