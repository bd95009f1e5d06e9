import { Link, useParams } from 'react-router';
import { ArrowLeft, Award, BadgeCheck, Briefcase, Mail, MapPin, MessageSquare, Phone, Star, UserRound } from 'lucide-react';
import { socialPlatformLabels } from '@shared/contracts/profiles';
import type { SocialPlatformKey } from '@shared/specialties';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { usePublicCredentials, VerifiedCredentialList } from '@client/features/credentials';
import { messageLink, useProStaffProfile } from '../api';
import { ProfileAvatar } from '../components/profile-avatar';
import { PhoneCallDialog, SendEmailDialog } from '../components/contact-dialogs';

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.status === 404 ? 'Profile not found' : 'Failed to fetch profile';
  return 'Network error';
}

function BackLink() {
  return (
    <Link to="/search" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-forest-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Search
    </Link>
  );
}

function LoadingProfile() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading profile" className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <Skeleton className="h-24 w-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-7 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between border-b border-bark-100 py-2 text-sm last:border-0">
      <span className="text-bark-700">{label}</span>
      <span className="font-semibold">{value}</span>
    </div>
  );
}

export default function PublicProfilePage() {
  const params = useParams();
  const id = Number(params.id);
  const { user } = useSession();
  const query = useProStaffProfile(id);
  // Next to the badge: which credentials earned it (type and state only, decision record 029).
  const credentials = usePublicCredentials(id, Boolean(query.data?.isVerified));

  if (!Number.isInteger(id) || id <= 0 || query.isError) {
    return (
      <Page>
        <BackLink />
        <Notice title="Profile Not Found" action={<Button asChild variant="outline"><Link to="/search">Browse Pro Staff</Link></Button>}>
          {query.isError ? failureText(query.error) : 'Profile not found'}
        </Notice>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page>
        <BackLink />
        <LoadingProfile />
      </Page>
    );
  }

  const profile = query.data;
  const name = `${profile.firstName} ${profile.lastName}`;
  const rated = profile.rating > 0;
  const isOwn = user?.id === profile.userId;
  const contactHref = user ? messageLink(profile.userId) : '/auth';
  const links = Object.entries(profile.socialLinks).filter(([, url]) => url) as [SocialPlatformKey, string][];

  return (
    <Page>
      <BackLink />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center">
              <ProfileAvatar name={profile.firstName} lastName={profile.lastName} url={profile.profilePictureUrl} size="lg" />
              <div className="flex-1">
                <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold sm:text-3xl">
                  {name}
                  {profile.isVerified && (
                    <Badge tone="blue" className="gap-1">
                      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" /> Verified
                    </Badge>
                  )}
                </h1>
                {profile.isVerified && <div className="mt-2"><VerifiedCredentialList credentials={credentials.data ?? []} /></div>}
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-bark-700">
                  <span className="inline-flex items-center gap-1" data-testid="profile-rating">
                    <Star className="h-4 w-4 text-blaze-500" aria-hidden="true" />
                    {rated ? `${profile.rating.toFixed(1)}/5` : 'New Member'}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="h-4 w-4" aria-hidden="true" />
                    {profile.location || 'Location not specified'}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Briefcase className="h-4 w-4" aria-hidden="true" />
                    {profile.experience} years experience
                  </span>
                </div>
              </div>
              {isOwn && (
                <Button asChild variant="outline">
                  <Link to="/profile">Edit Profile</Link>
                </Button>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-bark-900">{profile.bio || 'No bio provided yet.'}</p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Specialties</CardTitle>
            </CardHeader>
            <CardContent>
              {profile.specialties.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {profile.specialties.map((specialty) => (
                    <li key={specialty}><Badge tone="green">{specialty}</Badge></li>
                  ))}
                </ul>
              ) : (
                <p className="text-bark-700">No specialties listed yet.</p>
              )}
            </CardContent>
          </Card>

          {(links.length > 0 || profile.socialTags.length > 0) && (
            <Card>
              <CardHeader>
                <CardTitle>Social Media</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                {links.length > 0 && (
                  <ul className="flex flex-wrap gap-2">
                    {links.map(([key, url]) => (
                      <li key={key}>
                        <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex rounded-md border border-bark-200 px-3 py-1.5 text-sm font-medium text-forest-800 hover:bg-forest-50">
                          {socialPlatformLabels[key] ?? key}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {profile.socialTags.length > 0 && <p className="text-sm text-bark-700">{profile.socialTags.join(' ')}</p>}
              </CardContent>
            </Card>
          )}
        </div>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Contact {profile.firstName}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Button asChild>
                <Link to={contactHref}><MessageSquare className="h-4 w-4" aria-hidden="true" /> Send Message</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={contactHref}><UserRound className="h-4 w-4" aria-hidden="true" /> Contact</Link>
              </Button>
              {user ? (
                <>
                  <SendEmailDialog toUserId={profile.userId} name={`${profile.firstName} ${profile.lastName}`} />
                  <PhoneCallDialog toUserId={profile.userId} name={profile.firstName} />
                </>
              ) : (
                <>
                  <Button asChild variant="outline">
                    <Link to={contactHref}><Mail className="h-4 w-4" aria-hidden="true" /> Send Email</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={contactHref}><Phone className="h-4 w-4" aria-hidden="true" /> Request Phone Call</Link>
                  </Button>
                </>
              )}
              <p className="text-xs text-bark-700">Email addresses and phone numbers stay private; requests go through HuntStaff messages.</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Quick Stats</CardTitle>
            </CardHeader>
            <CardContent>
              <Stat label="Rating" value={rated ? `${profile.rating.toFixed(1)}/5` : 'New Member'} />
              <Stat label="Experience" value={`${profile.experience} years`} />
              <Stat label="Specialties" value={String(profile.specialties.length)} />
              <Stat label="Verified" value={profile.isVerified ? 'Yes' : 'Not yet'} />
              <Stat label="Member since" value={new Date(profile.createdAt).toLocaleDateString('en-US', { month: 'short', year: 'numeric' })} />
            </CardContent>
          </Card>
          {profile.isVerified && (
            <p className="inline-flex items-center gap-2 text-sm text-bark-700">
              <Award className="h-4 w-4 text-forest-700" aria-hidden="true" /> Identity and experience verified by HuntStaff.
            </p>
          )}
        </div>
      </div>
    </Page>
  );
}
