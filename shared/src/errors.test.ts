import { describe, expect, it } from 'vitest';
import { errorMessages, formatErrorMessage, isErrorCode, isInputErrorCode, messageParameters } from './errors';

describe('error catalogue', () => {
  it('writes a message from its template and parameters', () => {
    expect(formatErrorMessage('TEXT_TOO_LONG', { maximum: 100 })).toBe('Use at most 100 characters.');
    expect(formatErrorMessage('TEAM_URL_LENGTH', { minimum: 3, maximum: 48 })).toBe('Use 3 to 48 characters for the team URL.');
    expect(formatErrorMessage('PERMISSION_DENIED')).toBe(errorMessages.PERMISSION_DENIED);
    expect(formatErrorMessage('TEXT_TOO_LONG')).toBe('Use at most {{maximum}} characters.');
  });

  it('names each template’s parameters', () => {
    expect(messageParameters(errorMessages.CLIENT_ID_LENGTH)).toEqual(['minimum', 'maximum']);
    expect(messageParameters(errorMessages.NOT_FOUND)).toEqual([]);
  });

  it('tells codes and input codes apart', () => {
    expect(isErrorCode('TEXT_TOO_LONG')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isInputErrorCode('TEXT_TOO_LONG')).toBe(true);
    expect(isInputErrorCode('NOT_FOUND')).toBe(false);
  });
});
