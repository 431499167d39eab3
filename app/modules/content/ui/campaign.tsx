import { lazy, Suspense } from 'react';
import { Button } from '#app/ui/primitives/button.tsx';
import { uiStore, useUi } from '#app/ui/ui-store.ts';
import type { Campaign } from '#app/modules/content/schemas/views.ts';

/** Modal id of the marketing-website modal (spec §2 "Other screens named"). */
const CAMPAIGN_MODAL_ID = 'marketing-website';
const loadModal = () => import('./campaign-modal.tsx');
const CampaignModal = lazy(loadModal);

/** Opens the campaign of the content service; the modal's code loads on the first sign of intent. */
export function CampaignButton({ campaign }: { campaign: Campaign }) {
  return (
    <Button
      variant="tertiary"
      onPointerEnter={() => void loadModal()}
      onFocus={() => void loadModal()}
      onClick={() => uiStore.openModal(CAMPAIGN_MODAL_ID)}
    >
      {campaign.title}
    </Button>
  );
}

/** The campaign modal, mounted while it is open (closing on a route change is the UI store's job). */
export function CampaignModalHost({ campaign }: { campaign: Campaign }) {
  const open = useUi((s) => s.openModal === CAMPAIGN_MODAL_ID);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CampaignModal campaign={campaign} />
    </Suspense>
  );
}
