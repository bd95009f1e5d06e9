import { describeError } from '@client/lib/api';
import { UpgradeLink, upgradeUrlOf } from '@client/components/plan-limit';

/** An inline error for a failed job action; plan limits carry a link to upgrade. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  const upgradeUrl = upgradeUrlOf(error);
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{describeError(error)}</p>
      {upgradeUrl && <p className="mt-1"><UpgradeLink to={upgradeUrl} /></p>}
    </div>
  );
}
