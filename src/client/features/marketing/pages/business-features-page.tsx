import { ComingSoon } from '../../../components/coming-soon';

export default function BusinessFeaturesPage() {
  return <ComingSoon title="Features for Hunting Businesses" />;
}
