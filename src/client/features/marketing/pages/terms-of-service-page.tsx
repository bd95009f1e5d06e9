import { ComingSoon } from '../../../components/coming-soon';

export default function TermsOfServicePage() {
  return <ComingSoon title="Terms of Service" />;
}
