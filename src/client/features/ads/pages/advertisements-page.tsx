import { ComingSoon } from '../../../components/coming-soon';

export default function AdvertisementsPage() {
  return <ComingSoon title="Advertisements" />;
}
