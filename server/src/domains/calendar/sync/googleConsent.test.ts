import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors';
import { calendarErrorCode, memberBinding, withResult } from './googleConsent';

describe('the Google consent routes’ helpers', () => {
  it('adds the result to the return path, keeping its own query and replacing an earlier result', () => {
    expect(withResult('/space/calendar/sync', 'calendarConnected', 'account-1')).toBe('/space/calendar/sync?calendarConnected=account-1');
    expect(withResult('/space/calendar/sync?view=week&calendarConnected=old#top', 'calendarError', 'CALENDAR_GOOGLE_CANCELLED')).toBe(
      '/space/calendar/sync?view=week&calendarError=CALENDAR_GOOGLE_CANCELLED#top',
    );
  });

  it('says the sign-in’s refusals as the calendar’s own, keeps the others, and hides unexpected failures', () => {
    expect(calendarErrorCode(new DomainError('SOCIAL_STATE_MISMATCH'))).toBe('CALENDAR_GOOGLE_STATE_MISMATCH');
    expect(calendarErrorCode(new DomainError('SOCIAL_SIGN_IN_CANCELLED'))).toBe('CALENDAR_GOOGLE_CANCELLED');
    expect(calendarErrorCode(new DomainError('SOCIAL_PROVIDER_ERROR'))).toBe('CALENDAR_GOOGLE_FAILED');
    expect(calendarErrorCode(new DomainError('SOCIAL_SIGN_IN_UNAVAILABLE'))).toBe('CALENDAR_GOOGLE_UNAVAILABLE');
    expect(calendarErrorCode(new DomainError('CALDAV_ADDRESS_REFUSED'))).toBe('CALDAV_ADDRESS_REFUSED');
    expect(calendarErrorCode(new Error('boom'))).toBe('INTERNAL_SERVER_ERROR');
  });

  it('binds a grant to the member and the team', () => {
    expect(memberBinding('user-1', 'team-1')).not.toBe(memberBinding('user-1', 'team-2'));
  });
});
