import { Link } from 'react-router';
import { exclusivityCategoryLabels } from '@shared/contracts/agreements';
import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { useAgreements } from '../api';
import { formatRate } from './agreement-bits';

const SHOWN = 3;

/** Pro staff dashboard: the brands the staffer is on (active agreements, the first three) and how many offers wait for an answer. */
export function MyBrandsCard() {
  const { user } = useSession();
  const hasProfile = user?.proStaffId != null;
  const active = useAgreements({ status: 'active' }, hasProfile);
  const offers = useAgreements({ status: 'offered' }, hasProfile);
  const waiting = offers.data?.length ?? 0;
  const brands = active.data ?? [];
  return (
    <SummaryCard title="My Brands" to="/agreements" what="agreements" data-testid="my-brands">
      {!hasProfile ? <p className="text-bark-700">Please complete your pro staff profile first.</p> : active.isLoading ? <Skeleton className="h-10" /> : active.isError ? <p role="alert" className="text-red-800">{describeError(active.error)}</p> : brands.length ? (
        <ul className="flex flex-col gap-1.5">
          {brands.slice(0, SHOWN).map((a) => (
            <li key={a.id} className="min-w-0">
              <Link to={`/agreements/${a.id}`} className="font-medium text-forest-700 hover:underline break-words">{a.businessName}</Link>
              <span className="text-bark-700">
                {' '}· until <span className="whitespace-nowrap">{a.endDate}</span> · {formatRate(a.commissionRateBps)}
                {a.exclusivityCategory && <> · Exclusive: {exclusivityCategoryLabels[a.exclusivityCategory]}</>}
              </span>
            </li>
          ))}
          {brands.length > SHOWN && <li className="text-bark-700">and {brands.length - SHOWN} more</li>}
        </ul>
      ) : (
        <p className="text-bark-700">You are not on a brand's pro staff yet.</p>
      )}
      {waiting > 0 && <p className="font-medium text-blaze-600">{waiting} open {waiting === 1 ? 'offer' : 'offers'} waiting for your answer</p>}
    </SummaryCard>
  );
}
