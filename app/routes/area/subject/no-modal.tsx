/** The subject overview without a card modal open (the index below its layout): nothing over the page. */
export default function NoModal() {
  return null;
}
