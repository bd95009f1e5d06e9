// The fraud feature's public surface for other features' pages (with api.ts); the rest of the folder is internal.
export { MyFlagsCard } from './components/my-flags-card';
export { HouseholdAddressesCard } from './components/household-addresses-card';
export { AdminCouponSitesPanel } from './components/admin-coupon-sites-panel';
export { RepeatedRejectionsPanel } from './components/repeated-rejections-panel';
export { RotateCodeDialog, type RotatableCode } from './components/rotate-code-dialog';
