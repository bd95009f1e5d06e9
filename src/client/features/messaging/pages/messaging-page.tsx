import { ComingSoon } from '../../../components/coming-soon';

export default function MessagingPage() {
  return <ComingSoon title="Messages" />;
}
