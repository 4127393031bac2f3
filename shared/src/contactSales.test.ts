import { describe, it, expect } from 'vitest';
import { contactSalesFailureMessage, contactSalesTexts, validateContactSalesMessage } from './contactSales';

describe('SPEC §5 contact sales', () => {
  it('refuses an empty or blank message, asking for requirements', () => {
    expect(validateContactSalesMessage('')).toEqual({ ok: false, error: 'Please write your requirements.' });
    expect(validateContactSalesMessage(' \n\t')).toMatchObject({ ok: false });
  });

  it('accepts a written message, trimmed', () => {
    expect(validateContactSalesMessage('  We need 200 seats. ')).toEqual({ ok: true, message: 'We need 200 seats.' });
  });
});

describe('SPEC §8 contact sales outcome texts', () => {
  it('confirms with "Request Send"', () => {
    expect(contactSalesTexts.successTitle).toBe('Request Send');
  });

  it('names the provider address on failure', () => {
    expect(contactSalesFailureMessage('sales@example.com')).toBe(
      'Error Sending Request, please try again or contact the provider directly at sales@example.com',
    );
  });
});
