import { ButtonLink } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { MARKETING_MODAL_WIDTH_REM } from '../../domain/constants.ts';
import type { Campaign } from '../../services/content.server.ts';
import { uiStore, useUi } from '../../lib/ui-store.ts';

export const CAMPAIGN_MODAL_ID = 'marketing-website';

/** The marketing-website modal (53rem wide) for the campaign of the content service. */
export function CampaignModal({ campaign }: { campaign: Campaign }) {
  const open = useUi((s) => s.openModal === CAMPAIGN_MODAL_ID);
  return (
    <Modal
      open={open}
      onClose={() => uiStore.closeModal()}
      title={campaign.title}
      width={`${MARKETING_MODAL_WIDTH_REM}rem`}
      footer={<ButtonLink to={campaign.link}>{campaign.buttonLabel}</ButtonLink>}
    >
      <div className="grid gap-6 md:grid-cols-[1fr_16rem] md:items-center">
        <div className="space-y-3 text-lg">
          {campaign.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {campaign.image ? (
          <img src={campaign.image} alt="" width={256} height={256} className="hidden w-full md:block" />
        ) : null}
      </div>
    </Modal>
  );
}
