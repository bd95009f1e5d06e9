import { TwoFactorPrompt } from './two-factor-prompt';
import { VerifyEmailBanner } from './verify-email-banner';
import { TermsUpdateNotice } from './terms-update-notice';

/** What the layout shows a signed-in account: confirm the email, protect the account, accept updated terms (record 027). */
export function AccountNotices() {
  return (
    <>
      <VerifyEmailBanner />
      <TwoFactorPrompt />
      <TermsUpdateNotice />
    </>
  );
}
