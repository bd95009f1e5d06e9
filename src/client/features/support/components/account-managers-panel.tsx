import { useState } from 'react';
import type { AccountManagersOverview } from '@shared/contracts/support';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Select } from '@client/components/ui/input';
import { describeError } from '@client/lib/api';
import { useAccountManagers, useAssignManager } from '../api';

type Account = AccountManagersOverview['accounts'][number];

function AccountRow({ account, admins }: { account: Account; admins: AccountManagersOverview['admins'] }) {
  const [managerUserId, setManagerUserId] = useState(account.managerUserId ? String(account.managerUserId) : '');
  const [managerName, setManagerName] = useState(account.managerName ?? '');
  const assign = useAssignManager();
  const key = `manager-${account.userId}`;
  return (
    <li className="py-3 text-sm" data-testid="enterprise-account">
      <p className="min-w-0 font-medium text-bark-900 [overflow-wrap:anywhere]">{account.companyName ?? account.email}</p>
      <p className="break-all text-bark-700">{account.email} · {account.managerName ? `Managed by ${account.managerName}` : 'No account manager yet'}</p>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate({ userId: account.userId, managerUserId: managerUserId ? Number(managerUserId) : null, managerName });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${key}-admin`} className="text-xs font-medium">Admin</label>
          <Select id={`${key}-admin`} value={managerUserId} onChange={(event) => setManagerUserId(event.target.value)}>
            <option value="">None</option>
            {admins.map((admin) => <option key={admin.id} value={admin.id}>{admin.email}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${key}-name`} className="text-xs font-medium">Name shown to the account</label>
          <Input id={`${key}-name`} value={managerName} maxLength={120} onChange={(event) => setManagerName(event.target.value)} />
        </div>
        <Button type="submit" size="sm" disabled={assign.isPending}>Save</Button>
        {assign.isError && <p role="alert" className="w-full text-xs text-red-700">{describeError(assign.error)}</p>}
      </form>
    </li>
  );
}

/** Enterprise accounts and the admin named as each one's account manager (decision record 046). */
export function AccountManagersPanel() {
  const overview = useAccountManagers();
  return (
    <Card>
      <CardHeader><CardTitle>Account Managers</CardTitle></CardHeader>
      <CardContent>
        {overview.isPending ? (
          <p className="text-sm text-bark-700">Loading Enterprise accounts...</p>
        ) : overview.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(overview.error)}</p>
        ) : overview.data.accounts.length === 0 ? (
          <p className="text-sm text-bark-700">No Enterprise accounts yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label="Enterprise accounts">
            {overview.data.accounts.map((account) => <AccountRow key={account.userId} account={account} admins={overview.data.admins} />)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
