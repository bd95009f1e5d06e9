import { ComingSoon } from '../../../components/coming-soon';

export default function PublicProfilePage() {
  return <ComingSoon title="Pro Staff Profile" />;
}
