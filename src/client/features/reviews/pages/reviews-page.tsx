import { ComingSoon } from '../../../components/coming-soon';

export default function ReviewsPage() {
  return <ComingSoon title="Reviews and Ratings" />;
}
