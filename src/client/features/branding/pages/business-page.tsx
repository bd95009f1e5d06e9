import { Link, useParams } from 'react-router';
import { Globe, MapPin } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError, describeError } from '@client/lib/api';
import { usePublicBusiness } from '../api';
import { BrandBanner } from '../components/brand-banner';

/** A business's public profile with its active postings, under its branding while its plan includes it (record 045). */
export default function BusinessPage() {
  const id = Number(useParams().id);
  const { valid, profile, postings } = usePublicBusiness(id);
  if (!valid || profile.isError) {
    const missing = !valid || (profile.error instanceof ApiError && profile.error.status === 404);
    return (
      <Page>
        <Notice title={missing ? 'Business not found' : 'Could not load the business'} action={<Button asChild variant="outline"><Link to="/search">Browse Pro Staff</Link></Button>}>
          {missing ? undefined : describeError(profile.error)}
        </Notice>
      </Page>
    );
  }
  if (profile.isPending) return <Page><Skeleton className="h-64 w-full" /></Page>;
  const business = profile.data;
  return (
    <Page>
      <div className="flex flex-col gap-6">
        <BrandBanner brand={business.brand} name={business.companyName}>
          {business.industry && <p className="text-sm">{business.industry}</p>}
        </BrandBanner>
        <Card>
          <CardContent className="flex flex-col gap-3 pt-5">
            <h1 className="text-2xl font-bold sm:text-3xl">{business.companyName}</h1>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-bark-700">
              <span className="inline-flex items-center gap-1"><MapPin className="h-4 w-4" aria-hidden="true" />{business.location || 'Location not specified'}</span>
              {business.website && (
                <a href={business.website} rel="noopener noreferrer nofollow" target="_blank" className="inline-flex items-center gap-1 font-medium text-forest-700 underline underline-offset-4">
                  <Globe className="h-4 w-4" aria-hidden="true" />Website
                </a>
              )}
            </div>
            {business.description && <p className="whitespace-pre-line break-words text-bark-800">{business.description}</p>}
          </CardContent>
        </Card>
        <Card>
          <CardHeader><CardTitle>Open job postings</CardTitle></CardHeader>
          <CardContent>
            {postings.isPending ? <Skeleton className="h-24 w-full" /> : postings.isError ? <p className="text-sm text-red-700">{describeError(postings.error)}</p> : postings.data.length === 0 ? (
              <p className="text-sm text-bark-700">No open postings right now.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {postings.data.filter((job) => job.isActive).map((job) => (
                  <li key={job.id}>
                    <Link to={`/jobs/${job.id}`} className="font-medium text-forest-700 underline underline-offset-4">{job.title}</Link>
                    <span className="text-sm text-bark-700"> · {job.location ?? 'Location not specified'}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
