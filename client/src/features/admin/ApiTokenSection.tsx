import { useEffect, useState } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '#shared/time';
import { useForm } from '../../lib/form';
import { describeRequestError, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { useNow } from '../../lib/useNow';
import { Button, EmptyState, Notice, openDialog, showToast, TextInput } from '../../ui';
import { createApiTokenDocument, getApiTokensDocument, revokeApiTokenDocument, type ApiToken } from '../settings/operations';
import { NewTokenDialog } from './NewTokenDialog';
import styles from './Admin.module.css';

/**
 * Admin › API token: personal tokens for the GraphQL API (sent as a bearer token). A new token is
 * shown once, with a copy button and a warning; the list shows when each was created and last used.
 */
export function ApiTokenSection() {
  const { t, i18n } = useTranslation();
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const { error, setError, pending, run } = useAction();
  const now = useNow();
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => ({ name: nameError(values.name, t, t('admin.apiToken.nameRequired')) }),
  });

  useEffect(() => {
    let shown = true;
    request(getApiTokensDocument, {}, { handledByCaller: true }).then(
      ({ getApiTokens }) => shown && setTokens(getApiTokens),
      (caught: unknown) => shown && setError(describeRequestError(caught, t, i18n.language).message),
    );
    return () => {
      shown = false;
    };
  }, [setError, t, i18n.language]);

  const onSubmit = form.submit(async (values) => {
    try {
      const { createApiToken } = await request(createApiTokenDocument, { name: values.name.trim() }, { handledByCaller: true });
      setTokens((current) => [createApiToken.apiToken, ...(current ?? [])]);
      setCreated({ token: createApiToken.token, name: createApiToken.apiToken.name });
      form.reset({ name: '' });
    } catch (caught) {
      const described = describeRequestError(caught, t, i18n.language);
      form.showError(described.message, described.field === 'name' ? 'name' : undefined);
    }
  });

  const revoke = async (token: ApiToken) => {
    const { confirmed } = await openDialog({
      title: t('admin.apiToken.revokeTitle', { name: token.name }),
      description: t('admin.apiToken.revokeDescription'),
      primaryLabel: t('admin.apiToken.revoke'),
      tone: 'danger',
    });
    if (!confirmed) return;
    const outcome = await run(token.id, async () => {
      await request(revokeApiTokenDocument, { id: token.id }, { handledByCaller: true });
      setTokens((current) => (current ?? []).filter((known) => known.id !== token.id));
    });
    if (outcome.ok) showToast({ message: t('admin.apiToken.revoked', { name: token.name }), icon: 'success' });
  };

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const lastUsed = (token: ApiToken) =>
    token.lastUsedAt
      ? formatRelativeTime(new Date(token.lastUsedAt).getTime(), now, i18n.language, t('activity.justNow'))
      : t('admin.apiToken.neverUsed');

  return (
    <div className={styles.stack}>
      <form className={styles.inline} onSubmit={onSubmit} noValidate aria-label={t('admin.apiToken.createLabel')}>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextInput
          label={t('admin.apiToken.name')}
          placeholder={t('admin.apiToken.namePlaceholder')}
          maxLength={64}
          className={styles.grow}
          {...form.field('name')}
        />
        <Button type="submit" variant="primary" icon={<KeyRound aria-hidden />} loading={form.sending} className={styles.inlineButton}>
          {t('admin.apiToken.create')}
        </Button>
      </form>
      {error && <Notice tone="error">{error}</Notice>}
      {tokens !== null && tokens.length === 0 && (
        <EmptyState icon={KeyRound} title={t('admin.apiToken.noneTitle')} description={t('admin.apiToken.none')} />
      )}
      {tokens !== null && tokens.length > 0 && (
        <ul className={styles.tokens} aria-label={t('admin.apiToken.listLabel')}>
          {tokens.map((token) => (
            <li key={token.id} className={styles.token}>
              <KeyRound size={16} aria-hidden className={styles.tokenIcon} />
              <div className={styles.tokenText}>
                <span className={styles.tokenName}>{token.name}</span>
                <span className={styles.tokenMeta}>
                  <code>{token.prefix}…</code> · {t('admin.apiToken.created', { date: date.format(new Date(token.createdAt)) })} ·{' '}
                  {t('admin.apiToken.lastUsed', { when: lastUsed(token) })}
                </span>
              </div>
              <Button
                size="sm"
                variant="ghost"
                icon={<Trash2 aria-hidden />}
                loading={pending === token.id}
                disabled={pending !== null}
                onClick={() => void revoke(token)}
                aria-label={t('admin.apiToken.revokeNamed', { name: token.name })}
              >
                {t('admin.apiToken.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <NewTokenDialog token={created?.token ?? null} name={created?.name ?? ''} onClose={() => setCreated(null)} />
    </div>
  );
}
