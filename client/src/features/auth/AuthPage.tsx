import { BadgeCheck, KeyRound, LogIn, MailCheck, ShieldCheck, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/documentTitle';
import { EmptyState } from '../../ui';
import { AuthLayout } from './AuthLayout';

export type AuthScreen = 'signIn' | 'forgot' | 'recover' | 'finish' | 'verify' | 'invite' | 'user';

const icons: Record<AuthScreen, LucideIcon> = {
  signIn: LogIn,
  forgot: KeyRound,
  recover: ShieldCheck,
  finish: BadgeCheck,
  verify: MailCheck,
  invite: UserPlus,
  user: UserPlus,
};

/** An account page (SPEC §2). Until the forms land, each shows what it will offer. */
export default function AuthPage({ screen }: { screen: AuthScreen }) {
  const { t } = useTranslation();
  const title = t(`auth.${screen}.title`);
  useDocumentTitle(title);
  return (
    <AuthLayout>
      <EmptyState icon={icons[screen]} title={title} description={t(`auth.${screen}.empty`)} headingLevel={1} />
    </AuthLayout>
  );
}
