import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { spacePermissionOf, teamRoleOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Notice, showToast, Spinner } from '../../ui';
import { displayName } from '../auth/session';
import { storeSpace } from '../spaces/atoms';
import { getProjectsWithMembersDocument, setPermissionDocument, type PermissionChange, type SpaceWithMembers } from '../spaces/operations';
import { teamPeopleAtom } from '../teams/atoms';
import { loadTeamPeople } from '../teams/teamData';
import styles from './Admin.module.css';

/** Admin › Permissions: every member against every shared space, with their permission; space admins change it in place. */
export function PermissionsSection() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const people = useAtomValue(teamPeopleAtom);
  const [spaces, setSpaces] = useState<SpaceWithMembers[] | null>(null);
  const { error, setError, pending, run } = useAction();

  const load = useCallback(() => {
    request(getProjectsWithMembersDocument, {}, { handledByCaller: true }).then(
      ({ getProjects }) => setSpaces(getProjects.filter((space) => !space.isPersonal)),
      (caught: unknown) => setError(describeRequestError(caught, t, i18n.language).message),
    );
  }, [setError, t, i18n.language]);

  useEffect(() => {
    load();
    void loadTeamPeople(store).catch(() => undefined);
  }, [load, store]);

  const change = async (space: SpaceWithMembers, userId: string, name: string, permission: PermissionChange) => {
    const outcome = await run(`${space.id}-${userId}`, async () => {
      const { setPermission } = await request(
        setPermissionDocument,
        { user: userId, project: space.id, permission },
        { handledByCaller: true },
      );
      storeSpace(store, setPermission);
      setSpaces((current) => (current ?? []).map((known) => (known.id === space.id ? setPermission : known)));
      const label =
        permission === 'removed' ? t('admin.permissions.none') : t(`spaces.permissions.${permission === 'admin' ? 'admin' : 'basic'}`);
      showToast({ message: t('admin.permissions.changed', { name, space: space.name, permission: label }), icon: 'success' });
    });
    if (outcome.denied) load();
  };

  if (!spaces || !people) {
    return error ? (
      <Notice tone="error">{error}</Notice>
    ) : (
      <div className={styles.loading} role="status">
        <Spinner size={16} />
        <span>{t('admin.permissions.loading')}</span>
      </div>
    );
  }
  if (spaces.length === 0) return <Notice tone="info">{t('admin.permissions.noSpaces')}</Notice>;

  return (
    <div className={styles.stack}>
      {error && <Notice tone="error">{error}</Notice>}
      <div className={styles.matrixScroll} tabIndex={0} role="region" aria-label={t('admin.permissions.tableLabel')}>
        <table className={styles.matrix}>
          <caption className="visually-hidden">{t('admin.permissions.tableLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.permissions.member')}</th>
              {spaces.map((space) => (
                <th key={space.id} scope="col">
                  <span className={styles.matrixSpace}>
                    <span className={styles.dot} style={{ backgroundColor: space.color ?? 'var(--color-text-faint)' }} aria-hidden />
                    {space.name}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => {
              const name = displayName(person);
              return (
                <tr key={person.id}>
                  <th scope="row">
                    <span className={styles.matrixPerson}>{name}</span>
                    <span className={styles.matrixRole}>{t(`teams.roles.${teamRoleOf(person.role)}`)}</span>
                  </th>
                  {spaces.map((space) => {
                    const permission = space.users.find((member) => member.id === person.id)?.permission ?? null;
                    const label = permission ? t(`spaces.permissions.${spacePermissionOf(permission)}`) : t('admin.permissions.none');
                    return (
                      <td key={space.id}>
                        {space.canManage ? (
                          <select
                            className={styles.matrixSelect}
                            aria-label={t('admin.permissions.cellLabel', { name, space: space.name })}
                            value={permission ?? ''}
                            disabled={pending !== null}
                            onChange={(event) => {
                              const value = event.target.value;
                              void change(space, person.id, name, value === 'admin' || value === 'basic' ? value : 'removed');
                            }}
                          >
                            <option value="">{t('admin.permissions.none')}</option>
                            <option value="basic">{t('spaces.permissions.basic')}</option>
                            <option value="admin">{t('spaces.permissions.admin')}</option>
                          </select>
                        ) : (
                          <span className={permission ? styles.matrixValue : styles.matrixNone}>{label}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.footnote}>{t('admin.permissions.footnote')}</p>
    </div>
  );
}
