import { useEffect, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { atom, useAtom } from '../../lib/store';
import { socialProvidersDocument } from './operations';
import styles from './SocialSignIn.module.css';

type Provider = 'google' | 'microsoft';

const providerOrder: readonly Provider[] = ['google', 'microsoft'];

/** The providers the server has set up; null until asked. Failing to ask simply shows no buttons. */
export const socialProvidersAtom = atom<readonly string[] | null>(null);

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 21 21" aria-hidden focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#F25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7FBA00" />
      <rect x="1" y="11" width="9" height="9" fill="#00A4EF" />
      <rect x="11" y="11" width="9" height="9" fill="#FFB900" />
    </svg>
  );
}

const marks: Record<Provider, () => JSX.Element> = { google: GoogleMark, microsoft: MicrosoftMark };

interface SocialContext {
  project?: string | undefined;
  invited?: string | undefined;
  /** The page to come back to after signing in. */
  next?: string | null | undefined;
}

/** Where the browser goes to sign in with a provider; invitation pages pass their space and invitation along. */
export function socialStartPath(provider: Provider, context: SocialContext = {}): string {
  const path = `/auth/${provider}/start`;
  const query = new URLSearchParams();
  if (context.project || context.invited) {
    query.set('project', context.project ?? '');
    query.set('invited', context.invited ?? '');
  }
  if (context.next) query.set('next', context.next);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** "Continue with Google / Microsoft" for the providers this server offers, then an "or" line above the e-mail form. */
export function SocialSignIn({ project, invited, next }: SocialContext) {
  const { t } = useTranslation();
  const [providers, setProviders] = useAtom(socialProvidersAtom);

  useEffect(() => {
    if (providers !== null) return;
    request(socialProvidersDocument, {}, { handledByCaller: true })
      .then(({ socialProviders }) => setProviders(socialProviders))
      .catch(() => setProviders([]));
  }, [providers, setProviders]);

  const offered = providerOrder.filter((provider) => providers?.includes(provider));
  if (offered.length === 0) return null;
  return (
    <div className={styles.social}>
      {offered.map((provider) => {
        const Mark = marks[provider];
        return (
          <a key={provider} className={styles.button} href={socialStartPath(provider, { project, invited, next })}>
            <Mark />
            <span>{t(`auth.social.${provider}`)}</span>
          </a>
        );
      })}
      <div className={styles.divider} role="separator">
        <span>{t('auth.social.or')}</span>
      </div>
    </div>
  );
}
