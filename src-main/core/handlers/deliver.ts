/**
 * How an export reaches the dispatcher: through the shell's save dialog when it has one
 * (the result names the file, or says the dialog was cancelled), else as content the
 * renderer downloads. File names carry the local time of the export.
 */
import { format } from 'date-fns';
import type { ExportResult } from '../../contract';
import { FleetError } from '../errors';
import type { CoreContext } from '../ports';

export type Deliver = (baseName: string, extension: string, content: string, mimeType: string, count: number) => Promise<ExportResult>;

export function createDeliver(ctx: Pick<CoreContext, 'platform'>, now: () => Date): Deliver {
  return async (baseName, extension, content, mimeType, count) => {
    const fileName = `${baseName}-${format(now(), 'yyyyMMdd-HHmm')}.${extension}`;
    const saveFile = ctx.platform.saveFile;
    if (!saveFile) return { fileName, content, mimeType, count };
    let path: string | null;
    try {
      path = await saveFile.call(ctx.platform, fileName, content, mimeType);
    } catch (err) {
      if (err instanceof FleetError) throw err;
      throw new FleetError('storage', `Could not save ${fileName}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return path === null ? { fileName, mimeType, count, cancelled: true } : { fileName: path, mimeType, count };
  };
}
