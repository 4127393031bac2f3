import { CreditCard, Download, Languages, LogOut, Moon, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { defaultLanguage, setLanguage, toSupportedLanguage, type Language } from '../../lib/i18n';
import { useAtomValue, useStore } from '../../lib/store';
import { darkModeEnabledAtom, setDarkMode } from '../../app/theme';
import {
  Avatar,
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
} from '../../ui';
import { currentUserAtom, displayName, logout, saveProfileLanguage } from '../auth/session';
import { navPath, overviewScope } from './areas';
import { LanguageRadioGroup } from './LanguageRadioGroup';
import styles from './TopBar.module.css';

/** The signed-in user's avatar menu: profile, plans, the apps, dark mode, language and logout. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const user = useAtomValue(currentUserAtom);
  const darkMode = useAtomValue(darkModeEnabledAtom);
  const name = user ? displayName(user) : '';
  const language = toSupportedLanguage(i18n.language) ?? defaultLanguage;

  const changeLanguage = (next: Language) => {
    void setLanguage(next);
    void saveProfileLanguage(next, store);
  };

  return (
    <Menu>
      <MenuTrigger className={styles.avatarButton} aria-label={t('userMenu.label')}>
        <Avatar name={name || '?'} src={user?.profileImg} colorKey={user?.id} size={26} />
      </MenuTrigger>
      <MenuContent align="end" className={styles.userMenu}>
        {user && (
          <div className={styles.identity}>
            {/* The name is written beside it: the picture adds nothing to say, and a menu may hold no image. */}
            <span aria-hidden>
              <Avatar name={name} src={user.profileImg} colorKey={user.id} size={32} />
            </span>
            <div className={styles.identityText}>
              <span className={styles.identityName}>{name}</span>
              <span className={styles.identityEmail}>{user.email}</span>
            </div>
          </div>
        )}
        <MenuItem icon={<UserRound aria-hidden />} onSelect={() => void navigate(navPath('preferences', overviewScope))}>
          {t('userMenu.profile')}
        </MenuItem>
        <MenuItem icon={<CreditCard aria-hidden />} onSelect={() => void navigate(navPath('upgrade', overviewScope))}>
          {t('nav.upgrade')}
        </MenuItem>
        <MenuItem icon={<Download aria-hidden />} onSelect={() => void navigate(navPath('download', overviewScope))}>
          {t('nav.download')}
        </MenuItem>
        <MenuCheckboxItem
          icon={<Moon aria-hidden />}
          checked={darkMode}
          onCheckedChange={(checked) => setDarkMode(checked === true, store)}
          onSelect={(event) => event.preventDefault()}
        >
          {t('userMenu.darkMode')}
        </MenuCheckboxItem>
        <MenuSub>
          <MenuSubTrigger icon={<Languages aria-hidden />}>
            {t('userMenu.language')}
            <span className={styles.currentLanguage}>{t(`languages.${language}`)}</span>
          </MenuSubTrigger>
          <MenuSubContent>
            <LanguageRadioGroup value={language} onChange={changeLanguage} />
          </MenuSubContent>
        </MenuSub>
        <MenuSeparator />
        <MenuItem icon={<LogOut aria-hidden />} onSelect={() => void logout(store)}>
          {t('userMenu.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
