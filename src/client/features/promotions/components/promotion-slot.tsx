// Where active promotions are shown to pro staff (dashboard, job list). Filled in by the promotions feature.
export function PromotionSlot(_props: { placement: 'dashboard' | 'jobs' }) {
  return null;
}
