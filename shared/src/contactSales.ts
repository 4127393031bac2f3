/**
 * SPEC §5 and §8 contact-sales texts. SPEC does not quote the empty-message text, so it is
 * written as a sentence; the success and failure texts are SPEC's, "Request Send" included.
 */
export const contactSalesTexts = {
  emptyMessage: 'Please write your requirements.',
  successTitle: 'Request Send',
  successDescription: 'The sales team will be in touch soon.',
} as const;

export function contactSalesFailureMessage(email: string): string {
  return `Error Sending Request, please try again or contact the provider directly at ${email}`;
}

/** A contact-sales message made only of whitespace is as empty as no message. */
export function validateContactSalesMessage(
  message: string,
): { ok: true; message: string } | { ok: false; error: typeof contactSalesTexts.emptyMessage } {
  const trimmed = message.trim();
  return trimmed === '' ? { ok: false, error: contactSalesTexts.emptyMessage } : { ok: true, message: trimmed };
}
