import { ComingSoon } from '../../../components/coming-soon';

export default function EcommerceIntegrationPage() {
  return <ComingSoon title="E-commerce Integration" />;
}
