import { useCallback, useEffect, useState } from 'react';
import { LinkIcon, MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeRequestError } from '../../lib/formMessages';
import { request, RequestError } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Button, Notice, Spinner } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { enterSession } from './enterSession';
import { verifyAccountDocument, type AuthPayload } from './operations';
import { ResendVerification } from './ResendVerification';
import styles from './AuthForm.module.css';

/** A link works once: both runs of a development-mode effect share one request instead of spending the link twice. */
const verifications = new Map<string, Promise<AuthPayload>>();

export function verifyOnce(email: string, token: string): Promise<AuthPayload> {
  const key = `${email}\n${token}`;
  let verification = verifications.get(key);
  if (!verification) {
    verification = request(verifyAccountDocument, { email, token }, { handledByCaller: true }).then(({ verifyAccount }) => verifyAccount);
    verification.catch(() => verifications.delete(key));
    verifications.set(key, verification);
  }
  return verification;
}

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <p className={styles.footer}>
      <Link to="/signin" className={styles.link}>
        {t('auth.verify.back')}
      </Link>
    </p>
  );
}

function CheckInbox({ email }: { email: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeader
        title={t('auth.verify.checkInbox')}
        badge={<MailCheck size={20} aria-hidden />}
        subtitle={
          email ? (
            <Trans i18nKey="auth.verify.sentTo" values={{ email }} components={{ strong: <strong className={styles.strong} /> }} />
          ) : (
            t('auth.verify.sentNoEmail')
          )
        }
      />
      <div className={styles.stack}>
        <p className={styles.subtitle}>{t('auth.verify.spamHint')}</p>
        <ResendVerification email={email} />
      </div>
      <BackToSignIn />
    </>
  );
}

type Verification = { state: 'verifying' } | { state: 'invalid' } | { state: 'failed'; error: unknown };

/** Follows the mailed link at once: signs in and goes to the welcome page, or explains and offers a new link. */
function VerifyLink({ email, token }: { email: string; token: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const [verification, setVerification] = useState<Verification>({ state: 'verifying' });
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setVerification({ state: 'verifying' });
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    let active = true;
    verifyOnce(email, token)
      .then(async (payload) => {
        if (!active) return;
        await enterSession(payload, store);
        void navigate('/signup/finish?new=1', { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setVerification(error instanceof RequestError && error.code === 'INVALID_LINK' ? { state: 'invalid' } : { state: 'failed', error });
      });
    return () => {
      active = false;
    };
  }, [email, token, attempt, navigate, store]);

  if (verification.state === 'verifying') {
    return (
      <>
        <AuthHeader title={t('auth.verify.title')} />
        <div className={styles.centered} role="status">
          <Spinner size={22} />
          <p>{t('auth.verify.verifying')}</p>
        </div>
      </>
    );
  }
  if (verification.state === 'failed') {
    return (
      <>
        <AuthHeader title={t('auth.verify.title')} />
        <div className={styles.stack}>
          <Notice tone="error">{describeRequestError(verification.error, t, i18n.language).message}</Notice>
          <Button variant="primary" size="lg" className={styles.wide} onClick={retry}>
            {t('auth.verify.retry')}
          </Button>
        </div>
        <BackToSignIn />
      </>
    );
  }
  return (
    <>
      <AuthHeader
        title={t('auth.verify.invalidTitle')}
        subtitle={t('errors.codes.INVALID_LINK')}
        badge={<LinkIcon size={20} aria-hidden />}
        badgeTone="danger"
      />
      <ResendVerification email={email} />
      <BackToSignIn />
    </>
  );
}

/** `/signup/verify`: "check your inbox" after sign-up, or the mailed link (`?email=…&token=…`) being followed. */
export function VerifyScreen() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() || null;
  const token = searchParams.get('token');
  return email && token ? <VerifyLink key={`${email}:${token}`} email={email} token={token} /> : <CheckInbox email={email} />;
}
