import { describe, expect, it } from 'vitest';
import { renderDigestMail, type DigestMailInput } from './digestMail';

const input: DigestMailInput = {
  to: 'bas@example.com',
  firstname: 'Bas',
  teams: [
    {
      name: 'Engines',
      sections: [
        {
          group: 'tasks',
          items: [{ description: 'T-12 Fix <the> login', author: 'Ada Lovelace', link: 'https://w.example/s1/tasks/d/t1' }],
        },
        { group: 'mentions', items: [{ description: 'Could you\nlook', author: null, link: 'https://w.example/chats/s1?message=m1' }] },
      ],
    },
  ],
  appLink: 'https://w.example',
  preferencesLink: 'https://w.example/overview/preferences/account',
  unsubscribeLink: 'https://w.example/notifications/unsubscribe?token=abc',
};

describe('the digest mail', () => {
  it('lists each notification with its link under its group, in the language asked for', () => {
    const mail = renderDigestMail('de', input);
    expect(mail.subject).toBe('Ungelesene Benachrichtigungen: 2');
    expect(mail.text).toContain('Hallo Bas,');
    expect(mail.text).toContain('Aufgaben\n- T-12 Fix <the> login (von Ada Lovelace)\n  https://w.example/s1/tasks/d/t1');
    expect(mail.text).toContain('Erwähnungen\n- Could you look\n  https://w.example/chats/s1?message=m1');
    expect(mail.text).toContain('Diese Zusammenfassung abbestellen: https://w.example/notifications/unsubscribe?token=abc');
    expect(mail.html).toContain('T-12 Fix &#60;the&#62; login');
    expect(mail.html).not.toContain('<the>');
  });

  it('falls back to English and names the teams when there are several', () => {
    const mail = renderDigestMail('xx', { ...input, teams: [...input.teams, { name: 'Boats', sections: input.teams[0]!.sections }] });
    expect(mail.subject).toBe('Unread notifications: 4');
    expect(mail.text).toContain('== Engines ==');
    expect(mail.text).toContain('== Boats ==');
  });
});
