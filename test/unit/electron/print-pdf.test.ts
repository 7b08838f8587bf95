import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({
  dialogAnswer: { canceled: false, filePath: '/home/d/Downloads/chosen.pdf' } as { canceled: boolean; filePath?: string },
  dialogCalls: [] as { win: unknown; options: { defaultPath?: string; filters?: { name: string; extensions: string[] }[] } }[],
}));

vi.mock('electron', () => ({
  dialog: {
    showSaveDialog: async (win: unknown, options: (typeof h.dialogCalls)[number]['options']) => {
      h.dialogCalls.push({ win, options });
      return h.dialogAnswer;
    },
  },
}));

const { createPdfPrinter, defaultPdfPath, PDF_MIME } = await import('../../../src-main/electron/print-pdf');
const { FleetError } = await import('../../../src-main/core/errors');

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
const DOWNLOADS = '/home/d/Downloads';

function fakeWindow(printToPDF = vi.fn(async () => PDF)) {
  return { isDestroyed: () => false, webContents: { printToPDF } };
}

describe('Save as PDF (Electron)', () => {
  beforeEach(() => {
    h.dialogAnswer = { canceled: false, filePath: '/home/d/Downloads/chosen.pdf' };
    h.dialogCalls.length = 0;
  });

  it('prints the main window’s page in its print layout and writes it where the user chose', async () => {
    const win = fakeWindow();
    const writeFile = vi.fn(async () => {});
    const print = createPdfPrinter({ window: () => win as never, downloadsDir: () => DOWNLOADS, writeFile });
    await expect(print('utilization 2026-11-27.pdf')).resolves.toEqual({ fileName: '/home/d/Downloads/chosen.pdf', mimeType: PDF_MIME, count: 0 });
    expect(h.dialogCalls[0].win).toBe(win);
    expect(h.dialogCalls[0].options.defaultPath).toBe(join(DOWNLOADS, 'utilization 2026-11-27.pdf'));
    expect(h.dialogCalls[0].options.filters).toEqual([{ name: 'PDF', extensions: ['pdf'] }]);
    expect(win.webContents.printToPDF).toHaveBeenCalledWith(expect.objectContaining({ printBackground: true }));
    expect(writeFile).toHaveBeenCalledWith('/home/d/Downloads/chosen.pdf', PDF);
  });

  it('prints nothing and writes nothing when the user cancels the save dialog', async () => {
    h.dialogAnswer = { canceled: true };
    const win = fakeWindow();
    const writeFile = vi.fn(async () => {});
    const print = createPdfPrinter({ window: () => win as never, downloadsDir: () => DOWNLOADS, writeFile });
    await expect(print('utilization.pdf')).resolves.toEqual({ fileName: 'utilization.pdf', mimeType: PDF_MIME, count: 0, cancelled: true });
    expect(win.webContents.printToPDF).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('suggests a file in the Downloads folder only, whatever the name holds', () => {
    expect(defaultPdfPath(DOWNLOADS, '../../etc/report.pdf')).toBe(join(DOWNLOADS, 'report.pdf'));
    expect(defaultPdfPath(DOWNLOADS, '..\\..\\Windows\\report.pdf')).toBe(join(DOWNLOADS, 'report.pdf'));
    expect(defaultPdfPath(DOWNLOADS, '/tmp/x.pdf')).toBe(join(DOWNLOADS, 'x.pdf'));
    expect(defaultPdfPath(DOWNLOADS, '..pdf')).toBe(join(DOWNLOADS, 'utilization.pdf'));
    expect(defaultPdfPath(DOWNLOADS, 'notes.txt')).toBe(join(DOWNLOADS, 'utilization.pdf'));
  });

  it('says plainly when there is no window to print, or the file cannot be written', async () => {
    const none = createPdfPrinter({ window: () => null, downloadsDir: () => DOWNLOADS });
    await expect(none('utilization.pdf')).rejects.toThrow('The Fleet Desk window is not open, so there is nothing to print.');
    const failing = createPdfPrinter({
      window: () => fakeWindow() as never,
      downloadsDir: () => DOWNLOADS,
      writeFile: async () => {
        throw new Error('EACCES: permission denied');
      },
    });
    const failure = failing('utilization.pdf');
    await expect(failure).rejects.toBeInstanceOf(FleetError);
    await expect(failure).rejects.toThrow('Fleet Desk could not write /home/d/Downloads/chosen.pdf: EACCES: permission denied');
  });
});
