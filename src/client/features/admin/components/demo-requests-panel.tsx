import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { describeError } from '@client/lib/api';
import { useDemoRequests } from '../api';

/** "Schedule Demo" requests from the landing page, newest first (GET /api/admin/demo-requests). */
export function DemoRequestsPanel() {
  const requests = useDemoRequests();
  return (
    <Card>
      <CardHeader><CardTitle>Demo Requests</CardTitle></CardHeader>
      <CardContent>
        {requests.isPending ? (
          <p className="text-sm text-bark-700">Loading demo requests...</p>
        ) : requests.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(requests.error)}</p>
        ) : requests.data.length === 0 ? (
          <p className="text-sm text-bark-700">No demo requests yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label="Demo requests">
            {requests.data.map((request) => (
              <li key={request.id} className="py-2 text-sm" data-testid="demo-request">
                <p className="font-medium text-bark-900 [overflow-wrap:anywhere]">
                  {request.name}{request.company ? ` · ${request.company}` : ''}
                </p>
                <p className="break-all text-bark-700">
                  <a className="text-forest-700 underline" href={`mailto:${request.email}`}>{request.email}</a> · {request.preferredTime} ·{' '}
                  {new Date(request.createdAt).toLocaleString('en-US')}
                </p>
                {request.message && <p className="mt-1 whitespace-pre-wrap break-words text-bark-900">{request.message}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
