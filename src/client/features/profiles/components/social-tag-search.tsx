import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Hash, MapPin, Search } from 'lucide-react';
import { normalizeTag, socialPlatformLabels } from '@shared/contracts/profiles';
import { tagSearchPlatforms } from '@shared/specialties';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toast';
import { describeError, isPlanLimit } from '@client/lib/api';
import { messageLink, socialTagSearchQuery, type TagSearch } from '../api';
import { ProfileAvatar } from './profile-avatar';

/** Business dashboard "Social" tab: find pro staff by social handle or hashtag. */
export function SocialTagSearch() {
  const [tag, setTag] = useState('');
  const [platform, setPlatform] = useState('all');
  const [search, setSearch] = useState<TagSearch | null>(null);
  const query = useQuery({ ...socialTagSearchQuery(search ?? { tag: '', platform: 'all' }), enabled: search !== null });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = tag.trim();
    if (!normalizeTag(trimmed)) {
      toast({ title: 'Tag Required', description: 'Please enter a tag to search for.', variant: 'destructive' });
      return;
    }
    setSearch({ tag: trimmed, platform });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Social Media Search</CardTitle>
        <CardDescription>Find pro staff by their handle (@name) or the hashtags they post with (#elkhunting).</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="social-tag">Tag or handle</Label>
            <Input id="social-tag" placeholder="@handle or #hashtag" value={tag} onChange={(event) => setTag(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5 sm:w-44">
            <Label htmlFor="social-platform">Platform</Label>
            <Select id="social-platform" value={platform} onChange={(event) => setPlatform(event.target.value)}>
              <option value="all">All platforms</option>
              {tagSearchPlatforms.map((key) => (
                <option key={key} value={key}>{socialPlatformLabels[key]}</option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={!tag.trim()}>
            <Search className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
        </form>

        {!search ? null : query.isPending ? (
          <Spinner label="Searching" />
        ) : query.isError ? (
          isPlanLimit(query.error) ? (
            <div className="rounded-md border border-blaze-500/40 bg-orange-50 p-4 text-sm">
              <p className="font-medium">Social media search is included from the Startup plan.</p>
              <Link to="/subscription" className="mt-1 inline-block font-medium text-forest-700 hover:underline">Upgrade Plan</Link>
            </div>
          ) : (
            <p role="alert" className="text-sm text-red-700">{describeError(query.error)}</p>
          )
        ) : query.data.length === 0 ? (
          <p className="text-sm text-bark-700">No pro staff found for “{search.tag}”.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Tag search results">
            <li className="text-sm text-bark-700">{query.data.length} pro staff found</li>
            {query.data.map((profile) => (
              <li key={profile.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-bark-200 p-3">
                <ProfileAvatar name={profile.firstName} lastName={profile.lastName} url={profile.profilePictureUrl} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{profile.firstName} {profile.lastName}</p>
                  <p className="inline-flex items-center gap-1 text-sm text-bark-700">
                    <MapPin className="h-3.5 w-3.5" aria-hidden="true" /> {profile.location || 'Location not specified'}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {Object.entries(profile.socialLinks).map(([key, link]) => (
                      <a key={key} href={link} target="_blank" rel="noopener noreferrer nofollow">
                        <Badge tone="outline">{socialPlatformLabels[key as keyof typeof socialPlatformLabels] ?? key}</Badge>
                      </a>
                    ))}
                    {profile.socialTags.slice(0, 5).map((hashtag) => (
                      <Badge key={hashtag} tone="green" className="gap-0.5"><Hash className="h-3 w-3" aria-hidden="true" />{hashtag.slice(1)}</Badge>
                    ))}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm"><Link to={`/profile/${profile.id}`}>View Profile</Link></Button>
                  <Button asChild size="sm"><Link to={messageLink(profile.userId)}>Message</Link></Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
