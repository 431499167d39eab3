import { dialogButtons } from '#app/platform/dialog.ts';
import { uiStore, type DialogRequest } from '#app/ui/ui-store.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

/** The one open dialog of the UI store: OK always, Cancel only for type 'dialog' (loaded by DialogHost). */
export default function Dialog({ dialog }: { dialog: DialogRequest }) {
  const buttons = dialogButtons(dialog.type);
  return (
    <Modal
      open
      title={dialog.title}
      onClose={() => uiStore.answerDialog(false)}
      footer={
        <>
          {buttons.includes('cancel') ? (
            <Button variant="tertiary" onClick={() => uiStore.answerDialog(false)}>
              {dialog.cancelLabel}
            </Button>
          ) : null}
          <Button onClick={() => uiStore.answerDialog(true)}>{dialog.confirmLabel}</Button>
        </>
      }
    >
      <div className="prose-content" dangerouslySetInnerHTML={{ __html: dialog.message }} />
    </Modal>
  );
}
