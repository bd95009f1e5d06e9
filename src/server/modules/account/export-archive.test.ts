import { describe, expect, it } from 'vitest';
import { archiveEntryName } from './export-archive';

// Names inside the export archive (decision record 027): whatever a file was uploaded as, its entry stays in its folder.
describe('archive entry names', () => {
  it('keep only the last path segment and plain characters: nothing climbs out of its folder or hides', () => {
    expect(archiveEntryName('../../etc/passwd')).toBe('passwd');
    expect(archiveEntryName('C:\\Users\\me\\..\\brief.pdf')).toBe('brief.pdf');
    expect(archiveEntryName('..')).toBe('file');
    expect(archiveEntryName('.htaccess')).toBe('htaccess');
    expect(archiveEntryName('a\u0000b:c?.pdf')).toBe('a_b_c_.pdf');
    expect(archiveEntryName('résumé 2026.pdf')).toBe('résumé 2026.pdf');
    expect(archiveEntryName(`${'x'.repeat(300)}.pdf`)).toBe(`${'x'.repeat(96)}.pdf`);
  });
});
