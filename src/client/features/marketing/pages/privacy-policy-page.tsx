import { ComingSoon } from '../../../components/coming-soon';

export default function PrivacyPolicyPage() {
  return <ComingSoon title="Privacy Policy" />;
}
