import { Check, ChevronsUpDown, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAtomValue } from '../../lib/store';
import { Avatar, Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { navPath, overviewScope } from './areas';
import styles from './Sidebar.module.css';

/** The team at the top of the sidebar. Switching between several teams comes with team administration. */
export function TeamSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const team = useAtomValue(currentTeamAtom);
  const name = team?.name?.trim() || t('team.fallbackName');
  return (
    <Menu>
      <MenuTrigger className={styles.teamButton} aria-label={`${t('team.menuLabel')}: ${name}`}>
        <Avatar name={name} src={team?.logo} colorKey={team?.id} size={22} shape="square" />
        <span className={styles.teamName}>{name}</span>
        <ChevronsUpDown className={styles.teamChevron} size={14} aria-hidden />
      </MenuTrigger>
      <MenuContent align="start" className={styles.teamMenu}>
        <MenuLabel>{t('team.current')}</MenuLabel>
        <MenuItem icon={<Avatar name={name} src={team?.logo} colorKey={team?.id} size={16} shape="square" />} hint={<Check size={14} aria-hidden />}>
          {name}
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          icon={<Settings aria-hidden />}
          onSelect={() => {
            onNavigate?.();
            void navigate(navPath('preferences', overviewScope));
          }}
        >
          {t('team.settings')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
