import { Link } from 'react-router';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

/**
 * Whether the user has a profile yet, with the way to create or edit it; `compact` (the pro staff summary, whose
 * heading already greets the staffer by name) is tighter and leaves out the name and the place.
 */
export function ProfileStatusCard({ loading, name, detail, compact = false }: { loading: boolean; name: string | null; detail?: string | null; compact?: boolean }) {
  return (
    <Card>
      <CardHeader className={compact ? 'p-3 pb-2 sm:p-4 sm:pb-2' : undefined}>
        <CardTitle className={compact ? 'text-base' : undefined}>Profile Status</CardTitle>
      </CardHeader>
      <CardContent className={compact ? 'flex flex-col gap-2 p-3 pt-0 text-sm sm:p-4 sm:pt-0' : 'flex flex-col gap-3 text-sm'}>
        {loading ? (
          <Skeleton className="h-10" />
        ) : name ? (
          <>
            <p className="flex items-center gap-2 text-forest-800">
              <CircleCheck className="h-4 w-4" aria-hidden="true" />
              Profile complete
            </p>
            {!compact && <p className="font-medium break-words">{name}</p>}
            {detail && !compact && <p className="text-bark-700">{detail}</p>}
            <Button asChild variant="outline" size="sm"><Link to="/profile">Edit Profile</Link></Button>
          </>
        ) : (
          <>
            <p className="flex items-center gap-2 text-blaze-600">
              <CircleAlert className="h-4 w-4" aria-hidden="true" />
              No profile yet
            </p>
            {!compact && <p className="text-bark-700">Complete your profile so others can find and trust you.</p>}
            <Button asChild size="sm"><Link to="/profile">Complete Profile</Link></Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
