import { ComingSoon } from '../../../components/coming-soon';

export default function TestProfilesPage() {
  return <ComingSoon title="Test Profiles" />;
}
