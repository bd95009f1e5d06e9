import { ShieldCheck } from 'lucide-react';
import { ListState } from '@client/components/list-state';
import { TitledCard } from '@client/components/ui/card';
import { useSession } from '@client/features/auth';
import { useOwnFlags } from '../api';
import { FlagCard } from './flag-card';

/**
 * The staffer's own flagged orders: what a brand's checks found on orders with their codes, whether the commission is
 * held, and the brand's reason when it rejected one. Shown on the earnings page, next to the commissions it explains.
 */
export function MyFlagsCard() {
  const { user } = useSession();
  const flags = useOwnFlags(user?.userType === 'pro_staff' && user.proStaffId !== null);
  const list = flags.data?.flags ?? [];
  return (
    <TitledCard title="Flagged Orders" description="Orders on your codes a brand's checks flagged, such as own use or a code shared on a coupon site. A held commission is paid once the brand approves it." data-testid="my-flags">
      <ListState query={flags} icon={ShieldCheck} empty={list.length === 0 ? 'None of your orders is flagged.' : null}>
        <ul className="flex flex-col gap-3">
          {list.map((flag) => <li key={flag.id}><FlagCard flag={flag} side="pro_staff" /></li>)}
        </ul>
      </ListState>
    </TitledCard>
  );
}
