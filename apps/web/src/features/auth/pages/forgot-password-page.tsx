import { LoginPage } from './login-page';

/** /forgot-password: the sign-in page with its forgot-password dialog open. */
export function ForgotPasswordPage() {
  return <LoginPage forgotOpen />;
}
