/** Types of scripts/build-server.mjs for the TypeScript that imports it (tests, benches). */
export function buildServer(outDir?: string): Promise<string>;
export function migratedDataFolder(bundle: string, outDir: string): string;
