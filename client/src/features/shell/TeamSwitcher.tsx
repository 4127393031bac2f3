import { useEffect, useState } from 'react';
import { Check, ChevronsUpDown, Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { teamsAtom } from '../teams/atoms';
import { CreateTeamDialog } from '../teams/CreateTeamDialog';
import { loadTeams, switchToTeam } from '../teams/teamData';
import { navPath, overviewScope } from './areas';
import styles from './Sidebar.module.css';

/** The team at the top of the sidebar: every team of the user to switch to, team settings, and "Create a team". */
export function TeamSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const team = useAtomValue(currentTeamAtom);
  const teams = useAtomValue(teamsAtom);
  const [creating, setCreating] = useState(false);
  const name = team?.name?.trim() || t('team.fallbackName');

  useEffect(() => {
    if (team?.id) void loadTeams(store).catch(() => undefined);
  }, [team?.id, store]);

  const others = (teams ?? []).filter((known) => known.id !== team?.id);

  return (
    <>
      <Menu>
        <MenuTrigger className={styles.teamButton} aria-label={`${t('team.menuLabel')}: ${name}`}>
          <Avatar name={name} src={team?.logo} colorKey={team?.id} size={22} shape="square" />
          <span className={styles.teamName}>{name}</span>
          <ChevronsUpDown className={styles.teamChevron} size={14} aria-hidden />
        </MenuTrigger>
        <MenuContent align="start" className={styles.teamMenu}>
          <MenuLabel>{t('team.current')}</MenuLabel>
          <MenuItem
            icon={<Avatar name={name} src={team?.logo} colorKey={team?.id} size={16} shape="square" />}
            hint={<Check size={14} aria-hidden />}
          >
            {name}
          </MenuItem>
          {others.length > 0 && (
            <>
              <MenuSeparator />
              <MenuLabel>{t('teams.switcher.switchTo')}</MenuLabel>
              {others.map((other) => (
                <MenuItem
                  key={other.id}
                  icon={<Avatar name={other.name} src={other.logo} colorKey={other.id} size={16} shape="square" />}
                  onSelect={() => {
                    onNavigate?.();
                    void switchToTeam(other.id, store).catch(() => undefined);
                  }}
                >
                  {other.name}
                </MenuItem>
              ))}
            </>
          )}
          <MenuSeparator />
          <MenuItem icon={<Plus aria-hidden />} onSelect={() => setCreating(true)}>
            {t('teams.switcher.create')}
          </MenuItem>
          <MenuItem
            icon={<Settings aria-hidden />}
            onSelect={() => {
              onNavigate?.();
              void navigate(`${navPath('preferences', overviewScope)}/team`);
            }}
          >
            {t('team.settings')}
          </MenuItem>
        </MenuContent>
      </Menu>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
