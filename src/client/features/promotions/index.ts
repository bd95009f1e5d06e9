// The promotions feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { PromotionSlot } from './components/promotion-slot';
