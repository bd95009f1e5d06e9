import { ComingSoon } from '../../../components/coming-soon';

export default function ProStaffFeaturesPage() {
  return <ComingSoon title="Features for Pro Staff" />;
}
