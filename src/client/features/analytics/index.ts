// The analytics feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { GrowthChart } from './components/growth-chart';
export { PromotionsTrend } from './components/promotions-trend';
