import { Link } from 'react-router';
import { Briefcase, MapPin, MessageSquare, Star } from 'lucide-react';
import { credentialTypeLabels } from '@shared/contracts/credentials';
import type { ProStaffProfile } from '@shared/contracts/profiles';
import { initials } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardFooter } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { messageLink } from '../api';

const VISIBLE_SPECIALTIES = 3;

/** Directory card (decision record 010 §2): initials, rating (or New), bio, 3 specialties + '+n more', experience, location, actions. */
export function ProStaffCard({ profile, signedIn, featured = false }: { profile: ProStaffProfile; signedIn: boolean; featured?: boolean }) {
  const extra = profile.specialties.length - VISIBLE_SPECIALTIES;
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <Card className="render-when-visible-card flex min-w-0 flex-col" data-testid={featured ? 'featured-pro-staff-card' : 'pro-staff-card'}>
      <CardContent className="flex flex-1 flex-col gap-3 pt-5">
        <div className="flex items-start gap-3">
          {profile.profilePictureUrl ? (
            <img src={profile.profilePictureUrl} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
          ) : (
            <div aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-forest-100 font-bold text-forest-800">
              {initials(profile.firstName, profile.lastName)}
            </div>
          )}
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-lg font-semibold">{name}</h3>
            {profile.isVerified && (
              <p className="text-xs font-medium text-blue-800" data-testid="verified-badge">
                Verified{profile.verifiedCredentialTypes.length > 0 && ` · ${profile.verifiedCredentialTypes.map((type) => credentialTypeLabels[type]).join(', ')}`}
              </p>
            )}
            {featured && <Badge tone="orange" className="mt-1">Elite · Featured</Badge>}
          </div>
          <Badge tone={profile.rating > 0 ? 'yellow' : 'neutral'} className="gap-1">
            {profile.rating > 0 ? (
              <>
                <Star className="h-3 w-3" aria-hidden="true" />
                {profile.rating.toFixed(1)}
              </>
            ) : (
              'New'
            )}
          </Badge>
        </div>
        <p className="line-clamp-3 text-sm text-bark-700 [overflow-wrap:anywhere]">{profile.bio || 'No bio provided yet.'}</p>
        <ul className="flex flex-wrap gap-1.5">
          {profile.specialties.slice(0, VISIBLE_SPECIALTIES).map((specialty) => (
            <li key={specialty}><Badge tone="green">{specialty}</Badge></li>
          ))}
          {extra > 0 && <li><Badge tone="outline">+{extra} more</Badge></li>}
        </ul>
        <div className="mt-auto flex flex-col gap-1 text-sm text-bark-700">
          <span className="inline-flex items-center gap-1.5"><Briefcase className="h-4 w-4" aria-hidden="true" />{profile.experience} years experience</span>
          <span className="inline-flex min-w-0 items-center gap-1.5 [overflow-wrap:anywhere]"><MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />{profile.location || 'Location not specified'}</span>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={`/profile/${profile.id}`} aria-label={`View Profile of ${name}`}>View Profile</Link>
        </Button>
        <Button asChild size="sm" className="flex-1">
          <Link to={signedIn ? messageLink(profile.userId) : '/auth'} aria-label={`Message ${name}`}>
            <MessageSquare className="h-4 w-4" aria-hidden="true" /> Message
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export function ProStaffCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5" aria-hidden="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-12 w-12 rounded-full" />
        <Skeleton className="h-5 flex-1" />
      </div>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-8 w-full" />
    </Card>
  );
}
