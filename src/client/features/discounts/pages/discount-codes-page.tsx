import { ComingSoon } from '../../../components/coming-soon';

export default function DiscountCodesPage() {
  return <ComingSoon title="Discount Code Management" />;
}
