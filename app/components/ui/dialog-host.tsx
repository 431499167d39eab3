import { dialogButtons } from '../../domain/dialog.ts';
import { uiStore, useUi } from '../../lib/ui-store.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

/** Renders the one open dialog of the UI store: OK always, Cancel only for type 'dialog'. */
export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  if (!dialog) return null;
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
