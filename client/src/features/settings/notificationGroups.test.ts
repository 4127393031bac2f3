import { describe, expect, it } from 'vitest';
import { notificationTypes } from '#shared/notifications';
import { channelOn, digestFrequency, notificationGroups, type SettingValue } from './notificationGroups';

const settings = (entries: Record<string, SettingValue>) => new Map(Object.entries(entries));

describe('notification preferences as the screens show them', () => {
  it('a channel: the own choice, else the team default, else on', () => {
    const team = settings({ 'notifications.email.TASK_STATE': { type: 'email', active: false } });
    expect(channelOn(null, null, 'email', 'TASK_STATE')).toBe(true);
    expect(channelOn(null, team, 'email', 'TASK_STATE')).toBe(false);
    expect(channelOn(settings({ 'notifications.email.TASK_STATE': { type: 'email', active: true } }), team, 'email', 'TASK_STATE')).toBe(
      true,
    );
    expect(channelOn(null, team, 'app', 'TASK_STATE')).toBe(true);
  });

  it('the digest: the own frequency, else the team default, else daily; switched off reads as never', () => {
    const team = settings({ 'notifications.digest': { type: 'hourly', active: true } });
    expect(digestFrequency(null, null)).toBe('daily');
    expect(digestFrequency(null, team)).toBe('hourly');
    expect(digestFrequency(settings({ 'notifications.digest': { type: 'never', active: true } }), team)).toBe('never');
    expect(digestFrequency(settings({ 'notifications.digest': { type: 'hourly', active: false } }), null)).toBe('never');
    expect(digestFrequency(settings({ 'notifications.digest': { type: 'weekly', active: true } }), team)).toBe('hourly');
  });

  it('every type appears in at most one group, and the SPEC types without a cause here in none', () => {
    const listed: string[] = notificationGroups.flatMap((group) => [...group.types]);
    expect(new Set(listed).size).toBe(listed.length);
    for (const absent of ['CONSULT_CREATED', 'OFFER_CREATED', 'OFFER_UPDATED', 'DEAL_UPDATE']) expect(listed).not.toContain(absent);
    expect(notificationTypes.filter((type) => !listed.includes(type))).toEqual([
      'CONSULT_CREATED',
      'OFFER_CREATED',
      'OFFER_UPDATED',
      'DEAL_UPDATE',
    ]);
  });
});
