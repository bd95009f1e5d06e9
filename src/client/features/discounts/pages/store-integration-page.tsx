import { ComingSoon } from '../../../components/coming-soon';

export default function StoreIntegrationPage() {
  return <ComingSoon title="Store Integration Guide" />;
}
