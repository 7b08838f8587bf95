/**
 * How an export reaches the dispatcher: through the system save dialog when the shell has
 * one (Electron), otherwise returned to the renderer as a download (web shell). The file
 * name carries the time of the export, so exports do not overwrite each other.
 */
import { format } from 'date-fns';
import type { ExportResult } from '../../contract';
import { FleetError } from '../errors';
import type { PlatformHooks } from '../ports';

export interface ExportFile {
  baseName: string;
  extension: string;
  content: string;
  mimeType: string;
  /** How many records the file holds (shown to the dispatcher). */
  count: number;
}

export async function deliverFile(platform: PlatformHooks, at: Date, file: ExportFile): Promise<ExportResult> {
  const { content, mimeType, count } = file;
  const fileName = `${file.baseName}-${format(at, 'yyyyMMdd-HHmm')}.${file.extension}`;
  const saveFile = platform.saveFile;
  if (!saveFile) return { fileName, content, mimeType, count };
  let path: string | null;
  try {
    path = await saveFile.call(platform, fileName, content, mimeType);
  } catch (err) {
    if (err instanceof FleetError) throw err;
    throw new FleetError('storage', `Could not save ${fileName}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return path === null ? { fileName, mimeType, count, cancelled: true } : { fileName: path, mimeType, count };
}

export type Deliver = (baseName: string, extension: string, content: string, mimeType: string, count: number) => Promise<ExportResult>;

/** A deliver function for one handler group, stamping file names with `now()`. */
export function createDeliver(ctx: { platform: PlatformHooks }, now: () => Date): Deliver {
  return (baseName, extension, content, mimeType, count) => deliverFile(ctx.platform, now(), { baseName, extension, content, mimeType, count });
}
