import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { Modal } from '#app/ui/primitives/modal.tsx';
import type { Campaign } from '#app/modules/content/schemas/views.ts';
import { uiStore } from '#app/ui/ui-store.ts';

/** The marketing-website modal (53rem wide) for the campaign of the content service; loaded by ./campaign.tsx. */
export default function CampaignModal({ campaign }: { campaign: Campaign }) {
  return (
    <Modal
      open
      onClose={() => uiStore.closeModal()}
      title={campaign.title}
      size="marketing"
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
