import type { ReactNode } from 'react';
import { AuthLayout } from './AuthLayout';
import { FinishScreen } from './FinishScreen';
import { ForgotScreen } from './ForgotScreen';
import { RecoverScreen } from './RecoverScreen';
import { SetUpScreen } from './SetUpScreen';
import { SignInScreen } from './SignInScreen';
import { SignUpScreen } from './SignUpScreen';
import { VerifyScreen } from './VerifyScreen';

export type AuthScreen = 'signIn' | 'forgot' | 'recover' | 'finish' | 'verify' | 'invite' | 'user' | 'setUp';

const screens: Record<AuthScreen, () => ReactNode> = {
  signIn: () => <SignInScreen />,
  forgot: () => <ForgotScreen />,
  recover: () => <RecoverScreen />,
  finish: () => <FinishScreen />,
  verify: () => <VerifyScreen />,
  invite: () => <SignUpScreen invitation />,
  user: () => <SignUpScreen />,
  setUp: () => <SetUpScreen />,
};

/** An account page (SPEC §2) in the light, signed-out frame. */
export default function AuthPage({ screen }: { screen: AuthScreen }) {
  return <AuthLayout>{screens[screen]()}</AuthLayout>;
}
