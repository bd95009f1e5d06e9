import { Link } from 'react-router';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

/** Whether the user has a profile yet, with the way to create or edit it. */
export function ProfileStatusCard({ loading, name, detail }: { loading: boolean; name: string | null; detail?: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Status</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {loading ? (
          <Skeleton className="h-10" />
        ) : name ? (
          <>
            <p className="flex items-center gap-2 text-forest-800">
              <CircleCheck className="h-4 w-4" aria-hidden="true" />
              Profile complete
            </p>
            <p className="font-medium break-words">{name}</p>
            {detail && <p className="text-bark-700">{detail}</p>}
            <Button asChild variant="outline" size="sm"><Link to="/profile">Edit Profile</Link></Button>
          </>
        ) : (
          <>
            <p className="flex items-center gap-2 text-blaze-600">
              <CircleAlert className="h-4 w-4" aria-hidden="true" />
              No profile yet
            </p>
            <p className="text-bark-700">Complete your profile so others can find and trust you.</p>
            <Button asChild size="sm"><Link to="/profile">Complete Profile</Link></Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
