/** What a file really is, judged from its first bytes rather than its name. */
export type SniffedType = { ext: string; mime: string };

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

export function sniffFileType(data: Buffer): SniffedType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', mime: 'image/gif' };
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', mime: 'image/webp' };
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: 'pdf', mime: 'application/pdf' };
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ext: 'doc', mime: 'application/msword' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.includes('word/')) {
    return { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  if (looksLikeText(data)) return { ext: 'txt', mime: 'text/plain' };
  return null;
}

function looksLikeText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, 8192);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < data.length ? trimPartialUtf8(sample) : sample);
    return true;
  } catch {
    return false;
  }
}

// A cut-off sample may end mid-character; drop up to three trailing continuation bytes.
function trimPartialUtf8(sample: Buffer): Buffer {
  let end = sample.length;
  for (let i = 0; i < 3 && end > 0 && (sample[end - 1] & 0xc0) === 0x80; i++) end--;
  if (end > 0 && sample[end - 1] >= 0xc0) end--;
  return sample.subarray(0, end);
}

export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
