import { useEffect } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isTeamRole, type TeamRole } from '#shared/teams';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Notice, Select, showToast, TextArea, TextInput } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { spaceIdsAtom, spacesAtom } from '../spaces/atoms';
import { copyInvitationLink } from './invitationLink';
import { inviteDocument } from './operations';
import { loadSpaces, storeTeamDetail } from './teamData';
import styles from './Teams.module.css';

const maximumMessageLength = 1000;

/**
 * Invite someone by e-mail (addUserTeam): the address (SPEC §5 pattern), a role, an optional
 * space (required for a guest: the one space they will see) and an optional message.
 */
export function InviteForm({ onInvited, compact = false }: { onInvited?: (email: string) => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const team = useAtomValue(currentTeamAtom);
  const spacesById = useAtomValue(spacesAtom);
  const ids = useAtomValue(spaceIdsAtom);
  const spaces = (ids ?? []).flatMap((id) => {
    const space = spacesById.get(id);
    return space && !space.isPersonal ? [space] : [];
  });
  const form = useForm({
    initialValues: { email: '', role: 'basic', project: '', text: '' },
    validate: (values) => ({
      email: emailError(values.email, t),
      project: values.role === 'guest' && !values.project ? t('teams.invite.guestNeedsSpace') : undefined,
      text: values.text.length > maximumMessageLength ? t('forms.tooLong', { maximum: maximumMessageLength }) : undefined,
    }),
  });

  useEffect(() => {
    if (ids === null) void loadSpaces(store).catch(() => undefined);
  }, [ids, store]);

  const onSubmit = form.submit(async (values) => {
    if (!team) return;
    const email = values.email.trim();
    const type: TeamRole = isTeamRole(values.role) ? values.role : 'basic';
    try {
      const { addUserTeam } = await request(
        inviteDocument,
        {
          id: team.id,
          email,
          type,
          ...(values.project ? { project: values.project } : {}),
          ...(values.text.trim() ? { text: values.text.trim() } : {}),
        },
        { handledByCaller: true },
      );
      storeTeamDetail(store, addUserTeam);
      const invited = addUserTeam.invited.find((invitation) => invitation.email.toLowerCase() === email.toLowerCase());
      if (invited?.link) {
        // No mail server: the admin sends the link, so it stays at hand until they copy it.
        showToast({
          message: t('teams.invite.ready', { email }),
          icon: 'success',
          persistent: true,
          action: { label: t('teams.invite.copyLink'), onClick: () => void copyInvitationLink(invited) },
        });
      } else {
        showToast({ message: invited ? t('teams.invite.sent', { email }) : t('teams.invite.joined', { email }), icon: 'success' });
      }
      // An address or message typed while this one was on its way (the list may show it live before the answer) stays.
      form.reset((current) => ({
        ...current,
        email: current.email === values.email ? '' : current.email,
        text: current.text === values.text ? '' : current.text,
      }));
      onInvited?.(email);
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      const field =
        described.field === 'email' || described.field === 'project'
          ? described.field
          : described.field === 'type'
            ? 'role'
            : described.field === 'text'
              ? 'text'
              : undefined;
      form.showError(described.message, field);
    }
  });

  const roleHint = t(`teams.invite.roleHints.${form.values.role === 'admin' || form.values.role === 'guest' ? form.values.role : 'basic'}`);

  return (
    <form className={styles.inviteForm} onSubmit={onSubmit} noValidate aria-label={t('teams.invite.title')}>
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextInput
        label={t('teams.invite.email')}
        type="email"
        autoComplete="off"
        placeholder={t('forms.emailPlaceholder')}
        {...form.field('email')}
      />
      <div className={styles.row}>
        <Select
          label={t('teams.invite.role')}
          hint={roleHint}
          options={(['basic', 'admin', 'guest'] as const).map((role) => ({ value: role, label: t(`teams.roles.${role}`) }))}
          {...form.field('role')}
        />
        <Select
          label={form.values.role === 'guest' ? t('teams.invite.space') : t('teams.invite.spaceOptional')}
          options={[{ value: '', label: t('teams.invite.noSpace') }, ...spaces.map((space) => ({ value: space.id, label: space.name }))]}
          {...form.field('project')}
        />
      </div>
      {!compact && (
        <TextArea label={t('teams.invite.message')} placeholder={t('teams.invite.messagePlaceholder')} rows={2} {...form.field('text')} />
      )}
      <div className={styles.actions}>
        <Button type="submit" variant={compact ? 'secondary' : 'primary'} icon={<Send aria-hidden />} loading={form.sending}>
          {t('teams.invite.submit')}
        </Button>
      </div>
    </form>
  );
}
