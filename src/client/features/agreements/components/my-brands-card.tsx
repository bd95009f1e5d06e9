import { Link } from 'react-router';
import { exclusivityCategoryLabels } from '@shared/contracts/agreements';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useAgreements } from '../api';
import { formatRate } from './agreement-bits';

/** Pro staff dashboard: the brands the staffer is on (active agreements) and how many offers wait for an answer. */
export function MyBrandsCard() {
  const active = useAgreements({ status: 'active' });
  const offers = useAgreements({ status: 'offered' });
  const waiting = offers.data?.length ?? 0;
  return (
    <Card data-testid="my-brands">
      <CardHeader><CardTitle>My Brands</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {active.isLoading ? <Skeleton className="h-10" /> : active.isError ? <p role="alert" className="text-red-800">{describeError(active.error)}</p> : active.data?.length ? (
          <ul className="flex flex-col gap-2">
            {active.data.map((a) => (
              <li key={a.id} className="min-w-0">
                <Link to={`/agreements/${a.id}`} className="font-medium text-forest-700 hover:underline break-words">{a.businessName}</Link>
                <p className="text-bark-700">
                  Until {a.endDate} · {formatRate(a.commissionRateBps)}
                  {a.exclusivityCategory && <> · Exclusive: {exclusivityCategoryLabels[a.exclusivityCategory]}</>}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-bark-700">You are not on a brand's pro staff yet.</p>
        )}
        <Link to="/agreements" className="font-medium text-forest-700 hover:underline">
          {waiting > 0 ? `${waiting} open ${waiting === 1 ? 'offer' : 'offers'} · See all agreements` : 'See all agreements'}
        </Link>
      </CardContent>
    </Card>
  );
}
