import yauzl from 'yauzl';

/** Reads a whole ZIP archive (a test's export download): each entry's name and bytes, in archive order. */
export async function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject).on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject).on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** An export archive's data.json, parsed. */
export async function exportData<T = Record<string, unknown>>(archive: Buffer): Promise<T> {
  const data = (await readZip(archive)).get('data.json');
  if (!data) throw new Error('The archive has no data.json');
  return JSON.parse(data.toString('utf8')) as T;
}
