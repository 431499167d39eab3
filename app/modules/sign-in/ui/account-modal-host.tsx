import { lazy, Suspense } from 'react';
import { ACCOUNT_MODAL_ID, useUi } from '#app/ui/ui-store.ts';

const AccountModal = lazy(() => import('./account-modal.tsx'));

/** Mounts the account modal when something opens it (its code loads then, not with every page). */
export function AccountModalHost() {
  const open = useUi((s) => s.openModal === ACCOUNT_MODAL_ID);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AccountModal />
    </Suspense>
  );
}
