import { Link } from 'react-router';
import { describeError, isPlanLimit } from '../../../lib/api';

/** An inline error for a failed job action; plan limits carry a link to upgrade. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{describeError(error)}</p>
      {isPlanLimit(error) && (
        <Link to="/subscription" className="mt-1 inline-block font-medium text-forest-700 underline underline-offset-4">
          Upgrade your plan
        </Link>
      )}
    </div>
  );
}
