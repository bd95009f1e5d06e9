import { TwoFactorPrompt } from './two-factor-prompt';
import { VerifyEmailBanner } from './verify-email-banner';

/** What the layout shows a signed-in account above every page: confirm the email, protect the account (record 027). */
export function AccountNotices() {
  return (
    <>
      <VerifyEmailBanner />
      <TwoFactorPrompt />
    </>
  );
}
