/**
 * "Save as PDF…" in Electron: the app's own page, in its print layout, printed with
 * `webContents.printToPDF` to a file the user picks in the system save dialog. Only the main
 * window's page is printed (never an embedded map view), and the suggested name can only
 * name a file in the Downloads folder, whatever it holds.
 */
import { writeFile as fsWriteFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { ExportResult } from '../contract';
import { FleetError } from '../core/errors';

export const PDF_MIME = 'application/pdf';

export interface PdfPrinterDeps {
  window: () => BrowserWindow | null;
  downloadsDir: () => string;
  writeFile?: (path: string, data: Uint8Array) => Promise<void>;
}

/** The default path of the save dialog: the name's last part only, in the Downloads folder. */
export function defaultPdfPath(downloadsDir: string, fileName: string): string {
  const name = basename(fileName.replace(/\\/g, '/')).replace(/^\.+/, '');
  return join(downloadsDir, name && name.toLowerCase().endsWith('.pdf') ? name : 'utilization.pdf');
}

export function createPdfPrinter(deps: PdfPrinterDeps): (fileName: string) => Promise<ExportResult> {
  const write = deps.writeFile ?? ((path: string, data: Uint8Array) => fsWriteFile(path, data));
  return async (fileName) => {
    const win = deps.window();
    if (!win || win.isDestroyed()) throw new FleetError('internal', 'The Fleet Desk window is not open, so there is nothing to print.');
    const options: Electron.SaveDialogOptions = {
      defaultPath: defaultPdfPath(deps.downloadsDir(), fileName),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    };
    const chosen = await dialog.showSaveDialog(win, options);
    if (chosen.canceled || !chosen.filePath) return { fileName, mimeType: PDF_MIME, count: 0, cancelled: true };
    let data: Uint8Array;
    try {
      data = await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true, landscape: true });
    } catch (err) {
      throw new FleetError('internal', `Fleet Desk could not print the page: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    try {
      await write(chosen.filePath, data);
    } catch (err) {
      throw new FleetError('storage', `Fleet Desk could not write ${chosen.filePath}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return { fileName: chosen.filePath, mimeType: PDF_MIME, count: 0 };
  };
}
