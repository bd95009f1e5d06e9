import { AD_CARD_TAGS } from '@shared/contracts/ads';
import { Badge } from '@client/components/ui/badge';

/** At most three tags, then '+N more' (decision record 010 §9). */
export function AdTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, AD_CARD_TAGS);
  const hidden = tags.length - shown.length;
  return (
    <div className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <Badge key={tag} tone="outline">{tag}</Badge>
      ))}
      {hidden > 0 && <Badge tone="neutral" title={tags.slice(AD_CARD_TAGS).join(', ')}>+{hidden} more</Badge>}
    </div>
  );
}
