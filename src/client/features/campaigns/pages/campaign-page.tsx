import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Download, ExternalLink, Trash2 } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { CAMPAIGN_ASSET_ACCEPT, CAMPAIGN_ASSET_MAX_BYTES, campaignAudienceLabels, type CampaignAsset, type CampaignDetail } from '@shared/contracts/campaigns';
import { formatFileSize } from '@shared/format';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Input, Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useAddFileAsset, useAddLinkAsset, useCampaign, useCloseCampaign, useDeleteCampaign, useRemoveAsset } from '../api';
import { campaignDates, CampaignStatusBadge } from '../components/campaign-bits';
import { CampaignDialog } from '../components/campaign-dialog';
import { CampaignTasks } from '../components/campaign-tasks';

const failed = (what: string, error: unknown) => toast({ title: 'Error', description: `${what} ${describeError(error, '')}`.trim(), variant: 'destructive' });

function AssetList({ campaign, owner }: { campaign: CampaignDetail; owner: boolean }) {
  const remove = useRemoveAsset();
  if (!campaign.assets.length) return <p className="text-sm text-bark-700">{owner ? 'No assets yet. Add files and links your pro staff can use.' : 'No assets in this campaign.'}</p>;
  return (
    <ul className="flex flex-col divide-y divide-bark-100" data-testid="campaign-assets">
      {campaign.assets.map((asset: CampaignAsset) => (
        <li key={asset.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{asset.name}</p>
            <p className="text-xs text-bark-700 break-all">
              {asset.kind === 'file' ? `${asset.fileName} · ${formatFileSize(asset.fileSize ?? 0)}` : asset.url}
            </p>
            {asset.usageNotes && <p className="mt-1 text-sm text-bark-800 whitespace-pre-line"><span className="font-medium">Usage notes:</span> {asset.usageNotes}</p>}
          </div>
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              {asset.kind === 'file' ? (
                <a href={asset.url} download={asset.fileName ?? true}><Download className="h-4 w-4" aria-hidden /> Download<span className="sr-only"> {asset.name}</span></a>
              ) : (
                <a href={asset.url} target="_blank" rel="noopener noreferrer"><ExternalLink className="h-4 w-4" aria-hidden /> Open link<span className="sr-only"> {asset.name}</span></a>
              )}
            </Button>
            {owner && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${asset.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: campaign.id, assetId: asset.id }, { onError: (error) => failed('Failed to remove the asset.', error) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function AddAsset({ campaignId }: { campaignId: number }) {
  const [kind, setKind] = useState<'file' | 'link'>('file');
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const addFile = useAddFileAsset();
  const addLink = useAddLinkAsset();
  const busy = addFile.isPending || addLink.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Enter a name for the asset.');
    try {
      if (kind === 'file') {
        const file = fileRef.current?.files?.[0];
        if (!file) return setError('Choose a file (PDF or image).');
        if (file.size > CAMPAIGN_ASSET_MAX_BYTES) return setError(`The file can be at most ${formatFileSize(CAMPAIGN_ASSET_MAX_BYTES)}.`);
        await addFile.mutateAsync({ id: campaignId, name, usageNotes: notes, file });
        if (fileRef.current) fileRef.current.value = '';
      } else {
        await addLink.mutateAsync({ id: campaignId, body: { name, url, usageNotes: notes } });
        setUrl('');
      }
      setName('');
      setNotes('');
      toast({ title: 'Success', description: 'Asset added.' });
    } catch (caught) {
      setError(caught instanceof ApiError ? describeError(caught) : 'Failed to add the asset.');
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-labelledby="add-asset-heading">
      <h3 id="add-asset-heading" className="font-semibold">Add an Asset</h3>
      <div className="flex gap-4 text-sm" role="radiogroup" aria-label="Kind of asset">
        <label className="flex items-center gap-2"><input type="radio" name="asset-kind" checked={kind === 'file'} onChange={() => setKind('file')} /> File</label>
        <label className="flex items-center gap-2"><input type="radio" name="asset-kind" checked={kind === 'link'} onChange={() => setKind('link')} /> Link</label>
      </div>
      <div>
        <Label htmlFor="asset-name">Name</Label>
        <Input id="asset-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </div>
      {kind === 'file' ? (
        <div>
          <Label htmlFor="asset-file">File to upload</Label>
          <Input id="asset-file" ref={fileRef} type="file" accept={CAMPAIGN_ASSET_ACCEPT} aria-describedby="asset-file-hint" />
          <p id="asset-file-hint" className="mt-1 text-xs text-bark-700">PDF, JPEG, PNG, GIF or WebP, at most {formatFileSize(CAMPAIGN_ASSET_MAX_BYTES)}.</p>
        </div>
      ) : (
        <div>
          <Label htmlFor="asset-url">Link (https://)</Label>
          <Input id="asset-url" type="url" value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
        </div>
      )}
      <div>
        <Label htmlFor="asset-notes">Usage notes</Label>
        <Textarea id="asset-notes" rows={2} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} placeholder="Where and how to use it" />
      </div>
      {error && <p role="alert" className="text-sm text-red-800">{error}</p>}
      <div><Button type="submit" disabled={busy}>{busy ? 'Adding...' : 'Add Asset'}</Button></div>
    </form>
  );
}

function OwnerActions({ campaign }: { campaign: CampaignDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'close' | 'delete' | null>(null);
  const close = useCloseCampaign();
  const remove = useDeleteCampaign();
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.status === 'scheduled' && (
        <>
          <Button variant="outline" onClick={() => setEditing(true)}>Edit Campaign</Button>
          <Button variant="outline" onClick={() => setConfirm('delete')}>Delete Campaign</Button>
        </>
      )}
      {campaign.status === 'open' && <Button variant="outline" onClick={() => setConfirm('close')}>Close Early</Button>}
      <CampaignDialog open={editing} onOpenChange={setEditing} base={campaign} />
      <ConfirmDialog
        open={confirm === 'close'}
        onOpenChange={(open) => setConfirm(open ? 'close' : null)}
        title="Close this campaign today?"
        description="Your pro staff can still read it and download its assets, but it is no longer listed as open."
        confirmLabel="Close Campaign"
        onConfirm={() => close.mutate(campaign.id, { onSuccess: () => setConfirm(null), onError: (error) => failed('Failed to close the campaign.', error) })}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title="Delete this campaign?"
        description="It has not opened yet, so nobody has seen it. Its files are deleted too."
        confirmLabel="Delete Campaign"
        destructive
        onConfirm={() => remove.mutate(campaign.id, { onSuccess: () => navigate('/campaigns'), onError: (error) => failed('Failed to delete the campaign.', error) })}
      />
    </div>
  );
}

function CampaignDetailView({ id, user }: { id: number; user: SessionUser }) {
  const query = useCampaign(id);
  if (query.isLoading) return <Page><Skeleton className="h-64" /></Page>;
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <Notice title={missing ? 'Campaign not found' : 'Could not load the campaign'} action={<Button asChild variant="outline"><Link to="/campaigns">Back to Campaigns</Link></Button>}>{missing ? undefined : describeError(query.error)}</Notice>;
  }
  const campaign = query.data;
  const owner = user.userType === 'business' && user.businessId === campaign.businessId;
  const audience = campaign.audience === 'selected' ? campaign.members.map((m) => m.name).join(', ') || campaignAudienceLabels.selected : 'Your whole roster (active agreements)';
  return (
    <Page
      title={campaign.title}
      description={<>{owner ? null : <>{campaign.businessName} · </>}{campaignDates(campaign)}</>}
      actions={<CampaignStatusBadge status={campaign.status} />}
    >
      <p className="mb-4 text-sm"><Link to="/campaigns" className="font-medium text-forest-700 hover:underline">← All campaigns</Link></p>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader><CardTitle>Brief</CardTitle></CardHeader>
            <CardContent><p className="whitespace-pre-line break-words" data-testid="campaign-brief">{campaign.brief}</p></CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Content Library</CardTitle></CardHeader>
            <CardContent><AssetList campaign={campaign} owner={owner} /></CardContent>
          </Card>
          <CampaignTasks campaign={campaign} owner={owner} />
        </div>
        {owner && (
          <div className="flex min-w-0 flex-col gap-6">
            <Card>
              <CardHeader><CardTitle>Campaign</CardTitle></CardHeader>
              <CardContent className="flex flex-col gap-3 text-sm">
                <p><span className="font-medium">Audience:</span> {audience}</p>
                <p className="text-bark-700">
                  {campaign.status === 'scheduled' && 'Scheduled: your pro staff see it and are notified on the day it opens. You can edit or delete it until then.'}
                  {campaign.status === 'open' && 'Open: your pro staff were notified and can download its assets.'}
                  {campaign.status === 'closed' && 'Closed: your pro staff can still read it and download its assets.'}
                </p>
                <OwnerActions campaign={campaign} />
              </CardContent>
            </Card>
            <Card><CardContent className="pt-6"><AddAsset campaignId={campaign.id} /></CardContent></Card>
          </div>
        )}
      </div>
    </Page>
  );
}

export default function CampaignPage() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <RequireLogin message="Please log in to see this campaign.">
      {(user) => (Number.isInteger(numeric) && numeric > 0 ? <CampaignDetailView key={numeric} id={numeric} user={user} /> : <Notice title="Campaign not found" />)}
    </RequireLogin>
  );
}
