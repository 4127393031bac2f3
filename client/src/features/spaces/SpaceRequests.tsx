import { useEffect, useId } from 'react';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Notice, showToast } from '../../ui';
import { displayName } from '../auth/session';
import { isTeamAdminAtom, teamPeopleAtom } from '../teams/atoms';
import { loadTeamPeople } from '../teams/teamData';
import { removeRequest, spaceRequestsAtom } from './atoms';
import { loadOpenRequests } from './joinRequests';
import { setPermissionDocument, type SpaceWithMembers } from './operations';
import type { SpaceSectionProps } from './SpaceGeneralForm';
import styles from './Spaces.module.css';
import list from '../teams/People.module.css';

const noRequests: readonly string[] = [];

/** People asking to join the space: approve (they join as basic members) or refuse. Nothing shows while there are none. */
export function SpaceRequests({ space, onChanged, onDenied }: SpaceSectionProps & { onChanged: (space: SpaceWithMembers) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const { error, setError, pending, run } = useAction();
  const requested = useAtomValue(spaceRequestsAtom).get(space.id) ?? noRequests;
  const people = useAtomValue(teamPeopleAtom);
  const teamAdmin = useAtomValue(isTeamAdminAtom);
  const memberIds = space.users.map((member) => member.id).join();

  useEffect(() => {
    if (teamAdmin) void loadOpenRequests(store, space.team, space.id, memberIds.split(',')).catch(() => undefined);
  }, [teamAdmin, store, space.team, space.id, memberIds]);

  useEffect(() => {
    if (requested.length > 0 && !people) void loadTeamPeople(store).catch(() => undefined);
  }, [requested.length, people, store]);

  const waiting = requested.filter((userId) => !space.users.some((member) => member.id === userId));
  if (waiting.length === 0) return null;

  const answer = async (userId: string, approve: boolean, name: string) => {
    const outcome = await run(`${approve ? 'approve' : 'refuse'}-${userId}`, async () => {
      const { setPermission } = await request(
        setPermissionDocument,
        { user: userId, project: space.id, permission: approve ? 'basic' : 'refused' },
        { handledByCaller: true },
      );
      removeRequest(store, space.id, userId);
      onChanged(setPermission);
      showToast({ message: approve ? t('spaces.requests.approved', { name }) : t('spaces.requests.refused', { name }), icon: 'success' });
    });
    if (outcome.denied) {
      setError(null);
      onDenied(outcome.message ?? '');
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.sectionTitle}>
        {t('spaces.requests.title')}
      </h3>
      {error && <Notice tone="error">{error}</Notice>}
      <ul className={list.people}>
        {waiting.map((userId) => {
          const person = people?.find((candidate) => candidate.id === userId);
          const name = person ? displayName(person) : t('spaces.requests.someone');
          return (
            <li key={userId} className={list.person}>
              <Avatar name={name} src={person?.profileImg} colorKey={userId} size={30} />
              <span className={list.personText}>
                <span className={list.personName}>{name}</span>
                {person && <span className={list.personEmail}>{person.email}</span>}
              </span>
              <Button
                size="sm"
                icon={<Check aria-hidden />}
                loading={pending === `approve-${userId}`}
                disabled={pending !== null}
                onClick={() => void answer(userId, true, name)}
              >
                {t('spaces.requests.approve')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<X aria-hidden />}
                loading={pending === `refuse-${userId}`}
                disabled={pending !== null}
                onClick={() => void answer(userId, false, name)}
              >
                {t('spaces.requests.refuse')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
