// The account feature's public surface (decision record 027): what other features and the layout place.
export { VerifyEmailBanner } from './components/verify-email-banner';
export { TwoFactorPrompt } from './components/two-factor-prompt';
export { ChangeEmailCard } from './components/change-email-card';
export { TwoFactorCard } from './components/two-factor-card';
export { YourDataCard } from './components/your-data-card';
export { DeleteAccountCard } from './components/delete-account-card';
export { AccountNotices } from './components/account-notices';
