import { ComingSoon } from '../../../components/coming-soon';

export default function PromotionsPage() {
  return <ComingSoon title="Paid Promotions" />;
}
