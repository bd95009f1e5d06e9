import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { directoryQuery } from '@client/features/directory/api';

/** Debug page: the first three pro staff profiles as the API returns them; loads only when logged in. */
export default function TestProfilesPage() {
  const { user } = useSession();
  const query = useQuery({ ...directoryQuery({ page: 1, pageSize: 3 }), enabled: Boolean(user) });

  return (
    <Page title="Test Profiles" description="The first 3 pro staff profiles, for debugging.">
      {!user ? (
        <Notice title="Please log in to load profiles." />
      ) : query.isError ? (
        <Notice title="Error">{describeError(query.error)}</Notice>
      ) : query.isPending ? (
        <Spinner label="Loading profiles" />
      ) : query.data.items.length === 0 ? (
        <Notice title="No profiles found" />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-bark-700">{query.data.total} pro staff profiles in total.</p>
          {query.data.items.map((profile) => (
            <Card key={profile.id}>
              <CardHeader>
                <CardTitle>
                  <Link to={`/profile/${profile.id}`} className="hover:underline">{profile.firstName} {profile.lastName}</Link>
                  <span className="ml-2 text-sm font-normal text-bark-700">#{profile.id} · user {profile.userId}</span>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <pre className="overflow-x-auto rounded-md bg-bark-100 p-3 text-xs">{JSON.stringify(profile, null, 2)}</pre>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </Page>
  );
}
