import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFeatured } from '../api';

/**
 * Landing page: three pro staff profiles (decision record 010 §2). Elite pro staff (featured placement, decision record 019)
 * come first, chosen by the server; the directory's first profiles fill the rest.
 */
export function FeaturedProStaff() {
  const query = useFeatured({ fill: true });
  // Deferred so the cards render in a yielding pass instead of one blocking update.
  const data = useDeferredValue(query.data);
  const profiles = data ?? [];

  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="featured-heading" className="text-2xl font-bold">Featured Pro Staff</h2>
      {!data && !query.isError ? (
        <div className="mt-6 grid gap-4 md:grid-cols-3" role="status" aria-busy="true" aria-label="Loading featured pro staff">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="flex flex-col gap-3 p-5" aria-hidden="true">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-9 w-full" />
            </Card>
          ))}
        </div>
      ) : profiles.length === 0 ? (
        <p className="mt-4 text-bark-700">No pro staff profiles available yet.</p>
      ) : (
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {profiles.map((profile) => (
            <Card key={profile.id} data-testid="featured-pro-staff">
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle>{profile.firstName} {profile.lastName}</CardTitle>
                  {profile.featured && <Badge tone="yellow">Elite</Badge>}
                </div>
                <p className="inline-flex items-center gap-1 text-sm text-bark-700">
                  <Star className="h-4 w-4 text-blaze-500" aria-hidden="true" />
                  {profile.rating.toFixed(1)}/5
                </p>
              </CardHeader>
              <CardContent className="flex flex-col gap-1 text-sm text-bark-700">
                <p>{profile.specialties.length > 0 ? profile.specialties.join(', ') : 'No specialties listed'}</p>
                <p>{profile.experience} years experience</p>
                <p>{profile.location || 'Location not specified'}</p>
                <Button asChild variant="outline" className="mt-3">
                  <Link to={`/profile/${profile.id}`}>View Profile</Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
