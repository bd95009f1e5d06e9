import { ComingSoon } from '../../../components/coming-soon';

export default function DirectoryPage() {
  return <ComingSoon title="Browse Pro Staff" />;
}
