import { keepDataOnClick } from '#app/platform/revalidation.ts';
import { opensCardModal } from '#app/platform/study-paths.ts';

/**
 * The `shouldRevalidate` of a study page with card modals (kaart/{id}): opening a card over the page does not
 * load the page again (it stays as it is, under the modal); closing the card does, so the page shows what
 * reading it changed (a card no longer new, a learned mark). A form always revalidates.
 */
export const keepPageUnderCardModal = keepDataOnClick(opensCardModal);
